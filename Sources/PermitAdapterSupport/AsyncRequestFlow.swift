package import Permit

/// The one flow of the adapters whose framework reads its status at once and asks with one async request: the
/// EventKit ones (`PermitCalendar`, `PermitReminders`, `PermitCalendarWriteOnly`) and the PhotoKit ones
/// (`PermitPhotos`, `PermitPhotosAddOnly`). Each passes its own framework calls as closures, so that each binary
/// still references only its own privacy API (App Store Connect checks the references, ITMS-90683), and the flow
/// is tested on Linux.
///
/// Another kind, an adapter that is not `enabled`, or a missing purpose string (`PurposeKeyCheck`) reads
/// `unavailable` and is never asked. Otherwise ``status(of:)`` reads `status`, and ``request(_:)`` asks (`ask`,
/// which returns the status after the answer) only while that status can show a prompt
/// (`PermissionStatus.canPrompt`: not determined, or write-only calendar access, which asking again upgrades);
/// any other status stands.
///
/// For example, in `PermitReminders`:
///
/// ```swift
/// let flow = AsyncRequestFlow(
///     kind: .reminders, purposeKeys: purposeKeys, status: { Self.status() },
///     ask: { _ = try await EKEventStore().requestFullAccessToReminders(); return Self.status() })
/// ```
package struct AsyncRequestFlow: Sendable {
    /// The kind it answers for.
    package let kind: PermissionKind
    private let purposeKeys: PurposeKeyCheck
    private let enabled: Bool
    private let readStatus: @Sendable () -> PermissionStatus
    private let ask: @Sendable () async throws -> PermissionStatus

    /// A flow for `kind` over the adapter's calls: `status` reads the framework's status, mapped, without
    /// prompting; `ask` shows the prompt and returns the status after the answer; `enabled` false makes the kind
    /// `unavailable` whatever the framework says.
    package init(
        kind: PermissionKind, purposeKeys: PurposeKeyCheck, enabled: Bool = true,
        status: @escaping @Sendable () -> PermissionStatus,
        ask: @escaping @Sendable () async throws -> PermissionStatus
    ) {
        self.kind = kind
        self.purposeKeys = purposeKeys
        self.enabled = enabled
        self.readStatus = status
        self.ask = ask
    }

    /// The status, read without prompting.
    package func status(of kind: PermissionKind) -> PermissionStatus {
        guard kind == self.kind, enabled, !purposeKeys.isMissing else { return .unavailable }
        return readStatus()
    }

    /// Asks while the status can show a prompt, and returns the status afterwards.
    ///
    /// - Throws: The error `ask` throws (the framework's).
    package func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        let current = status(of: kind)
        guard current.canPrompt else { return current }
        return try await ask()
    }
}
