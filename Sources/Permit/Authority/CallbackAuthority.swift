/// An authority for one kind whose framework reads its status at once and asks with a completion handler, as
/// Speech, Media Player and SiriKit do: the adapter supplies the two calls, already mapped to Permit's statuses,
/// and the flow is shared, and tested on every platform.
///
/// ``status(of:)`` reads the status; ``request(_:)`` asks only while the status is `notDetermined` (iOS shows its
/// prompt once) and returns the answer, otherwise the status as it is. Any other kind is `unavailable`.
///
/// For example, an adapter over a framework with such an API:
///
/// ```swift
/// let speech = CallbackAuthority(
///     kind: .speechRecognition,
///     status: { .notDetermined },                  // the framework's status, mapped
///     ask: { answer in answer(.granted) })         // the framework's request, its answer mapped
/// ```
public struct CallbackAuthority: PermissionAuthority {
    /// The kind it answers for.
    public let kind: PermissionKind
    private let readStatus: @Sendable () -> PermissionStatus
    private let ask: @Sendable (@escaping @Sendable (PermissionStatus) -> Void) -> Void

    /// Creates the authority for `kind`: `status` reads the status without prompting; `ask` shows the prompt and
    /// calls its argument once with the answer.
    public init(
        kind: PermissionKind, status: @escaping @Sendable () -> PermissionStatus,
        ask: @escaping @Sendable (@escaping @Sendable (PermissionStatus) -> Void) -> Void
    ) {
        self.kind = kind
        self.readStatus = status
        self.ask = ask
    }

    /// The status, read without prompting; `unavailable` for another kind.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        kind == self.kind ? readStatus() : .unavailable
    }

    /// Shows the prompt when the status is `notDetermined` and returns the answer; otherwise the status.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == self.kind else { return .unavailable }
        let current = readStatus()
        guard current == .notDetermined else { return current }
        return await withCheckedContinuation { continuation in
            ask { continuation.resume(returning: $0) }
        }
    }
}
