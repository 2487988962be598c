import Foundation
import Permit
import PermitTesting
import PermitWebTesting

extension DemoScenario {
    /// The seed apps' own keys, kept whole: with the zoobox preset's switch on, the `p_…` keys in the app's
    /// `UserDefaults` follow a grant made from the page, and `FCM_Token_Backup` follows every new token, as the
    /// app's code from before Permit reads them.
    static let seedKeys = DemoScenario(
        name: "seed-keys", seed: "002",
        summary: "the seed's p_ keys and FCM_Token_Backup in UserDefaults follow a grant and every new token"
    ) { context in
        let app = context.makeApp()
        try await app.launch()
        try await app.waitForPageToMatch()
        try await waitFor("expected p_Location=no in UserDefaults at launch") { app.userDefault("p_Location") == "no" }

        await app.device.answerNextPrompt(for: .location, with: .granted)
        try await app.tap("[data-request=location]")
        try await app.waitForPage("expected location granted after the tap") { $0.statuses["location"] == "granted" }
        try await waitFor("expected p_Location=yes in UserDefaults after the grant") { app.userDefault("p_Location") == "yes" }
        context.note("  app     UserDefaults after the grant: p_Location=\(app.userDefault("p_Location") ?? "-") "
            + "p_Camera=\(app.userDefault("p_Camera") ?? "-") p_Notification=\(app.userDefault("p_Notification") ?? "-")")

        let first = await app.pushTokens.registerForRemoteNotifications()
        try await waitFor("expected FCM_Token_Backup to hold the first token") { app.userDefault("FCM_Token_Backup") == first }
        let second = await app.pushTokens.rotateToken()
        try await waitFor("expected FCM_Token_Backup to follow the new token") { app.userDefault("FCM_Token_Backup") == second }
        try await app.waitForPage("expected the page's FCM_token to follow too") { $0.cookies["FCM_token"] == second }
        context.note("  app     FCM_Token_Backup followed the token: \(first.prefix(12))… then \(second.prefix(12))…")

        try await app.relaunch()
        try await app.waitForPageToMatch()
        try context.check(
            app.userDefault("p_Location") == "yes" && app.userDefault("FCM_Token_Backup") == second,
            "expected the keys to survive a relaunch")
        return "p_Location no -> yes with the grant; FCM_Token_Backup followed two tokens and a relaunch"
    }

    /// Returns once `condition` holds; throws `failure` after 5 seconds.
    static func waitFor(_ failure: String, _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while !(await condition()) {
            guard ContinuousClock.now < deadline else { throw DemoError(failure) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
