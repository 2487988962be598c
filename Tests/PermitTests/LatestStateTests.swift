import Foundation
import Testing

@testable import Permit
import PermitTesting

/// `PermissionCenter.latestState(for:)`: what `state(for:)` answers, read without the actor.
@Suite(.timeLimit(.minutes(1))) struct LatestStateTests {
    let device = SimulatedDevice()

    func makeCenter(kinds: [PermissionKind] = [.location, .camera]) -> PermissionCenter {
        let logger = makeTestLogger().0
        return PermissionCenter(
            kinds: kinds, authority: device, storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger),
            logger: logger)
    }

    @Test func itIsNilUntilTheCenterHasStartedAndForUntrackedKinds() async {
        await device.setStatus(.granted, for: .location)
        let center = makeCenter()
        #expect(center.latestState(for: .location) == nil)
        await center.start()
        #expect(center.latestState(for: .location) == (await center.state(for: .location)))
        #expect(center.latestState(for: .location)?.status == .granted)
        #expect(center.latestState(for: .microphone) == nil)
    }

    @Test func itFollowsEveryRecordedChange() async throws {
        await device.launchApp()
        let center = makeCenter()
        await center.start()
        var changes = center.changes().makeAsyncIterator()

        await device.answerNextPrompt(for: .location, with: .granted)
        let granted = try await center.request(.location)
        #expect(center.latestState(for: .location) == granted)
        #expect(granted.status == .granted && granted.hasPrompted)
        _ = await changes.next()

        // A change made in Settings while the app runs reaches the center through the OS's callback.
        #expect(await device.changeInSettings(.location, to: .denied) == .appKeptRunning)
        let change = try #require(await changes.next())
        #expect(change.current == .denied)
        #expect(center.latestState(for: .location)?.status == .denied)
        #expect(center.latestState(for: .location) == (await center.state(for: .location)))

        // A refresh that finds nothing new still moves the time last checked, as state(for:) shows it.
        let before = try #require(center.latestState(for: .camera)).lastCheckedAt
        _ = await center.refresh()
        #expect(try #require(center.latestState(for: .camera)).lastCheckedAt > before)
        #expect(center.latestState(for: .camera) == (await center.state(for: .camera)))
    }
}
