import Dispatch
import Foundation
import PermitSupport

/// Runs `body` so that SIGINT or SIGTERM cancels it instead of ending the process at once: what `body` started
/// (a `permit server` child, a scratch PostgreSQL, a temporary folder) is stopped and removed as on any other
/// failure, then the process exits with 128 plus the signal's number, as a shell reports a process that a
/// signal ended. A second signal during that cleanup ends the process at once. When `body` returns or throws,
/// the two signals' previous actions are restored.
///
/// Without it, `kill` of `permit bench server` left its server child and its PostgreSQL running, and their
/// folders in the temporary directory.
func cancellingOnSignals<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) async throws -> Value {
    let (signals, received) = AsyncStream.makeStream(of: Int32.self)
    let count = Locked(0)
    // Dispatch needs the signal's default action off to see it; the previous actions come back at the end.
    let previous = [SIGINT, SIGTERM].map { ($0, signal($0, SIG_IGN)) }
    let sources = [SIGINT, SIGTERM].map { number in
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler {
            let seen = count.withLock { count in
                count += 1
                return count
            }
            if seen > 1 { exit(128 + number) }
            FileHandle.standardError.write(Data("permit: stopping what this command started (again to stop at once)\n".utf8))
            received.yield(number)
        }
        source.resume()
        return source
    }
    defer {
        for source in sources { source.cancel() }
        for (number, action) in previous { signal(number, action) }
        received.finish()
    }
    let outcome = try await withThrowingTaskGroup(of: SignalledOutcome<Value>.self) { group in
        group.addTask { .finished(try await body()) }
        group.addTask {
            for await number in signals { return .signalled(number) }
            throw CancellationError()
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw CancellationError() }
        if case .signalled = first {
            // Cancels the body and waits for its cleanup; its CancellationError is the expected end.
            group.cancelAll()
            while (try? await group.next()) != nil {}
        }
        return first
    }
    switch outcome {
    case .finished(let value): return value
    case .signalled(let number): exit(128 + number)
    }
}

/// How ``cancellingOnSignals(_:)``'s body ended: with its value, or cancelled by a signal.
private enum SignalledOutcome<Value: Sendable>: Sendable {
    case finished(Value)
    case signalled(Int32)
}
