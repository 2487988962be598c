/// Decides whether a web view host starts its web content again after it died (Chromium's browser, WebKit's
/// web process): always, unless restarts are off or it
/// died more than ``limit`` times within ``window``, when it gives up for good.
///
/// The machine is pure: it holds no tasks and reads no clock. The caller passes the current instant as the
/// duration elapsed since any fixed origin (the web view reads its injected clock) and carries out the
/// returned action.
///
/// For example, with the defaults:
///
/// ```swift
/// var policy = RestartPolicyStateMachine(restartsAfterTermination: true)
/// policy.terminated(at: .seconds(1))    // .restart
/// // ... four more within the minute: .restart each time
/// policy.terminated(at: .seconds(30))   // .giveUp(terminations: 6)
/// ```
package struct RestartPolicyStateMachine: Sendable, Equatable {
    /// What the web view does after the browser died.
    package enum TerminationAction: Equatable, Sendable {
        /// Start the browser again.
        case restart
        /// Stop for good: the browser died `terminations` times within the window.
        case giveUp(terminations: Int)
        /// Stay down without complaint: restarts are off, or the machine gave up before.
        case stayDown
    }

    /// Whether the machine restarts, and the terminations it remembers.
    private enum State: Equatable, Sendable {
        /// Restarts are off.
        case disabled
        /// Restarting; `recent` are the terminations within the window before the last one, oldest first.
        case restarting(recent: [Duration])
        /// Gave up.
        case gaveUp
    }

    /// How many terminations within ``window`` are still restarted.
    package let limit: Int
    /// How far back terminations count.
    package let window: Duration
    /// Where the machine is.
    private var state: State

    /// A machine that restarts (when `restartsAfterTermination`) up to `limit` terminations within `window`.
    package init(restartsAfterTermination: Bool, limit: Int = 5, window: Duration = .seconds(60)) {
        self.limit = limit
        self.window = window
        self.state = restartsAfterTermination ? .restarting(recent: []) : .disabled
    }

    /// Whether the machine gave up restarting.
    package var hasGivenUp: Bool { state == .gaveUp }

    // MARK: - Events

    /// The browser died at `now`.
    package mutating func terminated(at now: Duration) -> TerminationAction {
        guard case .restarting(let recent) = state else { return .stayDown }
        let terminations = recent.filter { now - $0 < window } + [now]
        guard terminations.count <= limit else {
            state = .gaveUp
            return .giveUp(terminations: terminations.count)
        }
        state = .restarting(recent: terminations)
        return .restart
    }
}
