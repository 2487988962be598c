import Foundation
import InMemoryLogging
import Permit
import PermitTesting
import Testing

/// The statuses added after the first release in the store: each is written and read back as itself, and a
/// store written before they existed still loads unchanged.
@Suite struct StatusStorageTests {
    /// A store as the first release wrote it: format version 1, the seven original statuses only.
    private static let storeBeforeNewStatuses = #"""
        {"history":[{"at":1763778000123,"cause":"request","from":"notDetermined","kind":"location","to":"limited"}],\#
        "permissions":{"camera":{"checked":1763778000123,"prompted":true,"status":"granted"},\#
        "location":{"checked":1763778000123,"prompted":true,"status":"limited"},\#
        "notifications":{"checked":1763778000123,"prompted":false,"status":"provisional"}},"version":1}
        """#

    @Test func storeWrittenBeforeTheNewStatusesStillLoads() async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        try Data(Self.storeBeforeNewStatuses.utf8).write(to: world.url)

        let snapshot = try await world.store().load()

        #expect(snapshot.records[.camera]?.status == .granted)
        #expect(snapshot.records[.location]?.status == .limited)
        #expect(snapshot.records[.notifications]?.status == .provisional)
        #expect(snapshot.history.map(\.current) == [.limited])
        #expect(world.handler.entries.isEmpty)
    }

    private static let newStatuses: [(PermissionKind, PermissionStatus)] = [
        (.location, .approximate), (.notifications, .ephemeral), (.calendar, .writeOnly),
        (.healthKit, .undisclosed),
    ]

    @Test(arguments: newStatuses)
    func newStatusIsStoredUnderItsNameAndReadBack(_ kind: PermissionKind, _ status: PermissionStatus) async throws {
        let world = try FileStoreWorld()
        defer { world.tearDown() }
        let date = Date(timeIntervalSince1970: 1_763_778_000)
        var snapshot = PermissionSnapshot()
        snapshot.records[kind] = PermissionRecord(status: status, hasPrompted: true, checkedAt: date)
        snapshot.history = [
            PermissionChange(kind: kind, previous: .notDetermined, current: status, cause: .request, date: date)
        ]

        try await world.store().save(snapshot)
        let bytes = String(decoding: try Data(contentsOf: world.url), as: UTF8.self)
        let loaded = try await world.store().load()

        #expect(bytes.contains(#""status":"\#(status.rawValue)""#))
        #expect(bytes.contains(#""to":"\#(status.rawValue)""#))
        #expect(loaded.records[kind]?.status == status)
        #expect(loaded.history.map(\.current) == [status])
    }
}

/// The simulated device with the statuses iOS added: calendar's two kinds are one authorization, write-only
/// access can be upgraded, approximate location is shared by both location kinds.
@Suite struct SimulatedDeviceNewStatusTests {
    @Test func writeOnlyCalendarAccessIsUpgradedByAPrompt() async throws {
        let device = SimulatedDevice()
        await device.launchApp()
        await device.answerNextPrompt(for: .calendarWriteOnly, with: .granted)
        await device.answerNextPrompt(for: .calendar, with: .granted)

        #expect(try await device.request(.calendarWriteOnly) == .granted)
        #expect(await device.status(of: .calendar) == .writeOnly)
        #expect(try await device.request(.calendar) == .granted)
        #expect(await device.status(of: .calendarWriteOnly) == .granted)
        #expect(await device.promptCount(for: .calendar) == 1)
    }

    @Test func deniedCalendarIsDeniedForBothKinds() async {
        let device = SimulatedDevice()
        await device.setStatus(.denied, for: .calendar)
        #expect(await device.status(of: .calendarWriteOnly) == .denied)
    }

    @Test func approximateAlwaysLocationIsApproximateWhileInUse() async {
        let device = SimulatedDevice()
        await device.setStatus(.approximate, for: .locationAlways)
        #expect(await device.status(of: .location) == .approximate)
    }

    @Test(arguments: [PermissionStatus.undisclosed, .ephemeral, .approximate])
    func usableNewStatusShowsNoPrompt(_ status: PermissionStatus) async throws {
        let device = SimulatedDevice(statuses: [.healthKit: status])
        await device.launchApp()
        #expect(try await device.request(.healthKit) == status)
        #expect(await device.totalPromptCount == 0)
    }
}
