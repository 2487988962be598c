import Clocks
import Foundation
import Logging
import Permit
import PermitTesting
import Testing

/// Lifecycle bursts drive the real center; time is a test clock, never a sleep.
@Suite(.timeLimit(.minutes(1))) struct LifecycleCoalescingTests {
    let device = SimulatedDevice()
    let store = InMemoryPermissionStore()
    let clock = TestClock<Duration>()

    func launch(settleDelay: Duration = .zero) async -> PermissionCenter {
        let center = PermissionCenter(
            kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: store, logger: makeTestLogger().0),
            configuration: .init(coalescingWindow: .seconds(1), settleDelay: settleDelay), clock: clock,
            logger: makeTestLogger().0)
        await device.launchApp()
        await device.attachLifecycleObserver { await center.handle($0) }
        await center.start()
        return center
    }

    @Test func aForegroundBurstLeadsToOneRefresh() async throws {
        let center = await launch()
        await device.moveToBackground()
        await device.changeInSettings(.notifications, to: .denied)
        let reads = await device.statusReadCount
        try await device.moveToForeground()  // will-enter-foreground, then did-become-active
        #expect(await device.statusReadCount == reads + 1)
        #expect(await center.cookieValue(for: .notifications) == PermissionCookieValue.no)
        #expect(await center.history().last?.cause == .foreground)
    }

    @Test func didBecomeActiveAgainWithinTheWindowIsIgnoredAndAfterItRefreshes() async {
        let center = await launch()
        await center.handle(.didBecomeActive)
        let reads = await device.statusReadCount
        await clock.advance(by: .milliseconds(999))
        await center.handle(.didBecomeActive)  // e.g. after a system alert
        #expect(await device.statusReadCount == reads)
        await clock.advance(by: .milliseconds(1))
        await center.handle(.didBecomeActive)
        #expect(await device.statusReadCount == reads + 1)
    }

    @Test func goingToTheBackgroundEndsTheBurst() async throws {
        _ = await launch()
        await device.moveToBackground()
        try await device.moveToForeground()
        let reads = await device.statusReadCount
        await device.moveToBackground()
        await device.setStatus(.granted, for: .camera)
        try await device.moveToForeground()  // no time has passed on the clock
        #expect(await device.statusReadCount == reads + 1)
    }

    @Test
    func aSettleDelayPostponesTheRefreshOnTheInjectedClock() async {
        let center = await launch(settleDelay: .milliseconds(500))
        let reads = await device.statusReadCount
        await device.setStatus(.granted, for: .location)
        let handled = Collector<Int>()
        Task {
            await center.handle(.willEnterForeground)
            await handled.append(1)
        }
        Task {
            await center.handle(.didBecomeActive)
            await handled.append(2)
        }
        // The settle delay's sleep has begun; then a moment for the second event to arrive. (Advancing the test
        // clock a millisecond at a time, 499 times, and 1,000 bare yields took about 60 s in the full parallel
        // suite, each advance yielding many times: the test hit its one-minute limit in two CI runs.)
        #expect(await sleepIsPending(on: clock))
        for _ in 0..<100 { await Task.yield() }
        await clock.advance(by: .milliseconds(499))
        #expect(await device.statusReadCount == reads)  // never before the delay has passed
        #expect(await center.state(for: .location)?.status == .notDetermined)
        await clock.advance(by: .milliseconds(1))
        #expect(await yield(until: { await device.statusReadCount == reads + 1 }))
        // Runs the clock until both events are handled: a sleep that started late (the second event's task
        // scheduled after a clock.run() on a loaded machine) is released too, so the test cannot hang. It did:
        // a single clock.run() before awaiting the tasks timed out once in CI.
        while await handled.values.count < 2 {
            await clock.run()
            await Task.yield()
        }
        #expect(await device.statusReadCount == reads + 1)
        #expect(await center.state(for: .location)?.status == .granted)
    }

    @Test
    func eventsArrivingWhileARefreshIsInFlightJoinIt() async {
        let authority = GatedAuthority()
        let center = PermissionCenter(
            kinds: [.camera], authority: authority, storage: PermitStorage(store: store, logger: makeTestLogger().0), clock: clock, logger: makeTestLogger().0)
        await center.start()
        await authority.closeGate()
        let foreground = Task { await center.handle(.willEnterForeground) }
        #expect(await yield(until: { await authority.waitingReads == 1 }))
        let active = Task { await center.handle(.didBecomeActive) }
        for _ in 0..<1000 { await Task.yield() }
        await authority.openGate()
        await foreground.value
        await active.value
        #expect(await authority.readCount == 2)  // the launch, and one refresh for the burst
    }
}
