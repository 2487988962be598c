import Clocks
import PermitWeb
import Testing
import PermitHostSupport

/// The phase and restart handling both Linux hosts share: a termination starts one restart that commands wait
/// for, a close stops it, and the restart policy's verdicts close the host.
@Suite(.timeLimit(.minutes(1))) struct EngineLifeTests {
    /// A host with nothing but a life; its restart waits until the test lets it go.
    actor Host {
        var life: EngineLife
        let gate: AsyncStream<Void>
        let open: AsyncStream<Void>.Continuation
        var restarts = 0

        init(restartsAfterTermination: Bool = true) {
            life = EngineLife(restartsAfterTermination: restartsAfterTermination, clock: TestClock<Duration>())
            (gate, open) = AsyncStream.makeStream()
        }

        func terminate() -> EngineLife.Termination? {
            life.terminated { try await self.restart() }
        }

        private func restart() async throws {
            restarts += 1
            for await _ in gate { break }
            try Task.checkCancellation()
            life.restarted()
        }

        func letRestartFinish() { open.yield() }

        func ready() async throws {
            try await life.restartFinished()
            guard life.isRunning else { throw WebViewError.closed }
        }

        func close() async {
            _ = try? await life.close()?.value
        }
    }

    @Test func aTerminationStartsOneRestartThatCommandsWaitFor() async throws {
        let host = Host()
        #expect(await host.terminate() == .restarting)
        #expect(await host.life.isRestarting)
        #expect(await host.terminate() == nil, "a second termination during the restart starts nothing")
        async let ready: Void = host.ready()
        await host.letRestartFinish()
        try await ready
        #expect(await host.life.isRunning)
        #expect(await host.restarts == 1)
    }

    @Test func aCloseCancelsTheRestartAndCommandsThenFail() async throws {
        let host = Host()
        #expect(await host.terminate() == .restarting)
        await host.close()
        #expect(await host.life.isClosed)
        await #expect(throws: WebViewError.closed) { try await host.ready() }
        #expect(await host.terminate() == nil, "a closed host does not restart")
    }

    @Test func theSixthTerminationWithinAMinuteGivesUp() async throws {
        let host = Host()
        for _ in 0..<5 {
            #expect(await host.terminate() == .restarting)
            await host.letRestartFinish()
            try await host.ready()
        }
        #expect(await host.terminate() == .gaveUp(terminations: 6))
        #expect(await host.life.isClosed)
    }

    @Test func withRestartsOffATerminationClosesTheHost() async {
        let host = Host(restartsAfterTermination: false)
        #expect(await host.terminate() == .stayingDown)
        #expect(await host.life.isClosed)
        #expect(await host.restarts == 0)
    }
}

/// The event loop both Linux hosts share: events in order, the work they call for concurrently, the end
/// reported, and the host never kept alive by its engine.
@Suite(.timeLimit(.minutes(1))) struct EngineEventLoopTests {
    actor Host {
        var seen: [Int] = []
        var ended: AsyncStream<Void>.Continuation?
        let slowGate: AsyncStream<Void>
        let openSlow: AsyncStream<Void>.Continuation

        init() { (slowGate, openSlow) = AsyncStream.makeStream() }

        func handle(_ event: Int) -> EngineEventLoop.Work? {
            seen.append(event)
            // Event 1 calls for work that waits until event 3 has been seen: it must not hold up events 2 and 3.
            guard event == 1 else { return nil }
            let gate = slowGate
            return { for await _ in gate { break } }
        }

        func setEnded(_ continuation: AsyncStream<Void>.Continuation) { ended = continuation }
        func end() { ended?.finish() }
    }

    @Test func eventsAreHandledInOrderWhileSlowWorkRunsAndTheEndIsReported() async {
        let host = Host()
        let (ended, endedContinuation) = AsyncStream<Void>.makeStream()
        await host.setEnded(endedContinuation)
        let (events, feed) = AsyncStream<Int>.makeStream()
        EngineEventLoop.start(events, for: host) { host, event in
            let work = await host.handle(event)
            if event == 3 { host.openSlow.yield() }
            return work
        } ended: { host in
            await host.end()
        }
        for event in 1...3 { feed.yield(event) }
        feed.finish()
        for await _ in ended {}
        #expect(await host.seen == [1, 2, 3])
    }

    @Test func theLoopDoesNotKeepItsHostAlive() async {
        var host: Host? = Host()
        weak let released = host
        let (events, feed) = AsyncStream<Int>.makeStream()
        EngineEventLoop.start(events, for: host!) { host, event in await host.handle(event) }
        host = nil
        #expect(released == nil)
        feed.finish()
    }
}
