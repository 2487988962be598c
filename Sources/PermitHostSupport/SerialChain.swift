import PermitSupport

/// Runs operations one after another, in the order they were asked for, each to its end even when the caller
/// that asked for it is cancelled meanwhile: `OrderedWriteChain`'s cookie writes go through one, each a race
/// against a deadline that a cancelled caller would otherwise give up at once. (Chromium's document-start script
/// changes need no task for this: a `SerialGate` and commands sent `cancellable: false` keep them whole in the
/// caller's own task.)
///
/// An operation starts when the one before it has ended, whether it returned or threw. A caller cancelled
/// while it waits still gets the operation's result when it ends: the operation does not see the caller's
/// cancellation.
///
/// For example:
///
/// ```swift
/// let chain = SerialChain()
/// let identifier = try await chain.run { try await page.send(addScript) }
/// ```
package final class SerialChain: Sendable {
    /// Waits for the last operation asked for, or `nil` before the first.
    private let last = Locked<(@Sendable () async -> Void)?>(nil)

    /// An empty chain.
    package init() {}

    /// Runs `operation` after every operation asked for before it, and returns what it returns.
    ///
    /// The place in the chain is taken in the caller's isolation, before anything is awaited: two calls an actor
    /// makes one after the other run in that order.
    ///
    /// - Throws: What `operation` throws.
    package func run<Value: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let task = last.withLock { last in
            let previous = last
            // Task: single-flight handle of the chain's last operation, which the next awaits; no caller may cut it.
            let task = Task {
                await previous?()
                return try await operation()
            }
            last = { _ = try? await task.value }
            return task
        }
        return try await task.value
    }

    /// Waits until every operation asked for so far has ended.
    package func drain() async {
        await last.withLock { $0 }?()
    }
}
