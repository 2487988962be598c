#if canImport(EventKit)
import EventKit
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/calendar``, over EventKit.
///
/// Full access to calendar events, reading and writing.
///
/// It translates `EKEventStore.authorizationStatus(for: .event)` and decides nothing:
///
/// | EventKit | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `fullAccess` | `granted` |
/// | `writeOnly` | `writeOnly`: events can be added, not read; asking again shows the upgrade prompt |
///
/// Any other kind is `unavailable`. Before iOS 17 the request is EventKit's single `requestAccess(to:)`. Its
/// Info.plist key is `NSCalendarsFullAccessUsageDescription`, and below iOS 17 also the legacy key PermitLint names.
///
/// For example:
///
/// ```swift
/// let authority = CalendarAuthority()
/// let status = try await authority.request(.calendar)
/// ```
public struct CalendarAuthority: PermissionAuthority {
    /// The flow the EventKit and PhotoKit adapters share (`AsyncRequestFlow`, tested on Linux), over this
    /// module's calls for events only. The purpose strings iOS needs are checked before the framework is
    /// touched: without one the kind reads `unavailable` and is never asked (asking would terminate the app).
    private let flow: AsyncRequestFlow

    /// Creates the authority; `logger` hears, once, that Info.plist lacks the kind's purpose string.
    public init(logger: Logger = Logger(label: "Permit.Calendar")) {
        flow = AsyncRequestFlow(
            kind: .calendar,
            purposeKeys: PurposeKeyCheck(kind: .calendar, beforeIOS17: Self.beforeIOS17, logger: logger),
            status: { Self.status(EKEventStore.authorizationStatus(for: .event)) },
            ask: {
                let store = EKEventStore()
                if #available(iOS 17.0, macOS 14.0, *) {
                    _ = try await store.requestFullAccessToEvents()
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
        case .fullAccess: .granted
        case .writeOnly: .writeOnly
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
