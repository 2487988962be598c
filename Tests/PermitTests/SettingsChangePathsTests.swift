import Logging
import Permit
import PermitTesting
import Testing

/// The PermitTesting article's "Testing a Settings change", run: the three ways an app hears of a switch
/// turned in Settings, each with the cause the center records.
@Suite(.timeLimit(.minutes(1))) struct SettingsChangePathsTests {
    let logger = Logger(label: "tests", factory: { _ in SwiftLogNoOpLogHandler() })
    let store = InMemoryPermissionStore()
    let device = SimulatedDevice(statuses: [.camera: .granted, .notifications: .granted, .location: .granted])

    func launchedCenter() async -> PermissionCenter {
        await device.launchApp()
        let center = PermissionCenter(
            kinds: [.camera, .notifications, .location], authority: device,
            storage: PermitStorage(store: store, logger: logger), logger: logger)
        await device.attachLifecycleObserver { await center.handle($0) }
        await center.start()
        return center
    }

    @Test func eachPathRecordsItsCause() async throws {
        _ = await launchedCenter()
        #expect(await device.changeInSettings(.camera, to: .denied) == .appTerminated)
        let relaunched = await launchedCenter()
        #expect(await relaunched.history().last { $0.kind == .camera }?.cause == .launch)
        #expect(await relaunched.state(for: .camera)?.status == .denied)

        await device.moveToBackground()
        await device.changeInSettings(.notifications, to: .denied)
        try await device.moveToForeground()
        #expect(await relaunched.state(for: .notifications)?.status == .denied)
        #expect(await relaunched.history().last { $0.kind == .notifications }?.cause == .foreground)

        var changes = relaunched.changes().makeAsyncIterator()
        await device.changeInSettings(.location, to: .denied)
        let change = await changes.next()
        #expect(change?.kind == .location && change?.cause == .osCallback && change?.current == .denied)
    }
}
