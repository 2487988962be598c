@testable import Permit
import Testing

/// The pure machine that turns bursts of lifecycle events into refreshes. Times are durations since an
/// arbitrary origin; the window is 500 ms unless a test says otherwise.
@Suite struct LifecycleRefreshStateMachineTests {
    private static let window = Duration.milliseconds(500)

    private func makeMachine(settleDelay: Duration = .zero) -> LifecycleRefreshStateMachine {
        LifecycleRefreshStateMachine(window: Self.window, settleDelay: settleDelay)
    }

    private func ms(_ value: Int) -> Duration { .milliseconds(value) }

    // MARK: - One burst

    @Test(arguments: [LifecycleEvent.willEnterForeground, .didBecomeActive])
    func firstForegroundEventStartsARefreshAtOnce(_ event: LifecycleEvent) {
        var machine = makeMachine()
        #expect(!machine.isRefreshing)

        #expect(machine.event(event, at: ms(0)) == .startRefresh(delay: .zero))
        #expect(machine.isRefreshing)
    }

    @Test func didBecomeActiveDuringTheRefreshJoinsIt() {
        var machine = makeMachine()

        #expect(machine.event(.willEnterForeground, at: ms(0)) == .startRefresh(delay: .zero))
        #expect(machine.event(.didBecomeActive, at: ms(3)) == .joinRefresh)
        #expect(machine.isRefreshing)
        #expect(machine.refreshFinished(at: ms(20)) == .done)
        #expect(!machine.isRefreshing)
    }

    @Test func eventWithinTheWindowAfterTheFinishIsIgnored() {
        var machine = makeMachine()
        _ = machine.event(.willEnterForeground, at: ms(0))
        _ = machine.event(.didBecomeActive, at: ms(3))
        #expect(machine.refreshFinished(at: ms(20)) == .done)

        #expect(machine.event(.didBecomeActive, at: ms(300)) == .ignore)
        #expect(!machine.isRefreshing)
        #expect(machine.event(.didBecomeActive, at: ms(450)) == .ignore)
    }

    @Test func eventAfterTheWindowStartsANewRefresh() {
        var machine = makeMachine()
        _ = machine.event(.willEnterForeground, at: ms(0))
        #expect(machine.refreshFinished(at: ms(20)) == .done)

        #expect(machine.event(.didBecomeActive, at: ms(600)) == .startRefresh(delay: .zero))
        #expect(machine.isRefreshing)
        #expect(machine.refreshFinished(at: ms(610)) == .done)
        #expect(machine.event(.didBecomeActive, at: ms(700)) == .ignore)
    }

    // MARK: - Background ends the burst

    @Test func backgroundThenForegroundWithinTheWindowRefreshes() {
        var machine = makeMachine()
        _ = machine.event(.willEnterForeground, at: ms(0))
        _ = machine.event(.didBecomeActive, at: ms(2))
        #expect(machine.refreshFinished(at: ms(20)) == .done)

        #expect(machine.event(.didEnterBackground, at: ms(100)) == .ignore)
        #expect(!machine.isRefreshing)
        #expect(machine.event(.willEnterForeground, at: ms(150)) == .startRefresh(delay: .zero))
        #expect(machine.event(.didBecomeActive, at: ms(152)) == .joinRefresh)
        #expect(machine.refreshFinished(at: ms(170)) == .done)
    }

    @Test func backgroundDuringARefreshThenForegroundRefreshesAgain() {
        var machine = makeMachine()
        _ = machine.event(.didBecomeActive, at: ms(0))

        #expect(machine.event(.didEnterBackground, at: ms(10)) == .ignore)
        #expect(machine.isRefreshing)
        #expect(machine.event(.willEnterForeground, at: ms(20)) == .joinRefresh)
        #expect(machine.event(.didBecomeActive, at: ms(21)) == .joinRefresh)
        #expect(machine.refreshFinished(at: ms(30)) == .refreshAgain)
        #expect(machine.isRefreshing)
        #expect(machine.refreshFinished(at: ms(40)) == .done)
        #expect(!machine.isRefreshing)
    }

    @Test func backgroundDuringARefreshEndsTheBurstEvenWithoutAForegroundEvent() {
        var machine = makeMachine()
        _ = machine.event(.didBecomeActive, at: ms(0))
        #expect(machine.event(.didEnterBackground, at: ms(10)) == .ignore)
        #expect(machine.refreshFinished(at: ms(30)) == .done)

        #expect(machine.event(.willEnterForeground, at: ms(50)) == .startRefresh(delay: .zero))
    }

    @Test func backgroundWhileIdleDoesNothing() {
        var machine = makeMachine()
        #expect(machine.event(.didEnterBackground, at: ms(0)) == .ignore)
        #expect(!machine.isRefreshing)
        #expect(machine.event(.didBecomeActive, at: ms(1)) == .startRefresh(delay: .zero))
    }

    // MARK: - Slow refreshes

    @Test func eventDuringARefreshButAfterTheWindowRefreshesAgainOnFinish() {
        var machine = makeMachine()
        _ = machine.event(.didBecomeActive, at: ms(0))

        #expect(machine.event(.didBecomeActive, at: ms(600)) == .joinRefresh)
        #expect(machine.refreshFinished(at: ms(700)) == .refreshAgain)
        #expect(machine.isRefreshing)
        #expect(machine.refreshFinished(at: ms(720)) == .done)
        #expect(machine.event(.didBecomeActive, at: ms(800)) == .ignore)
    }

    @Test func eventDuringARefreshWithinTheWindowDoesNotRefreshAgain() {
        var machine = makeMachine()
        _ = machine.event(.didBecomeActive, at: ms(0))

        #expect(machine.event(.didBecomeActive, at: ms(499)) == .joinRefresh)
        #expect(machine.refreshFinished(at: ms(700)) == .done)
    }

    @Test func finishWhileIdleIsDone() {
        var machine = makeMachine()
        #expect(machine.refreshFinished(at: ms(0)) == .done)
        #expect(!machine.isRefreshing)
        #expect(machine.event(.didBecomeActive, at: ms(1)) == .startRefresh(delay: .zero))
    }

    // MARK: - Settle delay

    @Test func settleDelayIsReturnedAndEventsDuringItJoin() {
        var machine = makeMachine(settleDelay: ms(200))

        #expect(machine.event(.willEnterForeground, at: ms(0)) == .startRefresh(delay: ms(200)))
        #expect(machine.event(.didBecomeActive, at: ms(5)) == .joinRefresh)
        #expect(machine.event(.didBecomeActive, at: ms(150)) == .joinRefresh)
        #expect(machine.refreshFinished(at: ms(230)) == .done)
        #expect(!machine.isRefreshing)
    }

    @Test func windowCountsFromTheEndOfTheSettleDelay() {
        var machine = makeMachine(settleDelay: ms(200))
        _ = machine.event(.willEnterForeground, at: ms(0))
        #expect(machine.refreshFinished(at: ms(230)) == .done)

        #expect(machine.event(.didBecomeActive, at: ms(650)) == .ignore)
        #expect(machine.event(.didBecomeActive, at: ms(800)) == .startRefresh(delay: ms(200)))
    }

    @Test func machineKeepsItsConfiguration() {
        let machine = makeMachine(settleDelay: ms(250))
        #expect(machine.window == Self.window)
        #expect(machine.settleDelay == ms(250))
    }

    @Test func aSecondBackgroundDuringARefreshMakesTheNextForegroundRefresh() {
        var machine = makeMachine()
        #expect(machine.event(.didBecomeActive, at: ms(0)) == .startRefresh(delay: .zero))
        #expect(machine.event(.didEnterBackground, at: ms(10)) == .ignore)
        #expect(machine.event(.willEnterForeground, at: ms(20)) == .joinRefresh)
        #expect(machine.event(.didEnterBackground, at: ms(30)) == .ignore)
        #expect(machine.refreshFinished(at: ms(40)) == .refreshAgain)
        #expect(machine.refreshFinished(at: ms(50)) == .done)
        // Settings may have changed after the second background: the next foreground refreshes.
        #expect(machine.event(.willEnterForeground, at: ms(100)) == .startRefresh(delay: .zero))
    }
}
