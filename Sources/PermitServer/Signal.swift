import PermitSupport

/// A one-time event that tasks wait for, each at most until it is cancelled or for a while: a cookie write's end,
/// for the request that carried it; the cookie writer's next idle moment, or work for its ``CookieWriter/run()``;
/// an orderly stop, for the push worker (``PushQueueWorker/run(until:grace:)``).
///
/// Firing it resumes every waiter, and every later wait returns at once; a waiter whose task is cancelled returns
/// at once too, without the signal having fired. It never throws and never needs a task of its own.
///
/// For example:
///
/// ```swift
/// let stop = Signal()
/// group.addTask { await worker.run(until: stop) }
/// // ...
/// stop.fire()
/// ```
package final class Signal: Sendable {
    private struct State {
        var fired = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Waits whose task was cancelled before they began to wait.
        var cancelled: Set<Int> = []
        var nextWaiter = 0
    }

    private let state = Locked(State())

    /// A signal not yet fired.
    package init() {}

    /// Whether the signal has fired.
    package var isFired: Bool { state.withLock { $0.fired } }

    /// Fires the signal: every waiter resumes, and every later wait returns at once. Firing again does nothing.
    package func fire() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.fired = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns `true` once the signal fires, or `false` once the task is cancelled first.
    @discardableResult
    package func wait() async -> Bool {
        let waiter = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    guard !state.fired, !state.cancelled.contains(waiter) else { return true }
                    state.waiters[waiter] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                state.cancelled.insert(waiter)
                return state.waiters.removeValue(forKey: waiter)
            }
            continuation?.resume()
        }
        return state.withLock { state in
            state.cancelled.remove(waiter)
            return state.fired
        }
    }

    /// Returns `true` once the signal fires, or `false` when `duration` passes on `clock` first (or the task is
    /// cancelled first).
    package func wait(upTo duration: Duration, on clock: any Clock<Duration>) async -> Bool {
        if isFired { return true }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask { await self.wait() }
            group.addTask {
                try? await clock.sleep(for: duration)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}
