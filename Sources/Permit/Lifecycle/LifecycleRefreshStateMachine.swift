/// Decides when lifecycle events lead to a permission refresh, so that a burst of them leads to one.
///
/// iOS sends will-enter-foreground and then did-become-active within milliseconds when the app returns, and
/// did-become-active again after every system alert. The machine starts a refresh at once on the first event
/// of a burst (after the configured settle delay, zero by default), lets later events of the burst join the
/// refresh in flight, and ignores events within `window` of the start of the last refresh. Going to the
/// background ends the burst: the next foreground event always refreshes, because Settings may have changed
/// in between.
///
/// The machine is pure: it holds no tasks and reads no clock. The caller passes the current time as the
/// duration elapsed since any fixed origin and carries out the returned actions.
struct LifecycleRefreshStateMachine: Sendable {
    /// What the caller does after an event.
    enum EventAction: Equatable, Sendable {
        /// Start a refresh, after waiting `delay` (zero: at once), and call ``refreshFinished(at:)`` after it.
        case startRefresh(delay: Duration)
        /// Wait for the refresh in flight, which covers this event.
        case joinRefresh
        /// Nothing to do: a refresh covering this event just ran.
        case ignore
    }

    /// What the caller does after a refresh finished.
    enum FinishAction: Equatable, Sendable {
        /// Refresh again at once: an event arrived that the finished refresh may not have covered.
        case refreshAgain
        /// The burst is over.
        case done
    }

    private enum State: Equatable, Sendable {
        case idle(lastStart: Duration?)
        /// `backgrounded`: the app went to the background after the last foreground event.
        case refreshing(start: Duration, rerun: Bool, backgrounded: Bool)
    }

    let window: Duration
    let settleDelay: Duration
    private var state: State = .idle(lastStart: nil)

    init(window: Duration, settleDelay: Duration) {
        self.window = window
        self.settleDelay = settleDelay
    }

    /// Whether a refresh started by this machine is in flight.
    var isRefreshing: Bool {
        if case .refreshing = state { return true }
        return false
    }

    mutating func event(_ event: LifecycleEvent, at now: Duration) -> EventAction {
        switch (state, event) {
        case (.idle, .didEnterBackground):
            state = .idle(lastStart: nil)
            return .ignore
        case (.refreshing(let start, let rerun, _), .didEnterBackground):
            state = .refreshing(start: start, rerun: rerun, backgrounded: true)
            return .ignore
        case (.idle(let lastStart), _):
            if let lastStart, now < lastStart + settleDelay + window {
                return .ignore
            }
            state = .refreshing(start: now, rerun: false, backgrounded: false)
            return .startRefresh(delay: settleDelay)
        case (.refreshing(let start, let rerun, let backgrounded), _):
            // A foreground event after a background, or after the window, needs a refresh of its own: the
            // one in flight may have read the OS before Settings changed.
            let covered = !backgrounded && now < start + settleDelay + window
            state = .refreshing(start: start, rerun: rerun || !covered, backgrounded: false)
            return .joinRefresh
        }
    }

    mutating func refreshFinished(at now: Duration) -> FinishAction {
        guard case .refreshing(let start, let rerun, let backgrounded) = state else { return .done }
        if rerun {
            // Keep a background that came after the last foreground event: the next foreground must refresh.
            state = .refreshing(start: now, rerun: false, backgrounded: backgrounded)
            return .refreshAgain
        }
        state = .idle(lastStart: backgrounded ? nil : start)
        return .done
    }
}
