import Foundation

/// Runs blocking work, such as a file call on a volume that may hang, on a thread of its own.
///
/// Swift's cooperative thread pool has about one thread per core. A `FileManager` or `Data.write` call on a
/// hung network mount blocks the thread it runs on; on the pool, a few of them would block the runner's
/// timeout timer too, and the report would wait for the disk. Here each call gets a new `Thread`, which
/// resumes the waiting task when the work returns; the waiting task holds no thread meanwhile, so the
/// runner's timeout still answers on time, and a call that never returns leaks one thread, not the pool.
enum BlockingWork {
    /// Runs `work` on a new thread and returns what it returns, or throws what it throws.
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result(catching: work)) }
            thread.name = "permit.system.blocking"
            thread.start()
        }
    }
}
