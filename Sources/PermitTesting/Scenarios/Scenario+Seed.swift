import Foundation
import Permit

extension Scenario {
    /// The seed's four testing scenarios, the relaunch after iOS terminated the app, and the first launch
    /// after upgrading from a seed-era app.
    package static let seed: [Scenario] = [
        freshInstall, grantFlow, settingsChange, multipleChanges, relaunchAfterKill, upgradeFromSeedApp,
    ]

    /// Scenario 1: on a fresh install every cookie is created `no`.
    package static let freshInstall = Scenario(
        name: "fresh-install", summary: "a fresh install creates every permission cookie as no"
    ) { context in
        let center = await context.launch()
        let cookies = await center.cookies()
        context.note("launch: cookies \(cookies.cookieLine)")
        try context.check(
            cookies == ["p_Location": "no", "p_Camera": "no", "p_Notification": "no"],
            "expected every cookie no, got \(cookies.cookieLine)")
        let stored = try await context.storedSnapshot()
        let bytes = (try? Data(contentsOf: context.storeURL).count) ?? 0
        context.note("store: \(stored.records.count) records in \(bytes) bytes, \(stored.history.count) changes in history")
        try context.check(
            Set(stored.records.keys) == Set(context.kinds) && stored.records.values.allSatisfy { $0.status == .notDetermined },
            "expected the store to hold every kind as notDetermined")
        try context.check(stored.history.isEmpty, "expected no change in history: first observations are not changes")
        return "3 cookies created no and persisted"
    }

    /// Scenario 2: granting the camera sets `p_Camera` to `yes` as soon as the prompt is answered.
    package static let grantFlow = Scenario(
        name: "grant-flow", summary: "p_Camera is yes as soon as the camera prompt is answered Allow"
    ) { context in
        let center = await context.launch()
        let state = try await context.request(.camera, from: center, answering: .granted)
        let cookie = await center.cookieValue(for: .camera)
        context.note("request camera: prompt answered granted, p_Camera=\(cookie.map(\.rawValue) ?? "-")")
        try context.check(cookie == .yes && state.hasPrompted, "expected p_Camera yes after the prompt, got \(state)")
        let prompts = await context.device.promptCount(for: .camera)
        try context.check(prompts == 1, "expected one prompt, saw \(prompts)")
        let stored = try await context.storedSnapshot()
        try context.check(
            stored.records[.camera]?.status == .granted && stored.records[.camera]?.hasPrompted == true,
            "expected the store to hold camera granted and prompted")
        let last = stored.history.last
        context.note("store: camera granted, last change \(last.map(\.description) ?? "none")")
        try context.check(last?.cause == .request && last?.current == .granted, "expected the change caused by request")
        return "p_Camera yes after one prompt, persisted"
    }

    /// Scenario 3: location revoked in Settings is seen as soon as the app is active again.
    package static let settingsChange = Scenario(
        name: "settings-change",
        summary: "location revoked in Settings: p_Location is no once the app is active again"
    ) { context in
        let center = await context.launch()
        try await context.request(.location, from: center, answering: .granted)
        context.note("location granted: p_Location=\(await center.cookieValue(for: .location)?.rawValue ?? "-")")
        await context.device.moveToBackground()
        let outcome = await context.device.changeInSettings(.location, to: .denied)
        context.note("in Settings: location turned off (\(outcome == .appKeptRunning ? "app kept running" : "\(outcome)"))")
        try context.check(outcome == .appKeptRunning, "iOS keeps the app running for a location change")
        let start = ContinuousClock.now
        try await context.device.moveToForeground()
        let elapsed = start.duration(to: .now)
        let stored = try await context.storedSnapshot()
        let cookie = await center.cookieValue(for: .location)
        let detection = String(format: "%.3f", elapsed.milliseconds)
        context.note(
            "back in the app: p_Location=\(cookie?.rawValue ?? "-"), persisted \(detection) ms after the app "
                + "returned (will-enter-foreground, did-become-active, save)")
        try context.check(cookie == .no, "expected p_Location no, got \(cookie?.rawValue ?? "-")")
        try context.check(stored.records[.location]?.status == .denied, "expected the store to hold location denied")
        try context.check(
            stored.history.last?.cause == .foreground && stored.history.last?.previous == .granted,
            "expected the change granted -> denied caused by foreground")
        return "p_Location no, persisted \(detection) ms after the app returned"
    }

    /// Scenario 4: several permissions changed in Settings are all updated in one refresh.
    package static let multipleChanges = Scenario(
        name: "multiple-changes", summary: "several changes in Settings are all updated in one refresh"
    ) { context in
        for kind in context.kinds { await context.device.setStatus(.granted, for: kind) }
        let center = await context.launch()
        context.note("launch with every permission granted: \((await center.cookies()).cookieLine)")
        await context.device.moveToBackground()
        await context.device.changeInSettings(.location, to: .denied)
        await context.device.changeInSettings(.notifications, to: .denied)
        context.note("in Settings: location and notifications turned off")
        let summary = await center.summary()
        for line in summary.description.split(separator: "\n") { context.note(String(line)) }
        try context.check(
            summary.entries.filter { !$0.isInSync }.map(\.kind) == [.location, .notifications],
            "expected the summary to show location and notifications out of sync")
        let readsBefore = await context.device.statusReadCount
        try await context.device.moveToForeground()
        let reads = await context.device.statusReadCount - readsBefore
        let cookies = await center.cookies()
        context.note("back in the app: \(cookies.cookieLine), \(reads) status read(s)")
        try context.check(
            cookies == ["p_Location": "no", "p_Camera": "yes", "p_Notification": "no"],
            "expected location and notifications no, camera yes; got \(cookies.cookieLine)")
        let seen = (await center.history()).filter { $0.cause == .foreground }
        try context.check(
            Set(seen.map(\.kind)) == [.location, .notifications] && Set(seen.map(\.date)).count == 1
                && seen.count == 2,
            "expected both changes from one foreground refresh, got \(seen)")
        return "2 cookies updated in one refresh"
    }

    /// iOS terminates the app when the camera is turned off in Settings; the next launch detects the change.
    package static let relaunchAfterKill = Scenario(
        name: "relaunch-after-kill",
        summary: "camera turned off in Settings terminates the app; the next launch detects the change"
    ) { context in
        let first = await context.launch()
        try await context.request(.camera, from: first, answering: .granted)
        await context.device.moveToBackground()
        let outcome = await context.device.changeInSettings(.camera, to: .denied)
        context.note("in Settings: camera turned off; iOS \(outcome == .appTerminated ? "terminated the app" : "did not terminate the app")")
        try context.check(outcome == .appTerminated, "expected iOS to terminate the app")
        let relaunched = await context.launch()
        let history = await relaunched.history()
        let last = history.last
        context.note("relaunch: p_Camera=\(await relaunched.cookieValue(for: .camera)?.rawValue ?? "-"), change \(last.map(\.description) ?? "none")")
        try context.check(
            last?.kind == .camera && last?.previous == .granted && last?.current == .denied && last?.cause == .launch,
            "expected camera granted -> denied caused by launch, got \(last.map(\.description) ?? "none")")
        return "camera granted -> denied detected at launch"
    }

    /// An app that shipped the seed's manager left `p_…` keys in `UserDefaults`; the first launch with Permit
    /// imports them and reports only what really changed since.
    package static let upgradeFromSeedApp = Scenario(
        name: "upgrade-from-legacy-keys",
        summary: "the first launch after upgrading imports the legacy p_ keys and reports only real changes"
    ) { context in
        let suiteName = "permit.scenario.\(UUID().uuidString)"
        guard let defaults = UserDefaults(suiteName: suiteName) else {
            try context.check(false, "could not create a UserDefaults suite")
            return ""
        }
        defer { defaults.removePersistentDomain(forName: suiteName) }
        defaults.set("yes", forKey: "p_Location")
        defaults.set("yes", forKey: "p_Camera")
        defaults.set("no", forKey: "p_Notification")
        context.note("an earlier version of the app left p_Location=yes p_Camera=yes p_Notification=no in UserDefaults")
        await context.device.setStatus(.granted, for: .location)
        await context.device.setStatus(.denied, for: .camera)  // turned off in Settings before the upgrade
        await context.device.setStatus(.denied, for: .notifications)
        context.note("the OS now says: location granted, camera denied, notifications denied")
        let center = await context.launch(importingLegacyKeysFrom: defaults)
        let history = await center.history()
        context.note("first launch with Permit: \(history.map(\.description).joined(separator: "; "))")
        try context.check(
            history.count == 1 && history.first?.kind == .camera && history.first?.current == .denied
                && history.first?.cause == .launch,
            "expected exactly one change, camera to denied at launch; got \(history)")
        let stored = try await context.storedSnapshot()
        try context.check(
            stored.records.count == 3 && stored.records.values.allSatisfy { !$0.isImported },
            "expected three exact records in the new store")
        let cookies = await center.cookies()
        context.note("cookies: \(cookies.cookieLine)")
        return "legacy keys imported; only camera yes -> no reported"
    }
}
