public import Foundation
public import Logging
public import Permit
import PermitSupport

/// Keeps the cookies Permit owns in a web view: the push token and, when the app opts in, the `p_…`
/// permission cookies.
///
/// Web view cookie stores lose writes (a crash soon after a write, a first launch, a restarted web content
/// process), so the sync treats its own desired set as the truth and the web view as a copy to repair. It
/// compares before it writes: a sync over a web view that already holds the desired cookies writes nothing,
/// so two syncs in a row never ping-pong. Every write and deletion is awaited, and syncs run one at a time.
///
/// Call ``synchronize()`` (or set the cookies) before the first page load of a launch, and run
/// ``run(following:)`` with the web view's events so that the sync validates after every page load and after
/// a web view restart, repairing what is missing or different, until its task is cancelled. The sync reads and
/// writes only the ``WebCookieStore``; it learns of page loads only from the events it is given.
///
/// For example:
///
/// ```swift
/// let sync = CookieSync(store: webView.cookieStore, siteHost: "app.example.com", logger: logger)
/// try await sync.mirrorPermissionCookies(of: center, attributes: CookieAttributes(domain: "app.example.com"))
/// let events = webView.events()
/// try await withThrowingDiscardingTaskGroup { group in
///     group.addTask { await sync.run(following: events) }   // until cancelled
///     try await webView.load(URL(string: "https://app.example.com/")!)
/// }
/// ```
public actor CookieSync {
    private let store: any WebCookieStore
    /// The host of the app's pages, which every cookie must reach.
    public nonisolated let siteHost: String
    private let logger: Logger
    private let now: @Sendable () -> Date

    private var desired: [CookieKey: DesiredCookie] = [:]
    private var managed: Set<CookieKey> = []
    /// Whether ``run(following:)`` is running.
    private var isRunning = false
    /// Hands each mirror started to the running ``run(following:)``; `nil` while it is not running.
    private var mirrorStarts: AsyncStream<MirrorStart>.Continuation?
    /// Hands each event the sync validated after, once it has, to ``validations()``.
    private let validated = UpdateBroadcaster<WebViewEvent>()
    private var mirror: Mirror?
    private var mirrorGeneration = 0
    /// One sync at a time: each reads the store, then writes, and an interleaved one would act on stale reads.
    private let serial = SerialGate()

    /// The permission cookies being mirrored: the center, its changes until ``run(following:)`` follows them,
    /// and what it writes.
    private struct Mirror {
        var center: PermissionCenter
        var pending: PermissionChanges?
        /// Whether the running ``run(following:)`` follows it already.
        var isFollowed = false
        var names: [String]
        var attributes: CookieAttributes
        /// Whether the notification-setting cookies are mirrored too.
        var notificationSettings: Bool
    }

    /// A mirror for ``run(following:)`` to follow: the center's changes from its start, unless `rewrite` says
    /// they are taken now and the cookies must first be written again from the center.
    private struct MirrorStart: Sendable {
        var changes: PermissionChanges
        var generation: Int
        var rewrite: Bool
    }

    /// Creates a sync for the cookies of pages served from `siteHost`.
    ///
    /// - Parameters:
    ///   - store: The web view's cookie store, which the sync keeps.
    ///   - siteHost: The host of the app's pages, such as `app.example.com`; each cookie is validated against
    ///     it.
    ///   - logger: Receives writes and deletions at `info`, syncs that change nothing at `debug`, and failed
    ///     syncs after a page load at `warning`. Cookie values are never logged.
    ///   - now: The clock for expiries; tests pass a fixed one.
    public init(
        store: any WebCookieStore, siteHost: String, logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.siteHost = siteHost
        self.logger = logger
        self.now = now
    }

    // MARK: - Desired cookies

    /// Keeps the cookie `name=value` with `attributes` in the web view, writing it now unless the web view
    /// already holds it.
    ///
    /// - Parameters:
    ///   - name: The cookie's name.
    ///   - value: The cookie's value.
    ///   - attributes: The cookie's domain, path, flags and lifetime.
    ///   - host: The host the cookie must reach, ``siteHost`` when `nil`: another site's host for a cookie
    ///     written for that site (the push token's additional domains).
    /// - Throws: ``CookieError`` when the cookie is not valid for the host, and then nothing is written
    ///   or remembered; or the web view's error when the write fails, and then the cookie is still
    ///   remembered and the next sync writes it.
    @discardableResult
    public func set(
        _ name: String, value: String, attributes: CookieAttributes, forHost host: String? = nil
    ) async throws -> CookieSyncReport {
        let wanted = DesiredCookie(name: name, value: value, attributes: attributes)
        try attributes.cookie(name: name, value: value, now: now()).validate(forHost: host ?? siteHost, now: now())
        desired[wanted.key] = wanted
        managed.insert(wanted.key)
        return try await sync(only: wanted.key)
    }

    /// Stops keeping the cookie `name` with the domain and path of `attributes`, and deletes it from the web
    /// view now if it is there; later syncs delete it again should it come back.
    @discardableResult
    public func remove(_ name: String, attributes: CookieAttributes) async throws -> CookieSyncReport {
        let key = CookieKey(name: name, domain: attributes.domain, path: attributes.path)
        desired[key] = nil
        managed.insert(key)
        return try await sync(only: key)
    }

    /// The cookies the sync keeps, as it would write them now, sorted by name.
    package func desiredCookies() -> [Cookie] {
        desired.values.sorted { $0.key < $1.key }.map { $0.attributes.cookie(name: $0.name, value: $0.value, now: now()) }
    }

    /// The web view's cookie named `name` with the domain and path of `attributes`, or `nil` when it has none.
    public func storedCookie(named name: String, attributes: CookieAttributes) async throws -> Cookie? {
        let key = CookieKey(name: name, domain: attributes.domain, path: attributes.path)
        return try await store.allCookies().first { CookieKey($0) == key && $0.isHostOnly == attributes.isHostOnly }
    }

    // MARK: - Syncing

    /// Makes the web view's cookies match the desired ones: writes what is missing or different, deletes
    /// what the sync stopped keeping, and changes nothing that already matches.
    @discardableResult
    public func synchronize() async throws -> CookieSyncReport {
        try await sync(only: nil)
    }

    /// Validates after every page load and after the web view restarts that `events` report, repairing what
    /// is missing or different, and writes each permission cookie the center changes while they are mirrored
    /// (``mirrorPermissionCookies(of:attributes:includingNotificationSettings:)``), until the calling task is cancelled; then returns. The
    /// cookies stay in the web view.
    ///
    /// Run it once at a time; after it returned, it can run again.
    ///
    /// - Parameter events: The events of the web view whose cookie store the sync keeps; take them before the
    ///   page loads, so that its load is among them.
    public func run(following events: WebViewEvents) async {
        precondition(!isRunning, "CookieSync.run(following:) is already running")
        isRunning = true
        let (starts, continuation) = AsyncStream.makeStream(of: MirrorStart.self)
        mirrorStarts = continuation
        if let start = takeMirrorStart() { continuation.yield(start) }
        await withDiscardingTaskGroup { group in
            group.addTask { await self.follow(events) }
            // Each mirror in a task of its own: one stopped meanwhile ends at its center's next change.
            for await start in starts { group.addTask { await self.follow(start) } }
        }
        mirrorStarts = nil
        mirror?.isFollowed = false
        isRunning = false
    }

    private func follow(_ events: WebViewEvents) async {
        for await event in events {
            switch event {
            case .loaded, .restarted: await synchronizeAfter(event)
            case .navigated, .terminated: break
            }
        }
    }

    /// A sequence of the events the sync has validated after (page loads and restarts), each once the
    /// validation is over: how a test knows the sync has acted on a load.
    package nonisolated func validations() -> WebViewEvents { validated.subscribe() }

    private func synchronizeAfter(_ event: WebViewEvent) async {
        do {
            let report = try await synchronize()
            if !report.isEmpty {
                logger.info("cookies repaired", metadata: ["after": "\(event)", "changes": "\(report)"])
            }
        } catch {
            logger.warning("cookie validation failed", metadata: ["after": "\(event)", "error": "\(error)"])
        }
        validated.publish(event)
    }

    private func sync(only key: CookieKey?) async throws -> CookieSyncReport {
        try await serial.run { try await syncInGate(only: key) }
    }

    private func syncInGate(only key: CookieKey?) async throws -> CookieSyncReport {
        let actual = try await store.allCookies()
        let wanted = desired.values.filter { key == nil || $0.key == key }
        let keys = key.map { [$0] } ?? managed
        let plan = CookieSyncPlan(desired: Array(wanted), managed: keys, actual: actual, now: now())
        var report = CookieSyncReport()
        for step in plan.steps {
            switch step {
            case .write(let cookie):
                try await store.setCookie(cookie)
                report.written.append(cookie.name)
                logger.info("cookie written", metadata: ["name": "\(cookie.name)", "domain": "\(cookie.domain)"])
            case .delete(let key):
                try await store.deleteCookie(named: key.name, domain: key.domain, path: key.path)
                report.deleted.append(key.name)
                logger.info("cookie deleted", metadata: ["name": "\(key.name)", "domain": "\(key.domain)"])
            }
        }
        if report.isEmpty { logger.debug("cookies already in sync", metadata: ["kept": "\(keys.count)"]) }
        return report
    }

    // MARK: - Permission cookies

    /// Mirrors every permission the center tracks into the web view as its `p_…` cookie (`yes` or `no`): writes
    /// them now, and ``run(following:)`` writes each change, until ``stopMirroringPermissionCookies(removingCookies:)``.
    ///
    /// Permission data stays on the device unless the app calls this: the promise is that it never leaves
    /// it, and a cookie goes to the app's server with every request.
    ///
    /// With `notificationSettings`, the notification-setting cookies (`NotificationDetails/cookieNames`:
    /// `p_Notification_Alerts=yes`, ...) are mirrored too, whenever the center knows the settings: opt-in, as
    /// every permission cookie is.
    ///
    /// - Throws: ``CookieError`` when the attributes do not suit ``siteHost``, or the web view's error.
    public func mirrorPermissionCookies(
        of center: PermissionCenter, attributes: CookieAttributes, includingNotificationSettings notificationSettings: Bool = false
    ) async throws {
        endMirror()
        let generation = mirrorGeneration
        // Subscribed before the read, so that a change while the cookies are written is written after them.
        let changes = center.changes()
        let cookies = await Self.mirrored(center, notificationSettings: notificationSettings)
        let names = cookies.map(\.key) + (notificationSettings ? NotificationDetails.cookieNames : [])
        mirror = Mirror(
            center: center, pending: changes, names: Array(Set(names)).sorted(), attributes: attributes,
            notificationSettings: notificationSettings)
        for (name, value) in cookies {
            try await set(name, value: value, attributes: attributes)
        }
        // Stopped, or mirroring started again, while the cookies were written.
        guard generation == mirrorGeneration, let start = takeMirrorStart() else { return }
        mirrorStarts?.yield(start)
    }

    /// The mirror for a running ``run(following:)`` to follow, or `nil` when it is not running or nothing is
    /// mirrored. A mirror whose first changes an earlier run took is followed from a new subscription, after
    /// its cookies are written again.
    private func takeMirrorStart() -> MirrorStart? {
        guard mirrorStarts != nil, let current = mirror, !current.isFollowed else { return nil }
        mirror?.pending = nil
        mirror?.isFollowed = true
        if let pending = current.pending { return MirrorStart(changes: pending, generation: mirrorGeneration, rewrite: false) }
        return MirrorStart(changes: current.center.changes(), generation: mirrorGeneration, rewrite: true)
    }

    /// Writes the changes of one mirror until it stops or the task is cancelled.
    private func follow(_ start: MirrorStart) async {
        if start.rewrite, let center = mirror?.center, start.generation == mirrorGeneration {
            let notificationSettings = mirror?.notificationSettings ?? false
            for (name, value) in await Self.mirrored(center, notificationSettings: notificationSettings) {
                guard start.generation == mirrorGeneration, let attributes = mirror?.attributes else { return }
                do { try await set(name, value: value, attributes: attributes) } catch {
                    logger.warning("permission cookie not written", metadata: ["name": "\(name)", "error": "\(error)"])
                }
            }
        }
        for await change in start.changes {
            guard await mirrorChange(change, generation: start.generation) else { return }
        }
    }

    /// Writes the cookie of a changed permission unless mirroring stopped; returns whether it goes on.
    private func mirrorChange(_ change: PermissionChange, generation: Int) async -> Bool {
        guard generation == mirrorGeneration, let attributes = mirror?.attributes else { return false }
        var cookies = [(change.kind.cookieName, change.current.cookieValue.rawValue)]
        if mirror?.notificationSettings == true, change.kind == .notifications, let details = change.notificationDetails {
            cookies += details.cookies.sorted { $0.key < $1.key }
        }
        for (name, value) in cookies {
            guard generation == mirrorGeneration else { return false }
            do {
                try await set(name, value: value, attributes: attributes)
            } catch {
                logger.warning("permission cookie not written", metadata: ["name": "\(name)", "error": "\(error)"])
            }
        }
        return true
    }

    /// The cookies mirrored from `center`, sorted by name: the `p_…` permission cookies and, with
    /// `notificationSettings`, the notification-setting cookies once the center knows the settings.
    private static func mirrored(_ center: PermissionCenter, notificationSettings: Bool) async -> [(key: String, value: String)] {
        var cookies = await center.cookies()
        if notificationSettings, let details = await center.notificationDetails() {
            cookies.merge(details.cookies) { _, setting in setting }
        }
        return cookies.sorted { $0.key < $1.key }
    }

    /// Stops mirroring permission cookies and, with `removingCookies`, deletes them from the web view, so
    /// that permission data stops going to the server.
    @discardableResult
    public func stopMirroringPermissionCookies(removingCookies: Bool) async throws -> CookieSyncReport {
        let stopped = mirror
        endMirror()
        guard removingCookies, let stopped else { return CookieSyncReport() }
        var report = CookieSyncReport()
        for name in stopped.names {
            report.deleted += try await remove(name, attributes: stopped.attributes).deleted
        }
        return report
    }

    private func endMirror() {
        mirrorGeneration += 1
        mirror = nil
    }
}

// MARK: - The 1.0 lifetime

extension CookieSync {
    /// The 1.0 way to follow the web view's events: ``run(following:)`` does, until its task is cancelled.
    @available(*, unavailable, renamed: "run(following:)", message: "run it in a task group; cancelling it stops")
    public func start(following events: WebViewEvents) { fatalError("unavailable") }

    /// The 1.0 way to stop following: cancel the task running ``run(following:)``.
    @available(*, unavailable, message: "cancel the task running run(following:)")
    public func stop() { fatalError("unavailable") }
}
