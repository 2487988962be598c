/// Whether the write-only calendar adapter (`PermitCalendarWriteOnly`) may use EventKit on this system.
///
/// Write-only access exists from iOS 17 (`requestWriteOnlyAccessToEvents()`). Before it, EventKit's only request
/// is `requestAccess(to: .event)`, which asks for, and grants, full access to every event under the legacy key
/// `NSCalendarsUsageDescription` (Apple, "Accessing the event store": "apps that target earlier versions ...
/// request full access"). An app that asked for write-only access did not mean that, so before iOS 17 the kind
/// reads `unavailable` and is never asked, unless the app opts in to full access there
/// (`allowsFullAccessBeforeIOS17`).
///
/// For example:
///
/// ```swift
/// WriteOnlyCalendarDecision.usesEventKit(beforeIOS17: true, allowsFullAccessBeforeIOS17: false)   // false
/// ```
package enum WriteOnlyCalendarDecision {
    /// Whether the adapter reads and asks EventKit at all.
    package static func usesEventKit(beforeIOS17: Bool, allowsFullAccessBeforeIOS17: Bool) -> Bool {
        !beforeIOS17 || allowsFullAccessBeforeIOS17
    }
}
