import Foundation
import Permit
import PermitTesting
import PermitWebTesting
import PermitWeb
import Testing

@Suite struct CookieSyncTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let attributes = CookieAttributes(domain: "app.test")

    // MARK: - The plan

    @Test func aMissingCookieIsWrittenAndAMatchingOneIsLeftAlone() {
        let wanted = DesiredCookie(name: "FCM_token", value: "t1", attributes: attributes)
        let plan = CookieSyncPlan(desired: [wanted], managed: [], actual: [], now: start)
        let written = attributes.cookie(name: "FCM_token", value: "t1", now: start)
        #expect(plan.steps == [.write(written)])
        // A day later the written cookie still matches: no write.
        #expect(CookieSyncPlan(desired: [wanted], managed: [], actual: [written], now: start.addingTimeInterval(86_400)).isEmpty)
    }

    @Test(arguments: ["value", "secure", "httpOnly", "sameSite", "sameSite unspecified", "session", "expiry too far"])
    func aDifferentCookieIsRewritten(attribute: String) {
        let wanted = DesiredCookie(name: "FCM_token", value: "t1", attributes: attributes)
        var present = attributes.cookie(name: "FCM_token", value: "t1", now: start)
        switch attribute {
        case "value": present.value = "other"
        case "secure": present.isSecure = false
        case "httpOnly": present.isHTTPOnly = true
        case "sameSite": present.sameSite = .strict
        case "sameSite unspecified": present.sameSite = .unspecified
        case "session": present.expires = nil
        default: present.expires = present.expires?.addingTimeInterval(10)
        }
        let plan = CookieSyncPlan(desired: [wanted], managed: [], actual: [present], now: start)
        #expect(plan.steps == [.write(attributes.cookie(name: "FCM_token", value: "t1", now: start))], "\(attribute)")
    }

    @Test func aCookieNearItsExpiryIsRenewed() {
        let wanted = DesiredCookie(name: "p_Camera", value: "yes", attributes: attributes)
        let written = attributes.cookie(name: "p_Camera", value: "yes", now: start)
        let later = start.addingTimeInterval(336 * 86_400)  // 29 days left, inside the 30-day window
        #expect(CookieSyncPlan(desired: [wanted], managed: [], actual: [written], now: later).steps
            == [.write(attributes.cookie(name: "p_Camera", value: "yes", now: later))])
        #expect(CookieSyncPlan(desired: [wanted], managed: [], actual: [written], now: start.addingTimeInterval(334 * 86_400)).isEmpty)
    }

    @Test func theOtherScopeIsDeletedBeforeTheWrite() {
        let wanted = DesiredCookie(name: "FCM_token", value: "t1", attributes: attributes)
        var domainScoped = attributes.cookie(name: "FCM_token", value: "t1", now: start)
        domainScoped.isHostOnly = false
        let plan = CookieSyncPlan(desired: [wanted], managed: [], actual: [domainScoped], now: start)
        #expect(plan.steps == [.delete(CookieKey(domainScoped)), .write(attributes.cookie(name: "FCM_token", value: "t1", now: start))])
    }

    @Test func bothScopesPresentAreReducedToTheWantedOne() {
        let wanted = DesiredCookie(name: "FCM_token", value: "t1", attributes: attributes)
        let hostOnly = attributes.cookie(name: "FCM_token", value: "t1", now: start)
        var domainScoped = hostOnly
        domainScoped.isHostOnly = false
        let plan = CookieSyncPlan(desired: [wanted], managed: [], actual: [hostOnly, domainScoped], now: start)
        #expect(plan.steps == [.delete(CookieKey(hostOnly)), .write(hostOnly)])
    }

    @Test func aSecureCookieIsDeletedBeforeOneThatIsNotReplacesIt() {
        var plain = attributes
        plain.isSecure = false
        let wanted = DesiredCookie(name: "FCM_token", value: "t1", attributes: plain)
        let secure = attributes.cookie(name: "FCM_token", value: "t1", now: start)
        #expect(CookieSyncPlan(desired: [wanted], managed: [], actual: [secure], now: start).steps
            == [.delete(CookieKey(secure)), .write(plain.cookie(name: "FCM_token", value: "t1", now: start))])
        // The other way round needs no delete: a Secure write replaces a plain cookie.
        let upgrade = DesiredCookie(name: "FCM_token", value: "t1", attributes: attributes)
        #expect(CookieSyncPlan(desired: [upgrade], managed: [], actual: [plain.cookie(name: "FCM_token", value: "t1", now: start)], now: start).steps
            == [.write(secure)])
    }

    @Test func aSessionCookieIsWantedWithoutAnExpiry() {
        var session = attributes
        session.lifetime = nil
        let wanted = DesiredCookie(name: "s", value: "1", attributes: session)
        let persistent = attributes.cookie(name: "s", value: "1", now: start)
        #expect(CookieSyncPlan(desired: [wanted], managed: [], actual: [persistent], now: start).steps
            == [.write(session.cookie(name: "s", value: "1", now: start))])
        #expect(CookieSyncPlan(desired: [wanted], managed: [], actual: [session.cookie(name: "s", value: "1", now: start)], now: start).isEmpty)
    }

    @Test func onlyManagedCookiesAreDeletedAndOthersAreNeverTouched() {
        let stale = attributes.cookie(name: "FCM_token", value: "old", now: start)
        let theirs = attributes.cookie(name: "session", value: "s", now: start)
        let plan = CookieSyncPlan(desired: [], managed: [CookieKey(stale)], actual: [stale, theirs], now: start)
        #expect(plan.steps == [.delete(CookieKey(stale))])
        #expect(CookieSyncPlan(desired: [], managed: [CookieKey(stale)], actual: [theirs], now: start).isEmpty)
    }

    // MARK: - The sync over a web view

    @Test func setWritesOnceAndASecondSyncWritesNothing() async throws {
        let host = FakeWebViewHost()
        let sync = CookieSync(store: host.cookieStore, siteHost: "app.test", logger: quietLogger, now: { [start] in start })
        #expect(try await sync.set("FCM_token", value: "t1", attributes: attributes).written == ["FCM_token"])
        #expect(try await sync.set("FCM_token", value: "t1", attributes: attributes).isEmpty)
        #expect(try await sync.synchronize().isEmpty)
        #expect(await host.cookieWriteCount == 1)
        #expect(await host.allCookies() == [attributes.cookie(name: "FCM_token", value: "t1", now: start)])
    }

    @Test func anInvalidCookieIsNeitherWrittenNorRemembered() async throws {
        let host = FakeWebViewHost()
        let sync = CookieSync(store: host.cookieStore, siteHost: "app.test", logger: quietLogger)
        await #expect(throws: CookieError.invalidValue) { try await sync.set("FCM_token", value: "a b", attributes: attributes) }
        await #expect(throws: CookieError.domainMismatch) {
            try await sync.set("FCM_token", value: "ab", attributes: CookieAttributes(domain: "other.test"))
        }
        #expect(try await sync.synchronize().isEmpty)
        #expect(await host.cookieWriteCount == 0)
        #expect(await sync.desiredCookies().isEmpty)
    }

    @Test func aPageLoadRepairsACookieDeletedBehindTheSyncsBack() async throws {
        let (host, sync, validated) = syncOverAHost()
        let events = host.events()
        try await whileRunning({ await sync.run(following: events) }) {
            try await expectADeletedCookieRepairedAtLoad(host, sync, validated)
            try await host.setCookie(Cookie(name: "FCM_token", value: "tampered", domain: "app.test"))
            await host.send(.restarted)
            await validated.wait(for: .restarted)
            #expect(await host.allCookies().map(\.value) == ["t1"])
            let writes = await host.cookieWriteCount
            await host.load(URL(string: "https://app.test/next")!)
            await validated.wait(for: .loaded(URL(string: "https://app.test/next")!))
            #expect(await host.cookieWriteCount == writes, "a load with everything in place writes nothing")
        }

        // run(following:) returned: nothing follows the events any more.
        #expect(await yield { host.eventSubscriberCount == 0 }, "after run() the sync no longer follows the events")
        try await host.deleteCookie(named: "FCM_token", domain: "app.test", path: "/")
        await host.load(URL(string: "https://app.test/third")!)
        #expect(await host.allCookies().isEmpty, "after run() page loads no longer repair")
    }

    @Test func removeDeletesTheCookieAndKeepsItDeleted() async throws {
        let (host, sync, validated) = syncOverAHost()
        let events = host.events()
        try await whileRunning({ await sync.run(following: events) }) {
            try await sync.set("FCM_token", value: "t1", attributes: attributes)
            #expect(try await sync.remove("FCM_token", attributes: attributes).deleted == ["FCM_token"])
            #expect(await host.allCookies().isEmpty)
            try await host.setCookie(attributes.cookie(name: "FCM_token", value: "t1", now: Date()))  // a stale copy comes back
            await host.load(URL(string: "https://app.test/")!)
            await validated.wait(for: .loaded(URL(string: "https://app.test/")!))
            #expect(await host.allCookies().isEmpty)
        }
    }

    @Test func aCancelledRunCanRunAgain() async throws {
        let (host, sync, validated) = syncOverAHost()
        try await whileRunning({ await sync.run(following: host.events()) }) {}
        #expect(await yield { host.eventSubscriberCount == 0 })
        let events = host.events()
        try await whileRunning({ await sync.run(following: events) }) {
            try await expectADeletedCookieRepairedAtLoad(host, sync, validated)
        }
    }

    @Test func mirroredCookiesFollowTheCenterWhileTheSyncRunsAndNotAfter() async throws {
        let (device, center, host, sync) = await mirroringApp()
        // Mirrored before the run: a change in between is written once the run starts.
        try await sync.mirrorPermissionCookies(of: center, attributes: attributes)
        await device.answerNextPrompt(for: .camera, with: .granted)
        _ = try await center.request(.camera)
        let events = host.events()
        try await whileRunning({ await sync.run(following: events) }) {
            #expect(await yield { await jar(host)["p_Camera"] == "yes" })
            // Stopped and started again while it runs: the new mirror is followed.
            try await sync.stopMirroringPermissionCookies(removingCookies: true)
            try await sync.mirrorPermissionCookies(of: center, attributes: attributes)
            await device.answerNextPrompt(for: .location, with: .granted)
            _ = try await center.request(.location)
            #expect(await yield { await jar(host)["p_Location"] == "yes" })
        }
        await device.answerNextPrompt(for: .notifications, with: .granted)
        _ = try await center.request(.notifications)
        #expect(await jar(host)["p_Notification"] == "no", "run() returned: the change is not mirrored")
    }

    /// Opt-in: the notification-setting cookies are mirrored with the `p_…` ones only when asked for, follow a
    /// change of the settings alone, and are removed with them.
    @Test func notificationSettingCookiesAreMirroredOnlyWhenAskedFor() async throws {
        let (device, center, host, sync) = await mirroringApp()
        await device.answerNextPrompt(for: .notifications, with: .granted)
        _ = try await center.request(.notifications)
        try await sync.mirrorPermissionCookies(of: center, attributes: attributes)
        let plain = await jar(host)
        #expect(plain["p_Notification"] == "yes" && !plain.keys.contains("p_Notification_Alerts"))

        try await sync.mirrorPermissionCookies(of: center, attributes: attributes, includingNotificationSettings: true)
        #expect(await jar(host).filter { $0.key.hasPrefix("p_Notification_") } == NotificationDetails.allowed.cookies)
        let events = host.events()
        try await whileRunning({ await sync.run(following: events) }) {
            await device.setNotificationDetails(NotificationDetails(notificationCenter: .enabled))
            await center.handle(.didEnterBackground)
            await center.handle(.willEnterForeground)
            #expect(await yield { await jar(host)["p_Notification_Alerts"] == "no" })
            let after = await jar(host)
            #expect(after["p_Notification_Center"] == "yes" && after["p_Notification"] == "yes")
        }
        try await sync.stopMirroringPermissionCookies(removingCookies: true)
        #expect(await jar(host).keys.filter { $0.hasPrefix("p_") }.isEmpty)
    }

    @Test func permissionCookiesCanBeRemovedWhenMirroringStops() async throws {
        let (device, center, host, sync) = await mirroringApp()
        try await host.setCookie(Cookie(name: "session", value: "theirs", domain: "app.test"))
        try await sync.mirrorPermissionCookies(of: center, attributes: attributes)
        let report = try await sync.stopMirroringPermissionCookies(removingCookies: true)
        #expect(report.deleted == ["p_Camera", "p_Location", "p_Notification"])
        #expect(await jar(host) == ["session": "theirs"])

        await device.answerNextPrompt(for: .camera, with: .granted)
        _ = try await center.request(.camera)
        await host.load(URL(string: "https://app.test/")!)
        #expect(try await sync.synchronize().deleted.isEmpty)
        #expect(await jar(host) == ["session": "theirs"], "no mirroring after it stopped")
    }

    /// A launched device, a center over it, and a sync over a fake web view.
    /// A fake web view and a sync over its cookie store, with the log of the sync's validations.
    private func syncOverAHost() -> (FakeWebViewHost, CookieSync, EventLog) {
        let host = FakeWebViewHost()
        let sync = CookieSync(store: host.cookieStore, siteHost: "app.test", logger: quietLogger)
        return (host, sync, EventLog(following: sync.validations()))
    }

    /// Sets `FCM_token`, deletes it behind the sync's back and loads a page: the load's validation writes it back.
    private func expectADeletedCookieRepairedAtLoad(_ host: FakeWebViewHost, _ sync: CookieSync, _ validated: EventLog) async throws {
        let page = URL(string: "https://app.test/")!
        try await sync.set("FCM_token", value: "t1", attributes: attributes)
        try await host.deleteCookie(named: "FCM_token", domain: "app.test", path: "/")
        await host.load(page)
        await validated.wait(for: .loaded(page))
        #expect(await host.allCookies().map(\.value) == ["t1"])
    }

    private func mirroringApp() async -> (SimulatedDevice, PermissionCenter, FakeWebViewHost, CookieSync) {
        let device = SimulatedDevice()
        await device.launchApp()
        let center = PermissionCenter(
            kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: InMemoryPermissionStore(), logger: quietLogger), logger: quietLogger)
        let host = FakeWebViewHost()
        return (device, center, host, CookieSync(store: host.cookieStore, siteHost: "app.test", logger: quietLogger))
    }

    private func jar(_ host: FakeWebViewHost) async -> [String: String] {
        Dictionary(uniqueKeysWithValues: await host.allCookies().map { ($0.name, $0.value) })
    }
}
