public import Foundation
public import Logging
import PermitSupport

/// Tracks every permission the app uses, as an actor.
///
/// A center knows the kinds the app tracks, reads their statuses from a ``PermissionAuthority`` (the OS),
/// keeps the last-known records in a ``PermitStorage``, and records every change with its cause.
///
/// - At launch, ``start()`` loads the snapshot, reads the OS and reports what changed while the app was not
///   running. iOS terminates an app when the user changes most privacy permissions in Settings, so this is
///   the main way such changes are seen.
/// - ``handle(_:)`` takes lifecycle events; a burst of them (will-enter-foreground then did-become-active)
///   leads to one refresh, which starts at once.
/// - ``request(_:)`` asks the OS for a permission. Concurrent requests for one kind share one system prompt,
///   and every one of them completes.
/// - ``changes()`` streams every change once it is persisted; ``history()`` keeps the most recent ones
///   across launches.
///
/// The storage is written only when something changed. Every public method starts the center first if that
/// has not happened yet. Use one center per authority: the center installs the authority's change handler.
///
/// When the store exists but cannot be read (file protection before the device's first unlock), the center
/// tracks the OS in memory, the storage writes nothing over the store, and the center loads it at the next
/// refresh; changes are then reported against the stored records.
///
/// For example:
///
/// ```swift
/// let storage = PermitStorage(store: FilePermissionStore(url: storeURL, logger: logger), logger: logger)
/// let center = PermissionCenter(
///     kinds: [.location, .camera, .notifications], authority: authority, storage: storage, logger: logger)
/// await center.start()
/// let cookies = await center.cookies()   // ["p_Location": "yes", "p_Camera": "no", "p_Notification": "no"]
/// ```
public actor PermissionCenter {
    /// The kinds this center tracks, in the order the app gave them.
    public nonisolated let kinds: [PermissionKind]

    /// Where the center keeps its records, and the rest of the app what it persists.
    public nonisolated let storage: PermitStorage

    let authority: any PermissionAuthority
    private let configuration: Configuration
    private let clock: ElapsedClock
    let now: @Sendable () -> Date
    let logger: Logger
    let settingsReturnTracking = SettingsReturnTracking()
    let broadcaster = UpdateBroadcaster<PermissionChange>()

    /// Changed only by `record(...)` and `loadBaseline()`, which publish it for ``latestStatus(for:)``.
    private(set) var records: [PermissionKind: PermissionRecord] = [:]
    private(set) var history: [PermissionChange] = []
    /// Whether `records` started from what the store holds; until then the refresh tries to load it.
    private(set) var baselineLoaded = false
    private(set) var lastChecked: [PermissionKind: Date] = [:]
    /// What ``latestStatus(for:)`` reads: each kind's status, from the end of the launch refresh.
    let published = Locked<[PermissionKind: PermissionStatus]?>(nil)
    private var isStarted = false
    /// How many times ``states()`` was called: tests check that consumers apply the changes they receive.
    var statesReadCount = 0
    /// The callers waiting for the launch that the first caller of ``start()`` runs; `nil` when none is under way.
    private var startWaiters: [CheckedContinuation<Void, Never>]?

    private var lifecycle: LifecycleRefreshStateMachine
    /// The events waiting for the lifecycle refresh under way, which the event that started it runs.
    private var lifecycleWaiters: [CheckedContinuation<Void, Never>] = []
    private var requests: [PermissionKind: Task<PermissionState, any Error>] = [:]

    /// Numbers every read of the OS in the order it started, so that a read that started before a newer
    /// one was applied (a refresh overtaken by a request's answer) cannot overwrite it with a stale status.
    private var readSequence = 0
    private var appliedRead: [PermissionKind: Int] = [:]

    /// Creates a center; call ``start()`` at launch.
    ///
    /// - Parameters:
    ///   - kinds: The permissions the app uses. Duplicates are ignored.
    ///   - authority: The OS, or a simulated one.
    ///   - storage: Where the records are kept between launches.
    ///   - configuration: History size and lifecycle coalescing.
    ///   - clock: The clock for lifecycle timing; tests pass a test clock.
    ///   - now: The wall-clock time recorded with states and changes.
    ///   - logger: Receives changes at `info` and no-op refreshes at `debug`.
    public init(
        kinds: [PermissionKind],
        authority: any PermissionAuthority,
        storage: PermitStorage,
        configuration: Configuration = Configuration(),
        clock: some Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger
    ) {
        var seen = Set<PermissionKind>()
        self.kinds = kinds.filter { seen.insert($0).inserted }
        self.authority = authority
        self.storage = storage
        self.configuration = configuration
        self.clock = ElapsedClock(clock)
        self.now = now
        self.logger = logger
        self.lifecycle = LifecycleRefreshStateMachine(
            window: configuration.coalescingWindow, settleDelay: configuration.settleDelay)
    }

    // MARK: - Launch

    /// Loads the snapshot, reads every tracked permission from the OS, records and persists what changed
    /// while the app was not running, and starts listening to the OS's change callbacks.
    ///
    /// Calling it again, or concurrently, waits for the first call and does nothing more.
    public func start() async {
        guard !isStarted else { return }
        guard startWaiters == nil else { return await withCheckedContinuation { startWaiters?.append($0) } }
        // Run by the first caller itself; the others wait for it. Nothing in it stops at cancellation.
        startWaiters = []
        await performStart()
        isStarted = true
        for waiter in startWaiters ?? [] { waiter.resume() }
        startWaiters = nil
    }

    private func performStart() async {
        await loadBaseline()
        await authority.observeChanges { [weak self] kind in
            guard let self, self.kinds.contains(kind) else { return }
            // Task: callback bridge, the authority calls this synchronously from the OS's thread.
            Task { await self.osReportedChange(of: kind) }
        }
        await refresh(kinds, cause: .launch)
        publishStates(kinds, startingNow: true)
        await reportSettingsReturnIfDue()
    }

    /// Copies these kinds' statuses where ``latestStatus(for:)`` reads them, once the center has started (the
    /// launch refresh publishes every kind, `startingNow`). Only a recorded change calls it, so a refresh that
    /// finds nothing new costs nothing more.
    private func publishStates(_ changed: some Collection<PermissionKind>, startingNow: Bool = false) {
        published.withLock { published in
            guard published != nil || startingNow else { return }
            if published == nil { published = [:] }
            for kind in changed { published![kind] = records[kind]?.status ?? .notDetermined }
        }
    }

    /// Takes the stored records as the baseline, so that the caller's refresh diffs the OS against them.
    ///
    /// What this process learned while the store could not be read is kept (see
    /// ``PermitStorage/baseline()``): prompts it showed, and kinds the stored records do not know (already
    /// announced as first observations).
    private func loadBaseline() async {
        guard let baseline = await storage.baseline() else { return }
        records = baseline.records
        history = baseline.history
        baselineLoaded = true
        publishStates(kinds)
    }

    /// An OS callback: runs after the launch refresh, so that launch-time changes keep their cause.
    private func osReportedChange(of kind: PermissionKind) async {
        await start()
        await refresh([kind], cause: .osCallback)
    }

    // MARK: - Refresh

    /// Reads every tracked permission from the OS now and records what changed, with cause
    /// ``ChangeCause/manual``: a forced update of the permission cookies.
    ///
    /// - Returns: The changes found, empty when the OS matches what was known.
    @discardableResult
    public func refresh() async -> [PermissionChange] {
        await start()
        return await refresh(kinds, cause: .manual)
    }

    /// Passes a lifecycle event to the center, which re-reads the OS when the app comes back.
    ///
    /// The first will-enter-foreground or did-become-active after the app was in the background starts a
    /// refresh at once (or after ``Configuration/settleDelay``); the rest of the burst joins it. The method
    /// returns when the refresh that covers this event has finished and its changes are persisted.
    public func handle(_ event: LifecycleEvent) async {
        await start()
        if event == .didEnterBackground { settingsReturnTracking.appLeft() }
        switch lifecycle.event(event, at: clock.now) {
        case .ignore:
            logger.debug("lifecycle event needs no refresh", metadata: ["event": "\(event)"])
        case .joinRefresh:
            await withCheckedContinuation { lifecycleWaiters.append($0) }
        case .startRefresh(let delay):
            // Run by the event that started it; the events that join it wait for its end.
            await runLifecycleRefresh(after: delay)
            let waiters = lifecycleWaiters
            lifecycleWaiters = []
            for waiter in waiters { waiter.resume() }
        }
        if event != .didEnterBackground { await reportSettingsReturnIfDue() }
    }

    private func runLifecycleRefresh(after delay: Duration) async {
        if delay > .zero {
            try? await clock.sleep(for: delay)
        }
        repeat {
            await refresh(kinds, cause: .foreground)
        } while lifecycle.refreshFinished(at: clock.now) == .refreshAgain
    }

    @discardableResult
    func refresh(_ refreshed: [PermissionKind], cause: ChangeCause) async -> [PermissionChange] {
        var dirty = false
        if !baselineLoaded, cause != .launch {
            await loadBaseline()
        }
        readSequence += 1
        let read = readSequence
        let statuses = await authority.statuses(of: refreshed)
        let details = refreshed.contains(.notifications) ? await authority.notificationDetails() : nil
        let date = now()
        var changes: [PermissionChange] = []
        for kind in refreshed {
            guard requests[kind] == nil else {
                logger.debug("refresh leaves a kind to its request in flight", metadata: ["kind": "\(kind)"])
                continue
            }
            guard appliedRead[kind, default: 0] < read else {
                logger.debug("stale read skipped; a newer one was applied", metadata: ["kind": "\(kind)"])
                continue
            }
            appliedRead[kind] = read
            let status = statuses[kind] ?? .unavailable
            lastChecked[kind] = date
            let outcome = record(
                status, for: kind, prompted: false, details: kind == .notifications ? details : nil, cause: cause, at: date)
            dirty = dirty || outcome.dirty
            if let change = outcome.change { changes.append(change) }
        }
        await commit(changes, dirty: dirty, cause: cause)
        return changes
    }

    /// Folds one status read into the snapshot; returns the change, if any, and whether the snapshot changed.
    /// `prompted` says whether this read is the answer to a system prompt, `promptNotShown` whether it is the
    /// answer to a request that showed none; `details` are the notification settings read with it, if any (a
    /// change of them alone is a change, whose statuses are equal).
    private func record(
        _ status: PermissionStatus, for kind: PermissionKind, prompted promptedNow: Bool, promptNotShown: Bool = false,
        details readDetails: NotificationDetails? = nil, cause: ChangeCause, at date: Date
    ) -> (change: PermissionChange?, dirty: Bool) {
        let previous = records[kind]
        let prompted = (previous?.hasPrompted ?? false) || promptedNow
        // Kept while the status stays not determined; a request that showed no prompt sets it.
        let unshown = status != .notDetermined ? nil : promptNotShown ? date : previous?.promptNotShownAt
        let changed: Bool =
            switch previous {
            case nil: true  // first observation
            case let previous? where previous.isImported: previous.status.cookieValue != status.cookieValue
            case let previous?: previous.status != status
            }
        let details = readDetails ?? previous?.notificationDetails
        // The first details read for a record that had none are no change, as a first observation is none.
        let detailsChanged = previous?.notificationDetails.map { $0 != details } ?? false
        // An imported record is replaced by the exact one even when its yes/no value still holds.
        let dirty =
            changed || previous?.isImported == true || previous?.hasPrompted != prompted
            || previous?.promptNotShownAt != unshown || previous?.notificationDetails != details
        guard dirty else { return (nil, false) }
        records[kind] = PermissionRecord(
            status: status, hasPrompted: prompted, checkedAt: date, promptNotShownAt: unshown, notificationDetails: details)
        publishStates(CollectionOfOne(kind))
        let change = changed || detailsChanged
            ? PermissionChange(
                kind: kind, previous: previous?.status, current: status, cause: cause, date: date,
                hasPrompted: prompted, notificationDetails: details,
                previousNotificationDetails: previous?.notificationDetails) : nil
        return (change, true)
    }

    /// Appends `changes` to the history (first observations are not changes and stay out of it, nor are changes
    /// of the notification settings alone), logs them, and returns once the snapshot is persisted and the changes
    /// are published, in the order recorded.
    private func commit(_ changes: [PermissionChange], dirty: Bool, cause: ChangeCause) async {
        guard dirty else {
            logger.debug("permissions unchanged", metadata: ["cause": "\(cause)"])
            return
        }
        let observedChanges = changes.filter { $0.previous != nil && $0.previous != $0.current }
        if !observedChanges.isEmpty {
            history.append(contentsOf: observedChanges)
            let overflow = history.count - configuration.historyLimit
            if overflow > 0 { history.removeFirst(overflow) }
        }
        for change in changes where change.previous == change.current {
            logger.info(
                "notification settings changed",
                metadata: ["to": "\(change.notificationDetails.map(\.description) ?? "unknown")", "cause": "\(change.cause)"])
        }
        for change in changes where change.previous != change.current {
            logger.info(
                "permission changed",
                metadata: [
                    "kind": "\(change.kind)", "from": "\(change.previous.map(\.rawValue) ?? "none")",
                    "to": "\(change.current)", "cookie": "\(change.kind.cookieName)=\(change.current.cookieValue)",
                    "cause": "\(change.cause)",
                ])
        }
        // Published once a save covers them, even when it failed: the OS did change, and the next save
        // records it.
        await storage.commit(records: records, history: history) { [broadcaster] in
            broadcaster.publish(contentsOf: changes)
        }
    }

    // MARK: - Requests

    /// Asks the OS for a permission, showing the system prompt if the OS would, and records the answer.
    ///
    /// Concurrent calls for one kind share one request, so the user sees one prompt, and all of them return
    /// its result. The request goes on even if the calling task is cancelled, because the prompt is already
    /// on screen. This method applies no policy: it asks whenever called, and the OS decides whether to
    /// prompt (it does only for a permission never asked before).
    ///
    /// - Returns: The permission's state after the user answered.
    /// - Throws: ``PermitError/kindNotTracked`` when the center does not track `kind`;
    ///   ``PermitError/requestFailed`` when the OS reported an error.
    @discardableResult
    public func request(_ kind: PermissionKind) async throws -> PermissionState {
        guard kinds.contains(kind) else { throw PermitError.kindNotTracked.withDetail("\(kind)") }
        await start()
        if let inFlight = requests[kind] {
            return try await inFlight.value
        }
        // Task: single-flight handle, joined by concurrent callers; it outlives a cancelled caller (prompt on screen).
        let task = Task { try await self.performRequest(kind) }
        requests[kind] = task
        defer { requests[kind] = nil }
        return try await task.value
    }

    private func performRequest(_ kind: PermissionKind) async throws -> PermissionState {
        let before = await authority.status(of: kind)
        let status: PermissionStatus
        do {
            status = try await authority.request(kind)
        } catch {
            logger.warning("permission request failed", metadata: ["kind": "\(kind)", "error": "\(error)"])
            throw PermitError.requestFailed.withDetail("\(kind): \(error)")
        }
        readSequence += 1
        appliedRead[kind] = readSequence
        let date = now()
        lastChecked[kind] = date
        // The OS prompts when the status can prompt, except for the silent move to provisional notifications.
        let showedPrompt = PermissionStatus.requestShowedPrompt(from: before, to: status)
        let details = kind == .notifications ? await authority.notificationDetails() : nil
        let outcome = record(
            status, for: kind, prompted: showedPrompt,
            promptNotShown: before == .notDetermined && status == .notDetermined, details: details, cause: .request,
            at: date)
        await commit(outcome.change.map { [$0] } ?? [], dirty: outcome.dirty, cause: .request)
        return currentState(kind)
    }
}
