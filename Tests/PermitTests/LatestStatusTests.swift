import Foundation
import Testing

@testable import Permit
import PermitTesting

/// `PermissionCenter.latestStatus(for:)`: the status `state(for:)` answers, read without the actor.
@Suite(.timeLimit(.minutes(1))) struct LatestStatusTests {
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
        #expect(center.latestStatus(for: .location) == nil)
        await center.start()
        #expect(center.latestStatus(for: .location) == .granted)
        #expect(center.latestStatus(for: .camera) == .notDetermined)
        #expect(center.latestStatus(for: .microphone) == nil)
    }

    @Test func itFollowsEveryRecordedChange() async throws {
        await device.launchApp()
        let center = makeCenter()
        await center.start()
        var changes = center.changes().makeAsyncIterator()

        await device.answerNextPrompt(for: .location, with: .granted)
        let granted = try await center.request(.location)
        #expect(granted.status == .granted)
        #expect(center.latestStatus(for: .location) == .granted)
        _ = await changes.next()

        // A change made in Settings while the app runs reaches the center through the OS's callback.
        #expect(await device.changeInSettings(.location, to: .denied) == .appKeptRunning)
        let change = try #require(await changes.next())
        #expect(change.current == .denied)
        #expect(center.latestStatus(for: .location) == .denied)

        // A change found by a refresh (made in Settings with no callback, as iOS does for most kinds).
        await device.setStatus(.granted, for: .camera)
        #expect(center.latestStatus(for: .camera) == .notDetermined)
        _ = await center.refresh()
        #expect(center.latestStatus(for: .camera) == .granted)
        #expect(center.latestStatus(for: .camera) == (await center.state(for: .camera))?.status)
    }
}
