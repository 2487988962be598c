import Foundation
import InMemoryLogging
import Logging
import Permit
import PermitAdapterSupport
import PermitTesting
import Testing

/// Notifications as a matrix: the settings iOS reports beside the authorization, translated by the adapter,
/// kept in the store (format 2, which still reads format 1), and a change of them alone seen as a change.
@Suite(.timeLimit(.minutes(1))) struct NotificationDetailsTests {
    typealias Details = NotificationDetails

    /// Every setting off but Notification Center: quiet delivery, not silent.
    static let quietOnly = Details(notificationCenter: .enabled)

    // MARK: - The matrix

    @Test func silentOnlyIsEveryWayOfShowingOff() {
        #expect(Details.off.isSilentOnly && !Details.allowed.isSilentOnly && !Self.quietOnly.isSilentOnly)
        // Critical alerts, time-sensitive delivery and the summary do not show a notification by themselves.
        let onlyCritical = Details(criticalAlerts: .enabled, timeSensitive: .enabled, scheduledSummary: .enabled)
        #expect(onlyCritical.isSilentOnly)
        #expect(!Details(alerts: .enabled, alertStyle: .none).showsAlerts && Details.allowed.showsAlerts)
    }

    @Test func theCookiesSayYesForASettingThatIsOnAndNoOtherwise() {
        #expect(Details.allowed.cookies == [
            "p_Notification_Alerts": "yes", "p_Notification_Sounds": "yes", "p_Notification_Badges": "yes",
            "p_Notification_LockScreen": "yes", "p_Notification_Center": "yes", "p_Notification_Critical": "no",
            "p_Notification_TimeSensitive": "no", "p_Notification_Summary": "no",
        ])
        #expect(Set(Details.off.cookies.values) == ["no"] && Details.cookieNames.count == 8)
    }

    /// UserNotifications' raw values (`UNNotificationSetting`: notSupported 0, disabled 1, enabled 2;
    /// `UNAlertStyle`: none 0, banner 1, alert 2), and a value iOS adds later read as not supported.
    @Test func theAdapterTranslatesUserNotificationsRawValues() {
        #expect(NotificationSettingsReading.setting(0) == .notSupported)
        #expect(NotificationSettingsReading.setting(1) == .disabled)
        #expect(NotificationSettingsReading.setting(2) == .enabled)
        #expect(NotificationSettingsReading.setting(7) == .notSupported)
        #expect(NotificationSettingsReading.alertStyle(2) == .alert && NotificationSettingsReading.alertStyle(9) == .none)
        let read = NotificationSettingsReading.details(
            alert: 1, alertStyle: 0, sound: 2, badge: 1, lockScreen: 1, notificationCenter: 1, criticalAlert: 0,
            timeSensitive: 2, scheduledDelivery: 2)
        #expect(read == Details(sounds: .enabled, criticalAlerts: .notSupported, timeSensitive: .enabled, scheduledSummary: .enabled))
    }

    @Test(arguments: [Details.allowed, .quiet, .off, Details(alerts: .enabled, alertStyle: .alert, criticalAlerts: .notSupported, scheduledSummary: .enabled)])
    func theStoreCodeRoundTrips(details: Details) {
        #expect(details.storeCode.count == 9)
        #expect(Details(storeCode: details.storeCode) == details)
    }

    @Test func aBadStoreCodeReadsAsNone() {
        for code in ["", "beeeeeuu", "beeeeeuudd", "xeeeeeuud", "beeeeeuuz"] { #expect(Details(storeCode: code) == nil, "\(code)") }
    }

    // MARK: - The store

    /// A store written by Permit at 4b23a35 (format 1: records, a history with prompts, an imported record, the
    /// policy's attachment) loads unchanged, and is written back as format 2 with the settings.
    @Test func aStoreOfFormatOneLoadsAndIsWrittenAsFormatTwo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-details-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("permissions.json")
        let formatOne = #"""
            {"attachments":{"permit.policy":{"value":{"informed":["camera"],"prompts":2},"version":1}},\#
            "history":[{"at":1763778000123,"cause":"request","from":"notDetermined","kind":"notifications","prompted":true,"to":"granted"}],\#
            "permissions":{"camera":{"imported":true,"prompted":false,"status":"granted"},\#
            "notifications":{"checked":1763778000123,"prompted":true,"status":"granted"}},"version":1}
            """#
        try Data(formatOne.utf8).write(to: url)
        let (logger, log) = makeTestLogger()
        let store = FilePermissionStore(url: url, logger: logger)
        var snapshot = try await store.load()
        #expect(snapshot.records[.notifications]?.status == .granted && snapshot.records[.notifications]?.notificationDetails == nil)
        #expect(snapshot.records[.camera]?.isImported == true && snapshot.history.first?.hasPrompted == true)
        #expect(snapshot.attachments["permit.policy"] != nil)
        #expect(!log.entries.contains { $0.level >= .warning })

        snapshot.records[.notifications]?.notificationDetails = Self.quietOnly
        try await store.save(snapshot)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(#""version":2"#) && text.contains(#""notif":"nddddeddd""#))
        #expect(try await store.load() == snapshot)
    }

    // MARK: - The center

    /// The settings are read at launch and kept; a change of them alone, made in Settings while the app kept
    /// running, is a change at the next foreground (statuses equal, settings before and after), streamed and not
    /// kept in the history; the first settings read for a record without them are none.
    @Test func aChangeOfTheSettingsAloneIsAChange() async throws {
        let device = SimulatedDevice(statuses: [.notifications: .granted])
        let store = InMemoryPermissionStore(PermissionSnapshot(records: [
            .notifications: PermissionRecord(status: .granted, hasPrompted: true, checkedAt: nil)
        ]))
        await device.launchApp()
        let logger = makeTestLogger().0
        let center = PermissionCenter(
            kinds: [.notifications, .camera], authority: device, storage: PermitStorage(store: store, logger: logger),
            logger: logger)
        await device.attachLifecycleObserver { await center.handle($0) }
        var changes = center.changes().makeAsyncIterator()
        await center.start()
        let first = try #require(await changes.next())
        #expect(first.kind == .camera, "the first settings read are no change; camera's first observation is")
        #expect(await center.notificationDetails() == .allowed)
        #expect(await store.snapshot.records[.notifications]?.notificationDetails == .allowed)

        await device.moveToBackground()
        await device.setNotificationDetails(Self.quietOnly)
        try await device.moveToForeground()
        let change = try #require(await changes.next())
        #expect(change.kind == .notifications && change.previous == .granted && change.current == .granted)
        #expect(change.previousNotificationDetails == .allowed && change.notificationDetails == Self.quietOnly)
        #expect(await center.state(for: .notifications)?.notificationDetails == Self.quietOnly)
        #expect(await center.history().isEmpty)
        #expect(await store.snapshot.records[.notifications]?.notificationDetails == Self.quietOnly)
    }

    /// A center whose authority reads no settings keeps none, and reports no change of them.
    @Test func anAuthorityThatReadsNoSettingsKeepsNone() async {
        let logger = makeTestLogger().0
        let center = PermissionCenter(
            kinds: [.notifications], authority: CallbackAuthority(kind: .notifications, status: { .granted }, ask: { $0(.granted) }),
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
        #expect(await center.notificationDetails() == nil)
        #expect(await center.refresh().isEmpty)
    }

    /// A store with the settings of every kind stays within 100 bytes per permission.
    @Test func theSettingsKeepTheStoreWithinAHundredBytesPerPermission() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-details-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("permissions.json")
        var snapshot = PermissionSnapshot()
        for kind in PermissionKind.builtIn {
            snapshot.records[kind] = PermissionRecord(status: .granted, hasPrompted: true, checkedAt: Date())
        }
        snapshot.records[.notifications]?.notificationDetails = .allowed
        try await FilePermissionStore(url: url, logger: makeTestLogger().0).save(snapshot)
        let size = try Data(contentsOf: url).count
        #expect(size / PermissionKind.builtIn.count <= 100, "\(size) bytes")
    }
}
