#if canImport(EventKit)
import EventKit
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/calendarWriteOnly``, over EventKit.
///
/// Adding calendar events without reading them (iOS 17). A module apart from `PermitCalendar`, so that an app
/// that only adds events does not link the full-access request.
///
/// It translates `EKEventStore.authorizationStatus(for: .event)` and decides nothing:
///
/// | EventKit | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `writeOnly` or `fullAccess` | `granted` |
///
/// Any other kind is `unavailable`. Its Info.plist key is `NSCalendarsWriteOnlyAccessUsageDescription`; without it
/// the kind reads `unavailable`, is logged once, and is never asked.
///
/// Before iOS 17 there is no write-only access: EventKit's single `requestAccess(to: .event)` grants full access
/// to every event, under the legacy key `NSCalendarsUsageDescription`. So there the kind reads `unavailable` and
/// EventKit is never touched, unless the app opts in with `allowsFullAccessBeforeIOS17: true`, accepting that
/// iOS 16 asks for, and grants, full access (`WriteOnlyCalendarDecision`, tested on Linux).
///
/// For example:
///
/// ```swift
/// let authority = CalendarWriteOnlyAuthority()
/// let status = try await authority.request(.calendarWriteOnly)
/// ```
public struct CalendarWriteOnlyAuthority: PermissionAuthority {
    /// The flow the EventKit and PhotoKit adapters share (`AsyncRequestFlow`, tested on Linux), over this
    /// module's calls for write-only events. It is enabled when EventKit is used at all: from iOS 17, or before
    /// it when the app opted in to full access. The purpose strings iOS needs are checked before the framework is
    /// touched: without one the kind reads `unavailable` and is never asked (asking would terminate the app).
    private let flow: AsyncRequestFlow

    /// Creates the authority; `logger` hears, once, that Info.plist lacks the kind's purpose string.
    ///
    /// - Parameters:
    ///   - allowsFullAccessBeforeIOS17: Whether, before iOS 17, the adapter asks for full calendar access (the
    ///     only access EventKit has there) under `NSCalendarsUsageDescription`. Default: `false`, and the kind
    ///     reads `unavailable` there.
    ///   - logger: Hears that a purpose string is missing.
    public init(allowsFullAccessBeforeIOS17: Bool = false, logger: Logger = Logger(label: "Permit.CalendarWriteOnly")) {
        flow = AsyncRequestFlow(
            kind: .calendarWriteOnly,
            purposeKeys: PurposeKeyCheck(kind: .calendarWriteOnly, beforeIOS17: Self.beforeIOS17, logger: logger),
            enabled: WriteOnlyCalendarDecision.usesEventKit(
                beforeIOS17: Self.beforeIOS17, allowsFullAccessBeforeIOS17: allowsFullAccessBeforeIOS17),
            status: { Self.status(EKEventStore.authorizationStatus(for: .event)) },
            ask: {
                let store = EKEventStore()
                if #available(iOS 17.0, macOS 14.0, *) {
                    _ = try await store.requestWriteOnlyAccessToEvents()
                } else {
                    _ = try await store.requestAccess(to: .event)
                }
                return Self.status(EKEventStore.authorizationStatus(for: .event))
            })
    }

    /// The authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        flow.status(of: kind)
    }

    /// Shows the system prompt when iOS would show one, and returns the status after the answer.
    ///
    /// - Throws: The error EventKit reports.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        try await flow.request(kind)
    }

    static func status(_ authorization: EKAuthorizationStatus) -> PermissionStatus {
        switch authorization {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .fullAccess, .writeOnly: .granted
        @unknown default: .unavailable
        }
    }

    /// Whether the system is older than iOS 17 (macOS 14), where EventKit reads its legacy purpose key.
    private static var beforeIOS17: Bool {
        if #available(iOS 17.0, macOS 14.0, *) { return false }
        return true
    }
}
#endif
