import Foundation
import Permit
import PermitSupport
import PermitTesting
import Testing

/// The person's notification settings reach the page: `getNotificationSettings()` answers them with the status,
/// and a change of them alone, made in Settings while the app kept running, is a
/// `permitnotificationsettingschange` event at the next foreground; on each engine.
@Suite(requiresBrowser, .serialized, .timeLimit(.minutes(3))) struct NotificationSettingsInBrowserTests {
    static let recorder = """
        <script>
          window.settingsChanges = [];
          addEventListener('permitnotificationsettingschange', (event) => settingsChanges.push(event.detail));
        </script>
        <p>app</p>
        """

    @Test(arguments: Engine.available)
    func theSettingsAndTheirChangesReachThePage(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": Self.recorder]) { device in
            await device.setStatus(.granted, for: .notifications)
        }
        try await world.load()
        let first = try #require(try await world.evaluate("ZooboxBridge.getNotificationSettings()"))
        #expect(first["status"] == .string("granted") && first["alerts"] == .string("enabled"))
        #expect(first["alertStyle"] == .string("banner") && first["criticalAlerts"] == .string("notSupported"))
        #expect(first["silentOnly"] == .bool(false))

        // In Settings: every way of showing a notification off, allowed all the same.
        await world.device.moveToBackground()
        await world.device.setNotificationDetails(.off)
        try await world.device.moveToForeground()
        try await world.wait(for: "settingsChanges.length", toBe: .integer(1))
        let change = try #require(try await world.evaluate("settingsChanges[0]"))
        #expect(change["status"] == .string("granted") && change["alerts"] == .string("disabled"))
        #expect(change["silentOnly"] == .bool(true))
        #expect(try await world.evaluate("ZooboxBridge.getNotificationSettings().then((s) => s.silentOnly)") == .bool(true))
        // The statuses did not change: no update event, and p_Notification would still say yes.
        #expect(try await world.evaluate("zooboxPermissions.notifications") == .string("granted"))

        // A foreground with nothing changed pushes nothing.
        await world.device.moveToBackground()
        try await world.device.moveToForeground()
        #expect(try await world.evaluate("new Promise((resolve) => setTimeout(() => resolve(settingsChanges.length), 50))") == .integer(1))
        await world.tearDown()
    }
}
