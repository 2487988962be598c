import Permit
import PermitWeb

/// Where a Linux web view host is in its life, and what it does when its engine dies: the phase and restart
/// handling that `ChromiumWebView` and `WebKitGTKWebView` share.
///
/// A host is running until its engine dies; then, as its ``RestartPolicyStateMachine`` decides, it restarts
/// (commands wait for the restart, ``restartFinished()``) or closes for good. ``close()`` stops a restart under
/// way. The host keeps one in its actor state and does the engine's own part (logging, ending its load waits,
/// starting the engine again) around it.
///
/// For example, in a host's actor:
///
/// ```swift
/// func ready() async throws {            // before every command
///     try await life.restartFinished()
///     guard life.isRunning else { throw WebViewError.closed }
/// }
/// func engineDied() {                    // the engine's termination callback
///     if case .gaveUp(let terminations)? = life.terminated(restart: { try await self.restart() }) {
///         logger.error("keeps dying", metadata: ["terminations": "\(terminations)"])
///     }
/// }
/// func close() async {
///     _ = try? await life.close()?.value
/// }
/// ```
package struct EngineLife: Sendable {
    /// Where the host is in its life.
    package enum Phase: Sendable {
        /// The engine is up, or starting for the first time.
        case running
        /// Starting the engine again after it died; commands wait for the task.
        case restarting(Task<Void, any Error>)
        /// Closed, or given up after the engine kept dying.
        case closed
    }

    /// What a termination led to.
    package enum Termination: Equatable, Sendable {
        /// A restart began.
        case restarting
        /// The engine died `terminations` times within the policy's window: the host closed for good.
        case gaveUp(terminations: Int)
        /// Restarts are off: the host closed.
        case stayingDown
    }

    /// Where the host is.
    package private(set) var phase = Phase.running
    /// Whether an engine that died is started again.
    private var restartPolicy: RestartPolicyStateMachine
    /// The injected clock's reading, as the time elapsed since the host launched; only the policy reads it.
    private let elapsed: @Sendable () -> Duration

    /// A running life whose restart policy (restarting unless `restartsAfterTermination` is off) reads `clock`.
    package init(restartsAfterTermination: Bool, clock: some Clock<Duration>) {
        restartPolicy = RestartPolicyStateMachine(restartsAfterTermination: restartsAfterTermination)
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
    }

    /// Whether the engine is up (not restarting, not closed).
    package var isRunning: Bool {
        if case .running = phase { true } else { false }
    }

    /// Whether a restart is under way (and was not cancelled by a close).
    package var isRestarting: Bool {
        if case .restarting = phase { true } else { false }
    }

    /// Whether the host is closed, or gave up.
    package var isClosed: Bool {
        if case .closed = phase { true } else { false }
    }

    /// The engine of a running host died: as the restart policy decides, starts `restart` (commands wait for
    /// it) or closes. `nil`, and nothing changes, when the host was not running (a close, or a restart, under
    /// way).
    ///
    /// The Linux hosts have no background state and no restart delay by default, so a restart begins at once.
    package mutating func terminated(restart: @escaping @Sendable () async throws -> Void) -> Termination? {
        guard isRunning else { return nil }
        switch restartPolicy.terminated(at: elapsed()) {
        case .restart, .waitForForeground:
            // Task: single-flight handle of the restart, which commands arriving meanwhile await and a close cancels.
            phase = .restarting(Task { try await restart() })
            return .restarting
        case .giveUp(let terminations):
            phase = .closed
            return .gaveUp(terminations: terminations)
        case .stayDown:
            phase = .closed
            return .stayingDown
        }
    }

    /// The restart under way finished: the host runs again. Nothing changes when it was closed meanwhile.
    package mutating func restarted() {
        if isRestarting { phase = .running }
    }

    /// The restart under way failed: the host closes. Nothing changes when it was closed meanwhile.
    package mutating func restartFailed() {
        if isRestarting { phase = .closed }
    }

    /// Waits for the restart under way, if any; throws what it threw. The caller checks ``isRunning`` after:
    /// a close may have come meanwhile.
    package func restartFinished() async throws {
        if case .restarting(let task) = phase { try await task.value }
    }

    /// Closes the host and returns the restart under way, if any, cancelled, for the caller to wait for.
    package mutating func close() -> Task<Void, any Error>? {
        defer { phase = .closed }
        guard case .restarting(let task) = phase else { return nil }
        task.cancel()
        return task
    }
}
