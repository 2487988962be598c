
/// Decides when a request whose answer comes by callback is over, so that it always completes: CoreLocation's
/// authorization request is the one that needs it.
///
/// `CLLocationManager.requestWhenInUseAuthorization()` and `requestAlwaysAuthorization()` return at once and
/// report the answer through `locationManagerDidChangeAuthorization(_:)`. Apple documents cases in which no
/// prompt appears and no callback follows: the purpose string is missing from Info.plist, the app is not in the
/// foreground, or the request is not the first of its kind ("Requesting authorization to use location
/// services"; `requestAlwaysAuthorization()`: "the system shows the prompt only once"). A request that waited
/// for the callback alone would then wait forever, and every later request for the kind, which joins it, too.
///
/// The machine tells the cases apart from the app's own lifecycle: a system prompt makes the app resign active.
///
/// - No resign-active within ``noPromptWindow`` of the request: no prompt is on screen; finish (the caller reads
///   the status again).
/// - Resigned, then active again: the prompt is gone; wait ``noPromptWindow`` more for the callback, then
///   finish.
/// - The authorization callback with an answer (a status other than the one asked from): finish at once.
/// - Whatever happens, finish at ``deadline`` after the request.
///
/// The machine is pure: it holds no tasks and reads no clock. The caller passes instants as durations since a
/// fixed origin, calls ``timePassed(now:)`` at ``nextWake`` and carries out the returned action;
/// ``PromptWait`` is that caller.
///
/// For example:
///
/// ```swift
/// var machine = PromptWaitStateMachine(askedAt: .zero)
/// machine.appResignedActive()                        // .keepWaiting: the prompt is up
/// machine.authorizationChanged(isAnswer: true)   // .finish(.answered)
/// ```
package struct PromptWaitStateMachine: Sendable, Equatable {
    /// Why a wait ended.
    package enum Outcome: Sendable, Equatable {
        /// The system reported a determined answer.
        case answered
        /// The app never resigned active after the request: the system showed no prompt.
        case noPromptShown
        /// The app resigned active and became active again without a determined answer.
        case promptDismissed
        /// The overall deadline passed.
        case deadlinePassed
    }

    /// What the caller does after an event.
    package enum Action: Sendable, Equatable {
        /// Nothing yet; call ``PromptWaitStateMachine/timePassed(now:)`` at
        /// ``PromptWaitStateMachine/nextWake``.
        case keepWaiting
        /// The wait is over: read the status again and return it.
        case finish(Outcome)
    }

    private enum State: Sendable, Equatable {
        /// Asked; no sign of a prompt yet.
        case asked
        /// The app resigned active: a prompt is on screen.
        case promptShown
        /// The app became active again at `since`: the prompt is gone, the callback may still come.
        case promptGone(since: Duration)
        case finished
    }

    /// When the request was made.
    package let askedAt: Duration
    /// How long after the request a prompt must have made the app resign active, and how long after the app is
    /// active again the callback may still come.
    package let noPromptWindow: Duration
    /// How long after the request the wait ends whatever happened.
    package let deadline: Duration
    private var state: State = .asked

    /// A wait for a request made at `askedAt`.
    ///
    /// - Parameters:
    ///   - askedAt: The instant of the request.
    ///   - noPromptWindow: Default: one second, well above the time iOS takes to present an alert.
    ///   - deadline: Default: two minutes: a person reading a prompt rarely takes longer, and a late answer
    ///     still reaches the center through the change callback.
    package init(askedAt: Duration, noPromptWindow: Duration = .seconds(1), deadline: Duration = .seconds(120)) {
        self.askedAt = askedAt
        self.noPromptWindow = noPromptWindow
        self.deadline = deadline
    }

    /// Whether the wait is over.
    package var isFinished: Bool { state == .finished }

    /// The instant at which the caller calls ``timePassed(now:)`` next, or `nil` once finished.
    package var nextWake: Duration? {
        switch state {
        case .asked: min(askedAt + noPromptWindow, askedAt + deadline)
        case .promptShown: askedAt + deadline
        case .promptGone(let since): min(since + noPromptWindow, askedAt + deadline)
        case .finished: nil
        }
    }

    // MARK: - Events

    /// The system reported the authorization; `isAnswer` is false for a report that answers nothing: the
    /// not-determined report CoreLocation sends when a manager is created, or an unchanged status while an
    /// upgrade prompt may be on screen.
    package mutating func authorizationChanged(isAnswer: Bool) -> Action {
        guard state != .finished, isAnswer else { return .keepWaiting }
        return finish(.answered)
    }

    /// The app resigned active (a system alert covers it, or the person left the app).
    package mutating func appResignedActive() -> Action {
        switch state {
        case .asked, .promptGone: state = .promptShown
        case .promptShown, .finished: break
        }
        return .keepWaiting
    }

    /// The app became active again at `now`.
    package mutating func appBecameActive(now: Duration) -> Action {
        if state == .promptShown { state = .promptGone(since: now) }
        return timePassed(now: now)
    }

    /// The clock reached `now`; after the wait finished, nothing happens (`keepWaiting`).
    package mutating func timePassed(now: Duration) -> Action {
        if state == .finished { return .keepWaiting }
        if now >= askedAt + deadline { return finish(.deadlinePassed) }
        switch state {
        case .asked where now >= askedAt + noPromptWindow: return finish(.noPromptShown)
        case .promptGone(let since) where now >= since + noPromptWindow: return finish(.promptDismissed)
        default: return .keepWaiting
        }
    }

    private mutating func finish(_ outcome: Outcome) -> Action {
        state = .finished
        return .finish(outcome)
    }
}
