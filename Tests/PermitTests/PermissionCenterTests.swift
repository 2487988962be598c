import Foundation
import InMemoryLogging
import Logging
import Testing

@testable import Permit
import PermitTesting

@Suite(.timeLimit(.minutes(1))) struct PermissionCenterTests {
    let device = SimulatedDevice()
    let store = InMemoryPermissionStore()
    let dates = SteppingDates()

    func makeCenter(
        kinds: [PermissionKind] = PermissionKind.legacyCookieKinds, store: (any PermissionStore)? = nil,
        configuration: PermissionCenter.Configuration = .init(), logger: Logger? = nil
    ) -> PermissionCenter {
        PermissionCenter(
            kinds: kinds, authority: device, storage: PermitStorage(store: store ?? self.store, logger: logger ?? makeTestLogger().0), configuration: configuration,
            now: dates.provider, logger: logger ?? makeTestLogger().0)
    }

    // MARK: - Launch

    @Test func freshInstallCreatesEveryCookieAsNoAndPersistsIt() async throws {
        let center = makeCenter()
        var changes = center.changes().makeAsyncIterator()
        await center.start()

        #expect(await center.cookies() == ["p_Location": "no", "p_Camera": "no", "p_Notification": "no"])
        #expect(await store.saveCount == 1)
        let snapshot = await store.snapshot
        #expect(snapshot.records.mapValues(\.status) == [.location: .notDetermined, .camera: .notDetermined, .notifications: .notDetermined])
        #expect(snapshot.history.isEmpty)  // first observations are streamed, not kept as changes
        for kind in PermissionKind.legacyCookieKinds {
            let change = await changes.next()
            #expect(change?.kind == kind && change?.previous == nil && change?.current == .notDetermined)
            #expect(change?.cause == .launch)
        }
    }

    @Test func startingTwiceConcurrentlyReadsTheOSOnce() async {
        let center = makeCenter()
        async let first: Void = center.start()
        async let second: Void = center.start()
        _ = await (first, second)
        await center.start()
        #expect(await device.statusReadCount == 1)
        #expect(await store.saveCount == 1)
    }

    @Test func launchDetectsAChangeMadeWhileTheAppWasNotRunning() async throws {
        let earlier = Date(timeIntervalSince1970: 1_700_000_000)
        let stored = InMemoryPermissionStore(
            PermissionSnapshot(records: [
                .location: PermissionRecord(status: .granted, hasPrompted: true, checkedAt: earlier),
                .camera: PermissionRecord(status: .granted, hasPrompted: true, checkedAt: earlier),
                .notifications: PermissionRecord(status: .denied, hasPrompted: true, checkedAt: earlier),
            ]))
        await device.setStatus(.granted, for: .location)
        await device.setStatus(.denied, for: .camera)
        await device.setStatus(.denied, for: .notifications)
        let center = makeCenter(store: stored)
        await center.start()

        let history = await center.history()
        #expect(history.count == 1)
        let change = try #require(history.first)
        #expect(change.kind == .camera && change.previous == .granted && change.current == .denied)
        #expect(change.cause == .launch)
        #expect(await stored.snapshot.records[.camera]?.status == .denied)
        #expect(await stored.snapshot.records[.camera]?.hasPrompted == true)
        #expect(await center.cookieValue(for: .camera) == PermissionCookieValue.no)
    }

    @Test func duplicateKindsAreTrackedOnce() async {
        let center = makeCenter(kinds: [.camera, .camera, .location])
        #expect(center.kinds == [.camera, .location])
        #expect(await center.states().map(\.kind) == [.camera, .location])
    }

    // MARK: - Refresh

    @Test func aRefreshWithNothingChangedWritesNothing() async {
        let center = makeCenter()
        await center.start()
        let saves = await store.saveCount
        for _ in 0..<10 {
            #expect(await center.refresh().isEmpty)
        }
        #expect(await store.saveCount == saves)
        #expect(await device.statusReadCount == 11)
    }

    @Test func refreshRecordsAManualChangeAndUpdatesLastChecked() async throws {
        let center = makeCenter()
        await center.start()
        let before = try #require(await center.state(for: .location)).lastCheckedAt
        await device.setStatus(.granted, for: .location)
        let changes = await center.refresh()
        #expect(changes.map(\.kind) == [.location])
        #expect(changes.first?.cause == .manual)
        let after = try #require(await center.state(for: .location))
        #expect(after.status == .granted && after.lastCheckedAt > before)
        #expect(await store.snapshot.records[.location]?.status == .granted)
    }

    @Test func aChangeTheOSReportsWhileRunningIsRecorded() async throws {
        let center = makeCenter()
        await device.launchApp()
        await center.start()
        var changes = center.changes().makeAsyncIterator()
        await device.answerNextPrompt(for: .location, with: .granted)
        try await center.request(.location)
        #expect(await changes.next()?.cause == .request)

        #expect(await device.changeInSettings(.location, to: .denied) == .appKeptRunning)
        let change = try #require(await changes.next())
        #expect(change.kind == .location && change.previous == .granted && change.current == .denied)
        #expect(change.cause == .osCallback)
    }

    @Test func aCallbackForAnUntrackedKindIsIgnored() async {
        let center = makeCenter(kinds: [.camera])
        await device.launchApp()
        await center.start()
        await device.setStatus(.granted, for: .location)
        #expect(await device.changeInSettings(.location, to: .denied) == .appKeptRunning)
        for _ in 0..<1000 { await Task.yield() }
        #expect(await store.snapshot.records.keys.sorted() == [.camera])
        #expect(await center.history().isEmpty)
        #expect(await device.statusReadCount == 1)
    }

    @Test func historyKeepsTheMostRecentChangesUpToTheLimit() async {
        let center = makeCenter(configuration: .init(historyLimit: 3))
        await center.start()  // three first observations, which are not changes
        for status in [PermissionStatus.granted, .denied, .granted, .restricted] {
            await device.setStatus(status, for: .camera)
            await center.refresh()
        }
        let history = await center.history()
        #expect(history.map(\.current) == [.denied, .granted, .restricted])
        #expect(history.first?.previous == .granted)
        #expect(await store.snapshot.history == history)
    }

    // MARK: - Seed-era import

    @Test func importedSeedKeysThatMatchTheOSReportNoChange() async {
        let stored = InMemoryPermissionStore(
            PermissionSnapshot(records: [.location: .imported(.yes), .camera: .imported(.no), .notifications: .imported(.no)]))
        await device.setStatus(.granted, for: .location)
        await device.setStatus(.denied, for: .camera)
        let center = makeCenter(store: stored)
        await center.start()
        #expect(await center.history().isEmpty)
        let records = await stored.snapshot.records
        #expect(records[.camera]?.status == .denied && records[.camera]?.isImported == false)
        #expect(records[.notifications]?.status == .notDetermined && records[.notifications]?.isImported == false)
        #expect(await stored.saveCount == 1)
    }

    @Test func importedSeedKeysThatDifferFromTheOSReportTheChange() async throws {
        let stored = InMemoryPermissionStore(
            PermissionSnapshot(records: [.location: .imported(.yes), .camera: .imported(.no), .notifications: .imported(.no)]))
        await device.setStatus(.denied, for: .location)
        let center = makeCenter(store: stored)
        await center.start()
        let change = try #require(await center.history().first)
        #expect(await center.history().count == 1)
        #expect(change.kind == .location && change.previous == .granted && change.current == .denied)
        #expect(change.cause == .launch)
    }

    // MARK: - Requests

    @Test func aGrantedRequestSetsTheCookieToYesAtOnce() async throws {
        await device.launchApp()
        let center = makeCenter()
        await center.start()
        await device.answerNextPrompt(for: .camera, with: .granted)
        let state = try await center.request(.camera)
        #expect(state.status == .granted && state.hasPrompted)
        #expect(await center.cookieValue(for: .camera) == .yes)
        #expect(await store.snapshot.records[.camera]?.status == .granted)
        #expect(await center.history().last?.cause == .request)
        #expect(await device.promptCount(for: .camera) == 1)
    }

    @Test
    func fiftyConcurrentRequestsShareOnePrompt() async throws {
        await device.launchApp()
        let center = makeCenter()
        await center.start()
        await device.setHoldsPrompts(true)
        let results = await withTaskGroup(of: Result<PermissionStatus, any Error>.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    do { return .success(try await center.request(.camera).status) } catch { return .failure(error) }
                }
            }
            let shown = await yield(until: { await device.pendingPromptCount(for: .camera) == 1 })
            #expect(shown)
            for _ in 0..<1000 { await Task.yield() }  // let the other 49 requests reach the center
            #expect(await device.answerPendingPrompt(for: .camera, with: .granted) == 1)
            var results: [Result<PermissionStatus, any Error>] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 50)
        for result in results {
            #expect(try result.get() == .granted)
        }
        #expect(await device.promptCount(for: .camera) == 1)
        #expect(await center.history().filter { $0.cause == .request }.count == 1)
    }

    @Test func aRequestForAnUntrackedKindThrows() async {
        let center = makeCenter()
        await #expect(throws: PermitError.kindNotTracked) { try await center.request(.microphone) }
        #expect(await center.state(for: .microphone) == nil)
        #expect(await center.cookieValue(for: .microphone) == nil)
        #expect(await device.promptCount(for: .microphone) == 0)
    }

    @Test func anOSErrorDuringARequestIsReportedAndChangesNothing() async throws {
        await device.launchApp()
        let center = makeCenter()
        await center.start()
        let saves = await store.saveCount
        // No answer scripted: the simulated OS fails the prompt loudly, and the center passes its words on.
        let error = try await #require(throws: PermitError.requestFailed) { try await center.request(.camera) }
        #expect(error.description.contains("answerNextPrompt"))
        #expect(await center.state(for: .camera)?.status == .notDetermined)
        #expect(await store.saveCount == saves)
    }

    @Test func aRequestForADeniedKindShowsNoPromptAndKeepsTheStatus() async throws {
        await device.setStatus(.denied, for: .camera)
        let center = makeCenter()
        let state = try await center.request(.camera)
        #expect(state.status == .denied && !state.hasPrompted)
        #expect(await device.promptCount(for: .camera) == 0)
    }

    @Test func aRefreshOvertakenByARequestDoesNotRecordItsStaleRead() async throws {
        let authority = GatedAuthority()
        let center = PermissionCenter(
            kinds: [.camera], authority: authority, storage: PermitStorage(store: store, logger: makeTestLogger().0), now: dates.provider, logger: makeTestLogger().0)
        await center.start()
        await authority.closeGate()
        let refresh = Task { await center.refresh() }  // reads notDetermined, then waits at the gate
        #expect(await yield(until: { await authority.waitingReads == 1 }))
        let state = try await center.request(.camera)  // answered granted while the read is held
        #expect(state.status == .granted)
        await authority.openGate()
        #expect(await refresh.value.isEmpty)
        #expect(await center.state(for: .camera)?.status == .granted)
        #expect(await center.history().map(\.current) == [.granted])
        #expect(await center.history().first?.cause == .request)
    }

    @Test
    func aRequestGoesOnWhenItsCallerIsCancelled() async throws {
        await device.launchApp()
        let center = makeCenter()
        await center.start()
        await device.setHoldsPrompts(true)
        let caller = Task { try await center.request(.camera) }
        #expect(await yield(until: { await device.pendingPromptCount(for: .camera) == 1 }))
        caller.cancel()
        #expect(await device.answerPendingPrompt(for: .camera, with: .granted) == 1)
        #expect(try await caller.value.status == .granted)
        #expect(await store.snapshot.records[.camera]?.status == .granted)
    }

    @Test func theAppBecomingActiveAfterThePromptLeavesTheAnswerToTheRequest() async throws {
        await device.launchApp()
        let center = makeCenter()
        await device.attachLifecycleObserver { await center.handle($0) }
        await center.start()
        await device.answerNextPrompt(for: .location, with: .granted)
        let reads = await device.statusReadCount
        try await center.request(.location)  // the device sends did-become-active before answering
        #expect(await device.statusReadCount > reads + 1)  // the lifecycle refresh did run
        let history = await center.history()
        #expect(history.count == 1)
        #expect(history.first?.cause == .request && history.first?.current == .granted)
    }

    @Test func anOSCallbackDuringStartLeavesTheChangeToTheLaunchDiff() async throws {
        let stored = InMemoryPermissionStore(
            PermissionSnapshot(records: [
                .location: PermissionRecord(status: .granted, hasPrompted: true, checkedAt: nil)
            ]))
        let authority = EagerCallbackAuthority(statuses: [.location: .denied])
        let center = PermissionCenter(
            kinds: [.location], authority: authority, storage: PermitStorage(store: stored, logger: makeTestLogger().0), now: dates.provider, logger: makeTestLogger().0)
        await center.start()
        #expect(await yield(until: { await authority.reads >= 2 }))  // the callback's refresh ran too
        let history = await center.history()
        #expect(history.count == 1)
        #expect(history.first?.cause == .launch)
        #expect(history.first?.previous == .granted && history.first?.current == .denied)
    }

    @Test
    func changesArePublishedOnlyAfterTheyAreSaved() async throws {
        let gated = GatedStore()
        let center = makeCenter(store: gated)
        await center.start()
        let received = Collector<PermissionChange>()
        let changes = center.changes()
        let consumer = Task { for await change in changes { await received.append(change) } }
        defer { consumer.cancel() }

        await gated.closeGate()
        await device.setStatus(.granted, for: .camera)
        let refresh = Task { await center.refresh() }
        #expect(await yield(until: { await gated.waitingSaves == 1 }))
        for _ in 0..<1000 { await Task.yield() }
        #expect(await received.values.isEmpty)
        #expect(await gated.saved?.records[.camera]?.status == .notDetermined)

        await gated.openGate()
        #expect(await refresh.value.map(\.kind) == [.camera])
        #expect(await gated.saved?.records[.camera]?.status == .granted)
        #expect(await yield(until: { await received.values.map(\.kind) == [.camera] }))
    }

    @Test func anUnreadableStoreIsNotOverwrittenAndIsLoadedAtTheNextRefresh() async throws {
        let (logger, log) = makeTestLogger()
        let stored = InMemoryPermissionStore(
            PermissionSnapshot(records: [
                .camera: PermissionRecord(status: .granted, hasPrompted: true, checkedAt: nil)
            ]))
        await stored.setFailsLoads(true)
        await device.setStatus(.denied, for: .camera)
        let center = makeCenter(kinds: [.camera, .location], store: stored, logger: logger)
        await center.start()  // location, unknown to the store, is announced as a first observation
        #expect(log.entries.contains { $0.level == .warning })
        #expect(await center.cookieValue(for: .camera) == PermissionCookieValue.no)
        #expect(await stored.saveCount == 0)

        await stored.setFailsLoads(false)
        let changes = await center.refresh()
        #expect(await stored.loadCount == 2)
        #expect(changes.count == 1)  // camera against the stored snapshot; location is not announced again
        #expect(changes.first?.previous == .granted && changes.first?.current == .denied)
        #expect(await stored.snapshot.records[.camera]?.status == .denied)
        #expect(await stored.snapshot.records[.location]?.status == .notDetermined)
        #expect(await stored.snapshot.records[.camera]?.hasPrompted == true)
        #expect(await center.history().map(\.cause) == [.manual])
    }

    @Test func aCenterOverTheUserDefaultsStoreKeepsTheSeedKeysCurrent() async throws {
        let suiteName = "permit.tests.center.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suiteName))
        defer { defaults.removePersistentDomain(forName: suiteName) }
        let (logger, _) = makeTestLogger()
        await device.launchApp()
        let center = makeCenter(store: UserDefaultsPermissionStore(defaults: defaults, logger: logger))
        await center.start()
        #expect(defaults.string(forKey: "p_Camera") == "no")
        await device.answerNextPrompt(for: .camera, with: .granted)
        try await center.request(.camera)
        #expect(defaults.string(forKey: "p_Camera") == "yes")
        #expect(defaults.string(forKey: "p_Location") == "no")
    }

    // MARK: - Store failures

    @Test func aFailedSaveIsRetriedWithTheNextChange() async {
        let (logger, log) = makeTestLogger()
        let center = makeCenter(logger: logger)
        await center.start()
        await store.setFailsSaves(true)
        await device.setStatus(.granted, for: .camera)
        await center.refresh()
        #expect(await store.snapshot.records[.camera]?.status == .notDetermined)
        #expect(log.entries.contains { $0.level == .error })

        await store.setFailsSaves(false)
        await device.setStatus(.granted, for: .location)
        await center.refresh()
        let records = await store.snapshot.records
        #expect(records[.camera]?.status == .granted && records[.location]?.status == .granted)
    }

    // MARK: - Summary and getters

    @Test func summaryComparesTheOSWithTheStore() async throws {
        let center = makeCenter()
        await center.start()
        #expect(await center.summary().isInSync)
        await device.setStatus(.granted, for: .location)
        let summary = await center.summary()
        #expect(!summary.isInSync)
        let location = try #require(summary.entries.first { $0.kind == .location })
        #expect(location.systemStatus == .granted && location.storedValue == .no && !location.isInSync)
        #expect(summary.entries.filter(\.isInSync).count == 2)
        let text = summary.description
        #expect(text.contains("1 out of sync"))
        #expect(text.split(separator: "\n").contains { $0.contains("p_Location") && $0.contains("NO") })
        #expect(await center.history().isEmpty)  // the summary recorded nothing
        await center.refresh()
        #expect(await center.summary().isInSync)
    }

    @Test func cookiesUseTheSeedKeysAndYesNoValues() async {
        await device.setStatus(.provisional, for: .notifications)
        await device.setStatus(.restricted, for: .camera)
        await device.setStatus(.limited, for: .photos)
        let center = makeCenter(kinds: [.location, .camera, .notifications, .photos])
        #expect(
            await center.cookies() == ["p_Location": "no", "p_Camera": "no", "p_Notification": "yes", "p_Photos": "yes"])
    }

    // MARK: - Change stream

    @Test func theChangeStreamEndsWhenItsConsumerIsCancelled() async {
        let center = makeCenter()
        let changes = center.changes()
        #expect(center.subscriberCount == 1)
        let consumer = Task {
            var count = 0
            for await _ in changes { count += 1 }
            return count
        }
        await center.start()
        consumer.cancel()
        _ = await consumer.value
        #expect(await yield(until: { center.subscriberCount == 0 }))
    }

    @Test func theChangeStreamEndsWhenItsConsumerStopsIterating() async {
        let center = makeCenter()
        let changes = center.changes()
        await center.start()
        var seen = 0
        for await _ in changes {
            seen += 1
            if seen == 2 { break }
        }
        #expect(seen == 2)
        #expect(await yield(until: { center.subscriberCount == 0 }))
    }

    @Test func theChangeStreamFinishesWhenTheCenterIsReleased() async {
        var center: PermissionCenter? = makeCenter()
        let changes = center!.changes()
        await center!.start()
        center = nil
        var count = 0
        for await _ in changes { count += 1 }
        #expect(count == 3)
    }

    // MARK: - Logging

    @Test func changesLogAtInfoAndNoOpsAtDebug() async throws {
        let (logger, log) = makeTestLogger()
        let center = makeCenter(logger: logger)
        await center.start()
        let changeEntries = log.entries.filter { $0.level == .info && "\($0.message)" == "permission changed" }
        #expect(changeEntries.count == 3)
        let first = try #require(changeEntries.first)
        #expect(first.metadata["kind"] == "location")
        #expect(first.metadata["cause"] == "launch")
        #expect(first.metadata["cookie"] == "p_Location=no")

        log.clear()
        await center.refresh()
        #expect(log.entries.allSatisfy { $0.level == .debug })
        #expect(log.entries.contains { "\($0.message)" == "permissions unchanged" })
    }
}

/// An authority whose status reads can be held at a gate after reading, to deliver a stale answer late.
actor GatedAuthority: PermissionAuthority {
    private var status = PermissionStatus.notDetermined
    private var gateClosed = false
    private var held: [CheckedContinuation<Void, Never>] = []

    var waitingReads: Int { held.count }
    private(set) var readCount = 0

    func closeGate() { gateClosed = true }

    func openGate() {
        gateClosed = false
        for continuation in held { continuation.resume() }
        held = []
    }

    func status(of kind: PermissionKind) async -> PermissionStatus { status }

    func statuses(of kinds: [PermissionKind]) async -> [PermissionKind: PermissionStatus] {
        readCount += 1
        let read = status
        if gateClosed { await withCheckedContinuation { held.append($0) } }
        return Dictionary(uniqueKeysWithValues: kinds.map { ($0, read) })
    }

    func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        status = .granted
        return status
    }
}

/// An authority that reports a change from inside `observeChanges`, as `CLLocationManager` reports the
/// authorization right after it is created.
actor EagerCallbackAuthority: PermissionAuthority {
    private let statusByKind: [PermissionKind: PermissionStatus]
    private(set) var reads = 0

    init(statuses: [PermissionKind: PermissionStatus]) { statusByKind = statuses }

    func status(of kind: PermissionKind) async -> PermissionStatus {
        reads += 1
        return statusByKind[kind] ?? .notDetermined
    }

    func request(_ kind: PermissionKind) async throws -> PermissionStatus { statusByKind[kind] ?? .notDetermined }

    func observeChanges(_ handler: (@Sendable (PermissionKind) -> Void)?) async {
        for kind in statusByKind.keys { handler?(kind) }
        for _ in 0..<100 { await Task.yield() }  // give the callback every chance to run before the launch diff
    }
}

/// A store whose saves can be held at a gate.
actor GatedStore: PermissionStore {
    private(set) var saved: PermissionSnapshot?
    private var gateClosed = false
    private var held: [CheckedContinuation<Void, Never>] = []

    var waitingSaves: Int { held.count }

    func closeGate() { gateClosed = true }

    func openGate() {
        gateClosed = false
        for continuation in held { continuation.resume() }
        held = []
    }

    func load() async throws -> PermissionSnapshot { saved ?? .empty }

    func save(_ snapshot: PermissionSnapshot) async throws {
        if gateClosed { await withCheckedContinuation { held.append($0) } }
        saved = snapshot
    }
}
