/// Runs asynchronous operations one at a time, first in, first out: the one serial-execution helper of
/// Permit's modules (`package` access), for an actor whose operation reads, awaits and then writes, and so must
/// not interleave with the next one.
///
/// The operation runs in the caller's isolation, so an actor passes closures that touch its state directly:
///
/// ```swift
/// private let serial = SerialGate()
/// func synchronize() async throws -> Report {
///     try await serial.run { try await self.readThenWrite() }
/// }
/// ```
///
/// An operation that calls `run` on the same gate again waits for itself: keep the gate to the outermost
/// calls.
package final class SerialGate: Sendable {
    private struct State {
        var isHeld = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Creates a free gate.
    package init() {}

    /// Waits until every operation started before has finished, then runs `operation` and returns its
    /// result; the next operation starts when this one returns or throws.
    package func run<Result>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        await enter()
        defer { leave() }
        return try await operation()
    }

    private func enter(isolation: isolated (any Actor)? = #isolation) async {
        let entered = state.withLock { state in
            guard !state.isHeld else { return false }
            state.isHeld = true
            return true
        }
        guard !entered else { return }
        await withCheckedContinuation { continuation in
            // Between the check above and here the gate may have been freed: take it instead of waiting.
            let takeAtOnce = state.withLock { state in
                guard state.isHeld else {
                    state.isHeld = true
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if takeAtOnce { continuation.resume() }
        }
    }

    /// Hands the gate to the next operation in line, or frees it.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.isHeld = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
