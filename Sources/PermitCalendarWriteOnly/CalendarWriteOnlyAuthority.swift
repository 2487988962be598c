#if canImport(EventKit)
import EventKit
public import Permit

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
/// Any other kind is `unavailable`. Before iOS 17 the request is EventKit's single `requestAccess(to:)`. Its
/// Info.plist key is `NSCalendarsWriteOnlyAccessUsageDescription`, and below iOS 17 also the legacy key PermitLint names.
///
/// For example:
///
/// ```swift
/// let authority = CalendarWriteOnlyAuthority()
/// let status = try await authority.request(.calendarWriteOnly)
/// ```
public struct CalendarWriteOnlyAuthority: PermissionAuthority {
    /// Creates the authority.
    public init() {}

    /// The authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .calendarWriteOnly else { return .unavailable }
        return Self.status(EKEventStore.authorizationStatus(for: .event))
    }

    /// Shows the system prompt when iOS would show one, and returns the status after the answer.
    ///
    /// - Throws: The error EventKit reports.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .calendarWriteOnly else { return .unavailable }
        guard await status(of: kind).canPrompt else { return await status(of: kind) }
        let store = EKEventStore()
        if #available(iOS 17.0, macOS 14.0, *) {
            _ = try await store.requestWriteOnlyAccessToEvents()
        } else {
            _ = try await store.requestAccess(to: .event)
        }
        return await status(of: kind)
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
}
#endif
