import Clocks
import Foundation
import Logging
import PermitServer
import PermitSupport
import Testing

/// How a running ``PushQueueWorker`` ends: an orderly stop (``PushQueueWorker/run(until:grace:)``) records the
/// batch it was sending, its sends finished or, once the grace is over, cut short; cancellation ends it at once and
/// leaves the batch to its lease. The sends go to a service that holds each until the test releases it.
@Suite struct PushQueueWorkerStopTests {
    /// A push service whose sends wait until ``release`` fires; a send cut short (its task cancelled) throws as the
    /// HTTP transport does.
    final class HeldService: PushService {
        let release = Signal()
        /// Fired when `expected` sends have begun.
        let allBegun = Signal()
        private let expected: Int
        private let begun = Locked(0)

        init(expected: Int) { self.expected = expected }

        func send(_ message: PushMessage, to target: PushTarget) async throws -> PushVerdict {
            if begun.withLock({ $0 += 1; return $0 }) == expected { allBegun.fire() }
            guard await release.wait() else { throw ServerError.pushServiceUnreachable.withDetail("cut short") }
            return .delivered
        }
    }

    /// A registry on SQLite with `installations` that may be sent to, one notification queued for them (when
    /// there are any), and a worker that sends through `service` and sleeps on `clock`, firing `sleeping` first.
    struct World {
        let world: PushQueueTests.World
        let push: String?
        let worker: PushQueueWorker

        init(installations: Int, service: HeldService, clock: TestClock<Duration>, sleeping: Signal = Signal()) async throws {
            world = try await PushQueueTests.World()
            for index in 0..<installations {
                try await world.report("inst-\(index)", token: "tok-\(index)", notifications: .granted)
            }
            push = installations == 0 ? nil : try await world.queue.enqueue(
                PushMessage(body: "hi"), to: .kindState(kind: "notifications", state: .granted), at: PushQueueTests.start
            ).push
            let delivery = PushDelivery(registry: world.registry, services: [.android: service], logger: .quiet)
            let wallClock = world.clock
            worker = PushQueueWorker(
                queue: world.queue, delivery: delivery, logger: .quiet, now: { wallClock.withLock { $0 } },
                sleep: { duration in
                    sleeping.fire()
                    try await clock.sleep(for: duration)
                })
        }

        func sends() async throws -> [PushStatus.Send] {
            let push = try #require(push)
            return try #require(try await world.queue.status(of: push)).list
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aWorkerAskedToStopFinishesItsBatchRecordsItAndClaimsNothingMore() async throws {
        let service = HeldService(expected: 3)
        let clock = TestClock<Duration>()
        let world = try await World(installations: 3, service: service, clock: clock)
        let stop = Signal()
        try await withThrowingTaskGroup(of: Void.self) { group in
            // The grace (on a clock that never moves here) does not end the batch: its sends do.
            group.addTask { await world.worker.run(until: stop, grace: .seconds(60)) }
            await service.allBegun.wait()
            stop.fire()
            let later = try await world.world.queue.enqueue(
                PushMessage(body: "later"), to: .installations(["inst-0"]), at: PushQueueTests.start)
            service.release.fire()
            try await group.waitForAll()
            #expect(try await world.world.queue.status(of: later.push)?.list.map(\.attempts) == [0], "claimed after the stop")
        }
        let sends = try await world.sends()
        #expect(sends.count == 3 && sends.allSatisfy { $0.state == .delivered && $0.attempts == 1 }, "\(sends)")
        try await world.world.close()
    }

    @Test(.timeLimit(.minutes(1)))
    func aStopWhoseGraceIsOverCutsTheSendsShortAndStillRecordsThem() async throws {
        let service = HeldService(expected: 2)
        let clock = TestClock<Duration>()
        let world = try await World(installations: 2, service: service, clock: clock)
        let stop = Signal()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await world.worker.run(until: stop, grace: .seconds(5)) }
            await service.allBegun.wait()
            stop.fire()
            // The clock moves on until the worker returns: its grace ends, whenever it began to wait for it.
            group.addTask {
                while !Task.isCancelled {
                    await clock.advance(by: .seconds(5))
                    await Task.yield()
                }
            }
            await group.next()
            group.cancelAll()
        }
        // Each send is queued again, with its reason: recorded, not left to its lease (which leaves no detail).
        let sends = try await world.sends()
        #expect(sends.count == 2 && sends.allSatisfy { $0.state == .queued && $0.attempts == 1 && $0.detail == "retry" }, "\(sends)")
        try await world.world.close()
    }

    @Test(.timeLimit(.minutes(1)))
    func aCancelledWorkerEndsAtOnceAndLeavesItsBatchToTheLease() async throws {
        let service = HeldService(expected: 2)
        let world = try await World(installations: 2, service: service, clock: TestClock())
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await world.worker.run() }
            await service.allBegun.wait()
            group.cancelAll()
        }
        let sends = try await world.sends()
        #expect(sends.count == 2 && sends.allSatisfy { $0.state == .queued && $0.attempts == 1 && $0.detail == nil }, "\(sends)")
        try await world.world.close()
    }

    @Test(.timeLimit(.minutes(1)))
    func anIdleWorkerAskedToStopReturns() async throws {
        let sleeping = Signal()
        let world = try await World(installations: 0, service: HeldService(expected: 1), clock: TestClock(), sleeping: sleeping)
        let stop = Signal()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await world.worker.run(until: stop) }
            // Nothing is due: the worker waits its poll interval, on a clock that never moves, until the stop.
            await sleeping.wait()
            stop.fire()
            await group.waitForAll()
        }
        #expect(try await world.world.queue.pendingCount() == 0)
        try await world.world.close()
    }
}
