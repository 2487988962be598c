import PermitHostSupport
import Testing

/// The hosts' ordered changes (Chromium's document-start scripts, the `WKWebView` host's cookie writes): each
/// runs after the one before, to its end, whatever the caller that asked for it does meanwhile.
@Suite(.timeLimit(.minutes(1))) struct SerialChainTests {
    /// What the operations did, in order.
    actor Log {
        var entries: [String] = []
        func append(_ entry: String) { entries.append(entry) }
    }

    @Test func operationsRunInTheOrderAskedAndAThrowDoesNotStopTheNext() async throws {
        struct Refused: Error {}
        let chain = SerialChain()
        let log = Log()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let (started, didStart) = AsyncStream<Void>.makeStream()
        let first = Task {
            try await chain.run {
                didStart.yield()
                for await _ in gate { break }
                await log.append("first")
                throw Refused()
            }
        }
        for await _ in started { break }
        let second = Task { try await chain.run { await log.append("second"); return 2 } }
        open.yield()
        await #expect(throws: Refused.self) { try await first.value }
        #expect(try await second.value == 2)
        #expect(await log.entries == ["first", "second"], "the second waited for the first, which threw")
    }

    @Test func aCancelledCallerDoesNotCutItsOperationShort() async throws {
        let chain = SerialChain()
        let log = Log()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let (started, didStart) = AsyncStream<Void>.makeStream()
        let caller = Task {
            try await chain.run {
                didStart.yield()
                for await _ in gate { break }
                // A command and the bookkeeping of its answer: both happen, although the caller was cancelled.
                await log.append(Task.isCancelled ? "cut" : "command")
                await log.append("bookkeeping")
                return 1
            }
        }
        for await _ in started { break }
        caller.cancel()
        open.yield()
        #expect(try await caller.value == 1, "the cancelled caller still got the operation's result")
        await chain.drain()
        #expect(await log.entries == ["command", "bookkeeping"])
    }

    @Test @MainActor func callsAnActorMakesOneAfterTheOtherRunInThatOrder() async throws {
        // Cookie writes for one cookie, X=1 then X=2, from the host's actor without waiting for each other: the
        // last one asked for must land last.
        let chain = SerialChain()
        let log = Log()
        var callers: [Task<Void, any Error>] = []
        for number in 0..<200 {
            callers.append(Task { @MainActor in _ = try await chain.run { await log.append("\(number)") } })
        }
        for caller in callers { try await caller.value }
        #expect(await log.entries == (0..<200).map { "\($0)" })
    }
}
