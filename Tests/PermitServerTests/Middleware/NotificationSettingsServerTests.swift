import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PermitServer
import Testing

/// Notification settings through the server: the cookie path, the native report, and where an operator reads them.
@Suite struct NotificationSettingsServerTests {
    static let admin: HTTPFields = [.authorization: "Bearer \(ServerWorld.adminKey)"]

    @Test func thePagesCookiesRecordTheSettingsAndARepeatCostsNothing() async throws {
        try await ServerWorld.run { world, client in
            let silent = "permit_installation=inst-1; FCM_token=tok-1; p_Notification=yes; "
                + NotificationCookieTests.settings(on: [.critical])
            try await Native.page(client, silent)
            let stored = try #require(try await world.storage.record(installation: "inst-1"))
            #expect(stored.notificationSettings == NotificationSettings(enabled: [.critical]) && stored.silentOnly == true)
            let (reads, saves) = (world.storage.reads, world.storage.saves)

            // The same cookies again, and the page without the set: no read, no write.
            world.advance(30)
            for _ in 0..<3 { try await Native.page(client, silent) }
            try await Native.page(client, "permit_installation=inst-1; FCM_token=tok-1; p_Notification=yes")
            #expect(world.storage.reads == reads && world.storage.saves == saves)

            // Only the settings change (sounds on): written, and no longer silent only.
            try await Native.page(client, silent.replacingOccurrences(of: "p_Notification_Sounds=no", with: "p_Notification_Sounds=yes"))
            #expect(world.storage.saves == saves + 1)
            let changed = try #require(try await world.storage.record(installation: "inst-1"))
            #expect(changed.notificationSettings == NotificationSettings(enabled: [.sounds, .critical]))
            #expect(changed.silentOnly == false && changed.token == "tok-1")
        }
    }

    /// A partial set, a malformed value or a flood: the site's request is served, the settings are not stored, and
    /// what was ignored is counted.
    @Test func badSettingsCookiesAreIgnoredCountedAndNeverFailTheRequest() async throws {
        try await ServerWorld.run { world, client in
            let all = NotificationCookieTests.settings(on: [])
            for cookie in [
                "permit_installation=inst-1; p_Notification=yes; p_Notification_Alerts=no",
                "permit_installation=inst-1; p_Notification=yes; " + all.replacingOccurrences(of: "Badges=no", with: "Badges=maybe"),
                "permit_installation=inst-1; p_Notification=yes; "
                    + Array(repeating: "p_Notification_Center=%00", count: 1_000).joined(separator: "; ") + "; " + all,
            ] {
                try await Native.page(client, cookie)
            }
            let stored = try #require(try await world.storage.record(installation: "inst-1"))
            #expect(stored.notificationSettings == nil && stored.silentOnly == nil)
            #expect(stored.states == ["notifications": .granted])
            #expect(world.writer.metrics.ignoredCookies == 3)
        }
    }

    @Test func aNativeReportCarriesTheSettingsAsJSON() async throws {
        try await ServerWorld.run { world, client in
            let answer = try await Native.report(client, """
                {"installation": "app-1", "states": {"notifications": "granted"}, "notifications": {"alerts": false,
                 "sounds": false, "badges": false, "lockScreen": false, "center": false, "critical": true,
                 "timeSensitive": true, "summary": false, "carPlay": true}}
                """)
            #expect(answer.status == .noContent)
            let stored = try #require(try await world.storage.record(installation: "app-1"))
            #expect(stored.notificationSettings == NotificationSettings(enabled: [.critical, .timeSensitive]))
            #expect(stored.silentOnly == true)
            // A later report without them keeps them.
            let proof = try #require(answer.proof)
            #expect(try await Native.report(client, #"{"installation": "app-1", "states": {}, "proof": "\#(proof)"}"#).status == .noContent)
            #expect(try await world.storage.record(installation: "app-1")?.silentOnly == true)
        }
    }

    /// Strict decoding: every setting, each a JSON boolean, in an object; otherwise 400 with the reason, nothing stored.
    @Test(arguments: [
        #"{"alerts": false}"#,
        #"{"alerts": 0, "sounds": false, "badges": false, "lockScreen": false, "center": false, "critical": false, "timeSensitive": false, "summary": false}"#,
        #"{"alerts": "no", "sounds": false, "badges": false, "lockScreen": false, "center": false, "critical": false, "timeSensitive": false, "summary": false}"#,
        #"{"alerts": null, "sounds": false, "badges": false, "lockScreen": false, "center": false, "critical": false, "timeSensitive": false, "summary": false}"#,
        #"{"silentOnly": true}"#, "true", "[false, false]", #""quiet""#,
    ])
    func malformedSettingsAreRefused(notifications: String) async throws {
        try await ServerWorld.run { world, client in
            let answer = try await Native.report(
                client, #"{"installation": "app-1", "states": {"camera": "granted"}, "notifications": \#(notifications)}"#)
            #expect(answer.status == .badRequest)
            #expect(answer.body == NativeReport.notificationsReason + "\n")
            #expect(try await world.storage.record(installation: "app-1") == nil)
        }
    }

    @Test func anOperatorReadsAnInstallationWithTheAdminKey() async throws {
        try await ServerWorld.run { _, client in
            try await Native.page(client, "permit_installation=inst-1; FCM_token=tok-123456789; p_Notification=yes; "
                + NotificationCookieTests.settings(on: [.summary]))
            try await Native.page(client, "permit_installation=inst-2; p_Camera=yes")
            try await client.execute(uri: "/permit/installations/inst-1", method: .get, headers: Self.admin) { response in
                #expect(response.status == .ok)
                let json = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any]
                #expect(json?["silentOnly"] as? Bool == true)
                #expect(json?["token"] as? String == "tok-12…(13)")
                #expect((json?["notifications"] as? [String: Bool])?["summary"] == true)
                #expect((json?["notifications"] as? [String: Bool])?.count == 8)
                #expect((json?["states"] as? [String: String]) == ["notifications": "granted"])
            }
            try await client.execute(uri: "/permit/installations/inst-2", method: .get, headers: Self.admin) { response in
                let json = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any]
                #expect(json?["silentOnly"] is NSNull && json?["notifications"] == nil)
            }
            try await client.execute(uri: "/permit/installations/nobody", method: .get, headers: Self.admin) { response in
                #expect(response.status == .notFound)
            }
            for headers in [HTTPFields(), [HTTPField.Name("X-Permit-App-Key")!: ServerWorld.appKey]] {
                try await client.execute(uri: "/permit/installations/inst-1", method: .get, headers: headers) { response in
                    #expect(response.status == .unauthorized)
                }
            }

            // The grant rates count the silent-only installations among those whose settings are known.
            try await client.execute(uri: "/permit/grant-rates", method: .get, headers: Self.admin) { response in
                let report = try JSONDecoder().decode(GrantRatesReport.self, from: Data(String(buffer: response.body).utf8))
                #expect(report.notifications == NotificationCounts(known: 1, silentOnly: 1))
            }
            try await client.execute(uri: "/permit/grant-rates.html", method: .get, headers: Self.admin) { response in
                #expect(String(buffer: response.body).contains("1 of the 1 installations that reported their notification settings are silent only."))
            }
        }
    }
}
