/// Counts the occurrences of one event, and lets a caller await the next one with a deadline: what replaces a
/// loop that sleeps a millisecond and looks again.
///
/// A caller reads ``count`` before it checks its condition, and passes it to ``next(after:before:)``, so that an
/// occurrence between the check and the wait is not missed:
///
/// ```swift
/// while true {
///     let seen = recordings.count
///     guard !isDone() else { break }
///     guard await recordings.next(after: seen, before: deadline) else { return false }
/// }
/// ```
package final class Occurrences: Sendable {
    private struct State {
        var count = 0
        var waiting: [Int: Waiter] = [:]
        var nextWaiter = 0
    }

    private enum Waiter {
        case waiting(CheckedContinuation<Bool, Never>)
        /// Cancelled (its deadline came) before it began to wait.
        case cancelled
    }

    private let state = Locked(State())

    /// Creates a counter with no occurrence yet.
    package init() {}

    /// How many times the event happened so far.
    package var count: Int { state.withLock { $0.count } }

    /// How many tasks wait for the next occurrence now: for tests that must know a wait began.
    package var waiterCount: Int {
        state.withLock { $0.waiting.values.count { if case .waiting = $0 { true } else { false } } }
    }

    /// Records one occurrence and wakes every waiter.
    package func happened() {
        let woken = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.count += 1
            defer { state.waiting = [:] }
            return state.waiting.values.compactMap { if case .waiting(let continuation) = $0 { continuation } else { nil } }
        }
        for continuation in woken { continuation.resume(returning: true) }
    }

    /// Returns `true` once the count passes `seen` (at once if it already has), or `false` when `deadline` comes
    /// first or the calling task is cancelled.
    package func next(after seen: Int, before deadline: ContinuousClock.Instant) async -> Bool {
        await next(after: seen) { try await Task.sleep(until: deadline) }
    }

    /// Returns `true` once the count passes `seen` (at once if it already has), or `false` when `duration` passes
    /// on `clock` first or the calling task is cancelled.
    package func next(after seen: Int, within duration: Duration, on clock: any Clock<Duration>) async -> Bool {
        await next(after: seen) { try await clock.sleep(for: duration) }
    }

    /// Returns `true` once the count passes `seen` (at once if it already has), or `false` when the calling task
    /// is cancelled first.
    package func next(after seen: Int) async -> Bool {
        guard count == seen else { return true }
        return await wait(after: seen)
    }

    /// Waits for an occurrence after `seen` until `expiry` returns.
    private func next(after seen: Int, until expiry: @escaping @Sendable () async throws -> Void) async -> Bool {
        guard count == seen else { return true }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                try? await expiry()
                return false
            }
            group.addTask { await self.wait(after: seen) }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Waits for an occurrence after `seen`; a cancelled wait ends with `false`.
    private func wait(after seen: Int) async -> Bool {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        // Whoever resumed the wait took its entry out; a cancellation that came after leaves a marker, dropped here.
        defer { state.withLock { $0.waiting[id] = nil } }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool? in
                    if state.count != seen { return true }
                    if case .cancelled = state.waiting[id] {
                        state.waiting[id] = nil
                        return false
                    }
                    state.waiting[id] = .waiting(continuation)
                    return nil
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard case .waiting(let continuation) = state.waiting[id] else {
                    state.waiting[id] = .cancelled
                    return nil
                }
                state.waiting[id] = nil
                return continuation
            }
            waiting?.resume(returning: false)
        }
    }
}
