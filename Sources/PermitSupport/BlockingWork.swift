import Foundation

/// Runs blocking work on a thread of its own: the one way Permit's modules wait for a call that blocks (`package`
/// access), such as a file call on a volume that may hang, or a child process that takes seconds.
///
/// Swift's cooperative thread pool has about one thread per core. A call that blocks holds the pool thread it
/// runs on; a few of them would hold every other task, timers and timeouts included, until they return. Here
/// each call gets a new `Thread`, which resumes the waiting task when the work returns; the waiting task holds
/// no thread meanwhile, and a call that never returns leaks one thread, not the pool.
///
/// ```swift
/// let free = try await BlockingWork.run { try volumeFreeSpace(at: url) }
/// ```
package enum BlockingWork {
    /// Runs `work` on a new thread named `name` and returns what it returns, or throws what it throws.
    package static func run<Value: Sendable, Failure: Error>(
        named name: String = "permit.blocking", _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
            let thread = Thread { continuation.resume(returning: Result { () throws(Failure) -> Value in try work() }) }
            thread.name = name
            thread.start()
        }
        return try result.get()
    }
}
