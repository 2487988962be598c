import Foundation
import Permit
import PermitPageServer
import PermitServer
import PermitTesting
import PermitWebTesting

extension DemoScenario {
    /// Notifications as a matrix: allowed, then every way of showing them turned off in Settings while the app
    /// kept running; the page hears of it (`permitnotificationsettingschange`, silent only), the cookies say it,
    /// and the server's registry records the installation as silent only.
    static let notificationSettings = DemoScenario(
        name: "notification-settings", seed: "001",
        summary: "notifications allowed, then every way of showing them off in Settings: the page, the cookies and the registry say silent only"
    ) { context in
        let app = try await launchedApp(context)
        let serverSide = context.stage.serverSide
        let token = await app.pushTokens.registerForRemoteNotifications()
        await app.device.answerNextPrompt(for: .notifications, with: .granted)
        try await app.tap("[data-request=notifications]")
        // The page's event and the cookie's write both follow the grant, each on its own way: wait for both.
        _ = try await app.waitForPage("expected the page to read the settings after the grant, and p_Notification_Alerts=yes") { page in
            page.notificationSettings?.alerts == "enabled" && page.cookies["p_Notification_Alerts"] == "yes"
        }

        // In Settings > Notifications: banners, sounds, badges, lock screen and Notification Center off.
        await app.background()
        await app.device.setNotificationDetails(.off)
        try await app.foreground()
        let silent = try await app.waitForPage("expected the page's change event to say silent only") { page in
            // One event at the grant (nothing was shown before), one for the change in Settings.
            page.notificationSettings?.silentOnly == true && page.notificationSettingsChanges == 2
                && page.cookies["p_Notification_Alerts"] == "no"
        }
        try context.check(silent.statuses["notifications"] == "granted", "expected notifications still granted")

        // The next page request carries the cookies to the server, which records the installation as silent only.
        let sentBefore = context.stage.server.requests.count
        try await app.reloadPage()
        let sent = context.stage.server.requests.dropFirst(sentBefore).first { $0.path == "/" }?.cookieHeader ?? ""
        try context.check(sent.contains("p_Notification_Alerts=no"), "expected the page request to carry p_Notification_Alerts=no")
        let installation = CookieReport.installationName(token: token)
        try await waitFor("expected the registry to record the installation as silent only") {
            (try? await serverSide.storage.record(installation: installation))??.silentOnly == true
        }
        context.note("  page    granted: alerts enabled; after Settings: silent only (event), p_Notification_Alerts=no")
        context.note("  server  GET / carried p_Notification_Alerts=no; registry: the installation is silent only")
        return "the settings reached the page, the cookies and the registry: silent only"
    }
}
