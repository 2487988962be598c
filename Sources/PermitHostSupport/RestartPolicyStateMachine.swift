import Permit
import PermitWeb

/// Decides whether a web view starts its web content again after it died: the Chromium host after Chromium
/// exits, the `WKWebView` host after `webViewWebContentProcessDidTerminate(_:)`.
///
/// It restarts unless restarts are off or the content died more than ``limit`` times within ``window``, when
/// it gives up for good: a page that runs out of memory on every load would otherwise loop. Each restart within
/// the window waits longer than the one before (``initialDelay``, doubled each time, at most ``maximumDelay``).
/// A termination while the app is in the background is answered when it comes back to the foreground: iOS
/// terminates web content of suspended apps to reclaim memory ("webViewWebContentProcessDidTerminate", Apple),
/// and a reload in the background would be terminated again.
///
/// The machine is pure: it holds no tasks and reads no clock. The caller passes the current instant as the
/// duration elapsed since any fixed origin and carries out the returned action.
///
/// For example, with the defaults:
///
/// ```swift
/// var policy = RestartPolicyStateMachine(restartsAfterTermination: true)
/// policy.terminated(at: .seconds(1))    // .restart(after: .zero)
/// // ... four more within the minute: .restart each time
/// policy.terminated(at: .seconds(30))   // .giveUp(terminations: 6)
/// ```
package struct RestartPolicyStateMachine: Sendable, Equatable {
    /// What the web view does after its content died.
    package enum TerminationAction: Equatable, Sendable {
        /// Start the content again once `after` has passed.
        case restart(after: Duration)
        /// Do nothing until ``RestartPolicyStateMachine/enteredForeground(at:)``: the app is in the background.
        case waitForForeground
        /// Stop for good: the content died `terminations` times within the window.
        case giveUp(terminations: Int)
        /// Stay down without complaint: restarts are off, or the machine gave up before.
        case stayDown
    }

    /// Whether the machine restarts, and the terminations it remembers.
    private enum State: Equatable, Sendable {
        /// Restarts are off.
        case disabled
        /// Restarting; `recent` are the terminations within the window, oldest first; `pending` when one
        /// waits for the foreground.
        case restarting(recent: [Duration], pending: Bool)
        /// Gave up.
        case gaveUp
    }

    /// How many terminations within ``window`` are still restarted.
    package let limit: Int
    /// How far back terminations count.
    package let window: Duration
    /// The wait before the first restart within the window.
    package let initialDelay: Duration
    /// The longest wait before a restart.
    package let maximumDelay: Duration
    /// Where the machine is.
    private var state: State
    /// Whether the app is in the foreground.
    package private(set) var isInForeground: Bool

    /// A machine that restarts (when `restartsAfterTermination`) up to `limit` terminations within `window`.
    ///
    /// - Parameters:
    ///   - restartsAfterTermination: Whether to restart at all.
    ///   - limit: Terminations within `window` that are restarted; one more gives up.
    ///   - window: How far back terminations count.
    ///   - initialDelay: The wait before the first restart within the window; doubled for each later one.
    ///     Default: none.
    ///   - maximumDelay: The longest wait.
    ///   - isInForeground: Whether the app starts in the foreground (a process without a background state,
    ///     such as the Linux host, always is).
    package init(
        restartsAfterTermination: Bool, limit: Int = 5, window: Duration = .seconds(60),
        initialDelay: Duration = .zero, maximumDelay: Duration = .seconds(30), isInForeground: Bool = true
    ) {
        self.limit = limit
        self.window = window
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.isInForeground = isInForeground
        self.state = restartsAfterTermination ? .restarting(recent: [], pending: false) : .disabled
    }

    /// Whether the machine gave up restarting.
    package var hasGivenUp: Bool { state == .gaveUp }

    // MARK: - Events

    /// The content died at `now`.
    package mutating func terminated(at now: Duration) -> TerminationAction {
        guard case .restarting(let recent, _) = state else { return .stayDown }
        let terminations = recent.filter { now - $0 < window } + [now]
        guard terminations.count <= limit else {
            state = .gaveUp
            return .giveUp(terminations: terminations.count)
        }
        guard isInForeground else {
            state = .restarting(recent: terminations, pending: true)
            return .waitForForeground
        }
        state = .restarting(recent: terminations, pending: false)
        return .restart(after: delay(forTerminations: terminations.count))
    }

    /// The app went to the background: a termination from now on waits for the foreground.
    package mutating func enteredBackground() {
        isInForeground = false
    }

    /// The app came to the foreground at `now`: a termination that waited is restarted now, or `nil` when none
    /// waited.
    package mutating func enteredForeground(at now: Duration) -> TerminationAction? {
        isInForeground = true
        guard case .restarting(let recent, true) = state else { return nil }
        state = .restarting(recent: recent, pending: false)
        return .restart(after: delay(forTerminations: recent.filter { now - $0 < window }.count))
    }

    /// `initialDelay` doubled for each termination within the window before this one, at most `maximumDelay`.
    private func delay(forTerminations count: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(count, 1) {
            delay = delay * 2
            if delay >= maximumDelay { return maximumDelay }
        }
        return min(delay, maximumDelay)
    }
}
