import Foundation
package import Permit

extension Scenario {
    /// The AshTrail specification's three permission flows (seed 003): location capture, notification
    /// reminders, and core logging with every permission denied and the network down.
    package static let ashTrail: [Scenario] = [ashTrailLocationCapture, ashTrailReminders, ashTrailOfflineLogging]

    /// AshTrail's declarations: location and notifications, both optional and asked for only at feature use.
    package static let ashTrailManifest: PermissionManifest = {
        let declarations = [
            PermissionDeclaration(
                kind: .location, necessity: .optional,
                purpose: "Trails adds where you were to a log entry when you ask it to.", showsPrimer: true),
            PermissionDeclaration(
                kind: .notifications, necessity: .optional, purpose: "Trails sends the reminders you turn on."),
        ]
        // Two distinct kinds: the manifest cannot reject them.
        return try! PermissionManifest(declarations)
    }()

    /// Location capture: optional; denied, the entry's location stays empty, the user is told once, and no
    /// second prompt follows, in this launch or the next.
    package static let ashTrailLocationCapture = Scenario(
        name: "lazy-location-capture",
        summary: "a logging app: location denied leaves entries without a location, tells the user once, never asks again"
    ) { context in
        let logEntry = Feature("logEntry", optional: [.location])
        var (policy, gates) = await context.launchAshTrail(features: [logEntry])
        try context.check(await context.device.totalPromptCount == 0, "expected no prompt at startup")
        context.note("launch: no prompt at startup; log entries \(await gates.state(of: logEntry))")

        var entries: [String?] = []
        var notices = 0
        for attempt in 1...2 {
            let step = try await policy.nextStep(for: .location)
            var afterPrimer = false
            if case .showPrimer(let primer) = step {
                context.note("entry \(attempt), Add Location: primer \"\(primer.message)\" [\(primer.continueLabel)]")
                await context.device.answerNextPrompt(for: .location, with: .denied)
                afterPrimer = true  // Continue always leads to the system prompt
            } else {
                context.note("entry \(attempt), Add Location: next step \(step)")
            }
            let outcome = try await policy.request(.location, afterPrimer: afterPrimer)
            entries.append(outcome.state.isUsable ? "47.37,8.54" : nil)
            context.note("  \(outcome); entry location \(entries.last.flatMap { $0 } ?? "empty")")
            if try await policy.owesDenialNotice(for: .location) {
                notices += 1
                context.note("  told the user once: location capture is off; it can be turned on in Settings")
                try await policy.markDenialNoticeDelivered(for: .location)
            }
        }
        let prompts = await context.device.promptCount(for: .location)
        try context.check(entries == [nil, nil], "expected both entries without a location, got \(entries)")
        try context.check(notices == 1, "expected the user told once, told \(notices) times")
        try context.check(prompts == 1, "expected one location prompt, saw \(prompts)")
        try context.check(
            await gates.state(of: logEntry) == .degraded(missing: [.location]),
            "expected log entries degraded without location")

        await context.device.terminateApp()
        (policy, gates) = await context.launchAshTrail(features: [logEntry])
        let step = try await policy.nextStep(for: .location)
        let owed = try await policy.owesDenialNotice(for: .location)
        _ = try await policy.request(.location)
        context.note("relaunch: next step \(step), notice owed \(owed), prompts \(await context.device.promptCount(for: .location))")
        try context.check(step == .openSettings && !owed, "expected Settings as the next step and no notice owed after relaunch")
        try context.check(await context.device.promptCount(for: .location) == 1, "expected no second prompt after relaunch")
        return "entries keep an empty location, user told once, 1 prompt across 2 launches"
    }

    /// Notification reminders: asked for only when the user turns reminders on; denied, the feature turns
    /// itself off, silently, and stays off.
    package static let ashTrailReminders = Scenario(
        name: "reminders-at-use",
        summary: "a logging app: notifications asked only when reminders are turned on; denied, reminders turn off silently"
    ) { context in
        let reminders = Feature("reminders", requires: [.notifications])
        let center = await context.launch()
        let policy = PromptPolicy(manifest: ashTrailManifest, center: center, logger: context.logger)
        let gates = FeatureGates(features: [reminders], policy: policy, logger: context.logger)
        let startup = try await policy.request(.notifications)  // launch code that would ask: held back
        context.note("launch: a request at startup is held back (\(startup.nextStep)); prompts 0")
        try context.check(
            !startup.askedSystem && startup.nextStep == .suppressed(.startup), "expected no prompt at startup")
        await policy.finishStartup()

        var remindersOn = true
        context.note("user turns reminders on: \(await gates.state(of: reminders))")
        await context.device.answerNextPrompt(for: .notifications, with: .denied)
        let outcome = try await policy.request(.notifications)
        context.note("  \(outcome)")
        let afterDenial = await gates.state(of: reminders)
        if !afterDenial.isUsable { remindersOn = false }  // no dialog, no error
        context.note("  reminders \(afterDenial); reminders switch \(remindersOn ? "on" : "off")")
        try context.check(!remindersOn, "expected reminders to turn themselves off")
        try context.check(
            await gates.state(of: reminders) == .unavailable(missing: [.notifications], nextStep: .openSettings),
            "expected reminders unavailable with Settings as the next step")

        await context.device.terminateApp()
        let (relaunchedPolicy, relaunchedGates) = await context.launchAshTrail(features: [reminders])
        let state = await relaunchedGates.state(of: reminders)
        let again = try await relaunchedPolicy.request(.notifications)
        let prompts = await context.device.promptCount(for: .notifications)
        context.note("relaunch: reminders \(state); a request asks nothing (\(again.nextStep)); prompts \(prompts)")
        try context.check(!state.isUsable && !again.askedSystem && prompts == 1, "expected reminders to stay off with one prompt")
        return "1 prompt, at feature use; denied, reminders off without a word"
    }

    /// Core logging with every permission denied and the network down: fully available, entries kept locally,
    /// sync waits for the network and then runs.
    package static let ashTrailOfflineLogging = Scenario(
        name: "offline-logging",
        summary: "a logging app: every permission denied and the network down, core logging stays fully available"
    ) { context in
        for kind in context.kinds { await context.device.setStatus(.denied, for: kind) }
        let network = SimulatedNetworkMonitor(.unavailable)
        let coreLogging = Feature("coreLogging")
        let logEntry = Feature("logEntry", optional: [.location])
        let reminders = Feature("reminders", requires: [.notifications])
        let (policy, gates) = await context.launchAshTrail(features: [coreLogging, logEntry, reminders])
        let states = await gates.states().map { "\($0.feature) \($0.state)" }.joined(separator: ", ")
        context.note("launch, all denied, network \(await network.availability()): \(states)")
        try context.check(await gates.state(of: coreLogging) == .available, "expected core logging available")
        let entryState = await gates.state(of: logEntry)
        try context.check(
            entryState == .degraded(missing: [.location]), "expected log entries degraded without location, got \(entryState)")
        let remindersState = await gates.state(of: reminders)
        try context.check(
            remindersState == .unavailable(missing: [.notifications], nextStep: .openSettings),
            "expected reminders unavailable with Settings as the next step, got \(remindersState)")

        var local: [String] = []
        for index in 1...3 {
            try context.check(!(await network.availability().shouldWait(.local)), "expected local work never to wait")
            let location = try await policy.request(.location)
            local.append("entry \(index)" + (location.state.isUsable ? " with location" : ""))
        }
        let syncWaits = await network.availability().shouldWait(.sync)
        context.note("logged \(local.count) entries locally; sync \(syncWaits ? "waits for the network" : "runs")")
        try context.check(local == ["entry 1", "entry 2", "entry 3"] && syncWaits, "expected 3 local entries and sync waiting")

        let synced = SyncedEntries()
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { [local] in
                try await network.waitUntilReachable()
                await synced.set(local)
            }
            var attempts = 0
            while network.subscriberCount == 0, attempts < 100_000 {
                attempts += 1
                await Task.yield()
            }
            try context.check(network.subscriberCount == 1, "expected sync to be waiting for the network")
            let early = await synced.entries
            try context.check(early == nil, "expected sync to wait while offline, but it ran")
            network.set(.available)
        }
        let syncedEntries = await synced.entries ?? []
        context.note("network back: synced \(syncedEntries.count) entries")
        try context.check(syncedEntries == local, "expected the 3 entries synced once the network was back")
        let prompts = await context.device.totalPromptCount
        try context.check(prompts == 0, "expected no prompt, saw \(prompts)")
        return "3 entries logged offline with every permission denied, synced when back, 0 prompts"
    }
}

/// The entries a scenario's sync task pushed, or `nil` while it has not run.
private actor SyncedEntries {
    private(set) var entries: [String]?
    func set(_ entries: [String]) { self.entries = entries }
}

extension ScenarioContext {
    /// Launches the app with AshTrail's policy (startup finished) and feature gates over the new center.
    func launchAshTrail(features: [Feature]) async -> (PromptPolicy, FeatureGates) {
        let center = await startProcess()
        let policy = PromptPolicy(manifest: Scenario.ashTrailManifest, center: center, logger: logger)
        let gates = FeatureGates(features: features, policy: policy, logger: logger)
        await policy.finishStartup()
        await launched(center, policy: policy)
        return (policy, gates)
    }
}
