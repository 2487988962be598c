package import Permit

/// Whether an adapter's request goes to the system, and what a device without a reader means: the small rules
/// the Apple adapters share, in portable code so that a test reaches them.
///
/// - A request asks the system only while the framework's status, mapped to Permit's, is `notDetermined`. In
///   any other state the answer stands until the person changes it in Settings, and asking again would do work
///   of its own for nothing: Core Bluetooth's and HomeKit's managers, Core Motion's activity query, App
///   Tracking Transparency's request (which answers at once but must not be relied on to).
/// - NFC tag reading has no prompt (Apple, "NFCReaderSession.readingAvailable"): a device that reads tags reads
///   `granted`, any other `unavailable`.
package enum SystemRequestGate {
    /// Whether to ask the system, for the framework's status as Permit maps it.
    package static func asksSystem(current status: PermissionStatus) -> Bool {
        status == .notDetermined
    }

    /// ``PermissionKind/nfcReading``'s status for `NFCReaderSession.readingAvailable`.
    package static func nfcStatus(readingAvailable: Bool) -> PermissionStatus {
        readingAvailable ? .granted : .unavailable
    }
}
