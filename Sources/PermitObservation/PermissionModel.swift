public import Observation
public import Permit

/// The permission center's states for SwiftUI and any other Observation client: an `@Observable` model that
/// views read and that follows every change the center persists.
///
/// `PermissionCenter` is an actor, so a view cannot read it synchronously. The model holds the center's
/// states on the main actor, starts the center and keeps the states current while ``run()`` runs (from a
/// view's `.task`, so that it ends with the view). Observation needs iOS 17 or macOS 14; on iOS 16 read
/// `PermissionCenter/changes()` yourself. The model needs only Observation, not SwiftUI: it builds, and is
/// tested, wherever Observation does, Linux included. `PermitSwiftUI` re-exports this module.
///
/// For example:
///
/// ```swift
/// struct CameraRow: View {
///     let permissions: PermissionModel
///
///     var body: some View {
///         Text(permissions.status(of: .camera)?.description ?? "…")
///             .task { await permissions.run() }
///     }
/// }
/// ```
@available(iOS 17, macOS 14, *)
@MainActor
@Observable
public final class PermissionModel {
    /// The center the model follows.
    @ObservationIgnored public let center: PermissionCenter
    /// Every tracked permission's state, in the center's order; empty until ``run()`` has read them.
    public private(set) var states: [PermissionState] = []
    /// Whether the center has been started and its states read.
    public private(set) var isReady = false

    /// Creates a model over `center`; nothing is read until ``run()``.
    public init(center: PermissionCenter) {
        self.center = center
    }

    /// The state of `kind`, or `nil` before the first read or for a kind the center does not track.
    public func state(of kind: PermissionKind) -> PermissionState? {
        states.first { $0.kind == kind }
    }

    /// The status of `kind`, or `nil` before the first read or for a kind the center does not track.
    public func status(of kind: PermissionKind) -> PermissionStatus? {
        state(of: kind)?.status
    }

    /// Starts the center (comparing the OS with the last launch), reads its states, then follows every
    /// change until the calling task is cancelled. Call it from a view's `.task`; calling it again (a view
    /// that appears again) starts nothing twice, as `PermissionCenter/start()` runs once.
    public func run() async {
        let changes = center.changes()
        await center.start()
        await refresh()
        isReady = true
        for await _ in changes {
            await refresh()
        }
    }

    /// Asks for `kind` through the center (one system prompt at most, however many callers ask) and returns
    /// the resulting state; the model's ``states`` follow.
    @discardableResult
    public func request(_ kind: PermissionKind) async throws -> PermissionState {
        let state = try await center.request(kind)
        await refresh()
        return state
    }

    /// Reads every state from the center again.
    public func refresh() async {
        states = await center.states()
    }
}
