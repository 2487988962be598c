import Permit
import PermitSupport

/// One wait for the answer to a system prompt that is reported by callback, driven by
/// ``PromptWaitStateMachine`` on an injected clock: it always ends.
///
/// An adapter creates one when it asks the system, feeds it the callbacks and the app's lifecycle from any
/// thread, and awaits ``finish()``; then it reads the status again, whatever the outcome.
///
/// For example, in the location adapter:
///
/// ```swift
/// let wait = PromptWait()
/// manager.requestWhenInUseAuthorization()
/// let outcome = await wait.finish()   // .answered, .noPromptShown, .promptDismissed or .deadlinePassed
/// return await status(of: .location)
/// ```
package final class PromptWait: Sendable {
    private struct State {
        var machine: PromptWaitStateMachine
        var outcome: PromptWaitStateMachine.Outcome?
        var waiters: [CheckedContinuation<PromptWaitStateMachine.Outcome, Never>] = []
    }

    private let clock: ElapsedClock
    private let state: Locked<State>

    /// Starts a wait now, on `clock`.
    ///
    /// - Parameters:
    ///   - noPromptWindow: See ``PromptWaitStateMachine/noPromptWindow``.
    ///   - deadline: See ``PromptWaitStateMachine/deadline``.
    ///   - clock: The clock the windows are measured on; tests pass a test clock.
    package init<C: Clock>(
        noPromptWindow: Duration = .seconds(1), deadline: Duration = .seconds(120), clock: C = ContinuousClock()
    ) where C.Duration == Duration {
        let elapsed = ElapsedClock(clock)
        self.clock = elapsed
        state = Locked(
            State(machine: PromptWaitStateMachine(askedAt: elapsed.now, noPromptWindow: noPromptWindow, deadline: deadline)))
    }

    /// Waits until the machine finishes and returns why. Calling it again after it returned returns the same
    /// outcome at once.
    package func finish() async -> PromptWaitStateMachine.Outcome {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in await runTimer() }
            let outcome = await withCheckedContinuation { continuation in
                state.withLock { state in
                    if let outcome = state.outcome {
                        continuation.resume(returning: outcome)
                    } else {
                        state.waiters.append(continuation)
                    }
                }
            }
            group.cancelAll()
            return outcome
        }
    }

    /// The system reported the authorization; `isAnswer` is false for a report that answers nothing (see
    /// ``PromptWaitStateMachine/authorizationChanged(isAnswer:)``).
    package func authorizationChanged(isAnswer: Bool) {
        apply { $0.authorizationChanged(isAnswer: isAnswer) }
    }

    /// The app resigned active.
    package func appResignedActive() {
        apply { $0.appResignedActive() }
    }

    /// The app became active.
    package func appBecameActive() {
        let now = clock.now
        apply { $0.appBecameActive(now: now) }
    }

    // MARK: - Driving

    /// Sleeps until each wake-up the machine asks for, until it finishes or the task is cancelled.
    private func runTimer() async {
        while let wake = state.withLock({ $0.machine.nextWake }) {
            // A wake-up already due is not slept for: a clock may suspend a sleep until the instant it is at.
            if clock.now < wake {
                do { try await clock.sleep(untilElapsed: wake) } catch { return }
            } else if Task.isCancelled {
                return
            }
            let now = clock.now
            apply { $0.timePassed(now: now) }
        }
    }

    private func apply(_ event: (inout PromptWaitStateMachine) -> PromptWaitStateMachine.Action) {
        let resumed: (PromptWaitStateMachine.Outcome, [CheckedContinuation<PromptWaitStateMachine.Outcome, Never>])? =
            state.withLock { state in
                guard case .finish(let outcome) = event(&state.machine) else { return nil }
                state.outcome = outcome
                defer { state.waiters = [] }
                return (outcome, state.waiters)
            }
        guard let (outcome, waiters) = resumed else { return }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
