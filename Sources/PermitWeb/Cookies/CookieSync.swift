public import Foundation
public import Logging
public import Permit

/// Keeps the cookies Permit owns in a web view: the push token and, when the app opts in, the `p_…`
/// permission cookies.
///
/// Web view cookie stores lose writes (a crash soon after a write, a first launch, a restarted web content
/// process), so the sync treats its own desired set as the truth and the web view as a copy to repair. It
/// compares before it writes: a sync over a web view that already holds the desired cookies writes nothing,
/// so two syncs in a row never ping-pong. Every write and deletion is awaited, and syncs run one at a time.
///
/// Call ``synchronize()`` (or set the cookies) before the first page load of a launch, and ``start()`` so
/// that the sync validates after every page load and after a web view restart, repairing what is missing or
/// different.
///
/// For example:
///
/// ```swift
/// let sync = CookieSync(host: webView, siteHost: "app.example.com", logger: logger)
/// await sync.start()
/// try await sync.mirrorPermissionCookies(of: center, attributes: CookieAttributes(domain: "app.example.com"))
/// try await webView.load(URL(string: "https://app.example.com/")!)
/// ```
public actor CookieSync {
    private let host: any WebViewHost
    /// The host of the app's pages, which every cookie must reach.
    public nonisolated let siteHost: String
    private let logger: Logger
    private let now: @Sendable () -> Date

    private var desired: [CookieKey: DesiredCookie] = [:]
    private var managed: Set<CookieKey> = []
    private var observer: WebViewObserverID?
    private var mirror: Task<Void, Never>?

    private var isSyncing = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Creates a sync for the cookies of pages served from `siteHost`.
    ///
    /// - Parameters:
    ///   - host: The web view whose cookie store the sync keeps.
    ///   - siteHost: The host of the app's pages, such as `app.example.com`; each cookie is validated against
    ///     it.
    ///   - logger: Receives writes and deletions at `info`, syncs that change nothing at `debug`, and failed
    ///     syncs after a page load at `warning`. Cookie values are never logged.
    ///   - now: The clock for expiries; tests pass a fixed one.
    public init(
        host: any WebViewHost, siteHost: String, logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.host = host
        self.siteHost = siteHost
        self.logger = logger
        self.now = now
    }

    // MARK: - Desired cookies

    /// Keeps the cookie `name=value` with `attributes` in the web view, writing it now unless the web view
    /// already holds it.
    ///
    /// - Throws: ``CookieError`` when the cookie is not valid for ``siteHost``, and then nothing is written
    ///   or remembered; or the web view's error when the write fails, and then the cookie is still
    ///   remembered and the next sync writes it.
    @discardableResult
    public func set(_ name: String, value: String, attributes: CookieAttributes) async throws -> CookieSyncReport {
        let wanted = DesiredCookie(name: name, value: value, attributes: attributes)
        try attributes.cookie(name: name, value: value, now: now()).validate(forHost: siteHost, now: now())
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
    public func desiredCookies() -> [Cookie] {
        desired.values.sorted { $0.key < $1.key }.map { $0.attributes.cookie(name: $0.name, value: $0.value, now: now()) }
    }

    /// The web view's cookie named `name` with the domain and path of `attributes`, or `nil` when it has none.
    public func storedCookie(named name: String, attributes: CookieAttributes) async throws -> Cookie? {
        let key = CookieKey(name: name, domain: attributes.domain, path: attributes.path)
        return try await host.cookies().first { CookieKey($0) == key && $0.isHostOnly == attributes.isHostOnly }
    }

    // MARK: - Syncing

    /// Makes the web view's cookies match the desired ones: writes what is missing or different, deletes
    /// what the sync stopped keeping, and changes nothing that already matches.
    @discardableResult
    public func synchronize() async throws -> CookieSyncReport {
        try await sync(only: nil)
    }

    /// Validates after every page load and after the web view restarts, repairing what is missing or
    /// different. Calling it again does nothing.
    public func start() async {
        guard observer == nil else { return }
        observer = await host.addEventObserver { [weak self] event in
            switch event {
            case .loaded, .restarted: await self?.synchronizeAfter(event)
            case .navigated, .terminated: break
            }
        }
    }

    /// Stops validating after page loads and stops mirroring permission cookies; the cookies stay.
    public func stop() async {
        mirror?.cancel()
        mirror = nil
        if let observer { await host.removeEventObserver(observer) }
        observer = nil
    }

    private func synchronizeAfter(_ event: WebViewEvent) async {
        do {
            let report = try await synchronize()
            if !report.isEmpty {
                logger.info("cookies repaired", metadata: ["after": "\(event)", "changes": "\(report)"])
            }
        } catch {
            logger.warning("cookie validation failed", metadata: ["after": "\(event)", "error": "\(error)"])
        }
    }

    private func sync(only key: CookieKey?) async throws -> CookieSyncReport {
        await acquire()
        defer { release() }
        let actual = try await host.cookies()
        let wanted = desired.values.filter { key == nil || $0.key == key }
        let keys = key.map { [$0] } ?? managed
        let plan = CookieSyncPlan(desired: Array(wanted), managed: keys, actual: actual, now: now())
        var report = CookieSyncReport()
        for step in plan.steps {
            switch step {
            case .write(let cookie):
                try await host.setCookie(cookie)
                report.written.append(cookie.name)
                logger.info("cookie written", metadata: ["name": "\(cookie.name)", "domain": "\(cookie.domain)"])
            case .delete(let key):
                try await host.deleteCookie(named: key.name, domain: key.domain, path: key.path)
                report.deleted.append(key.name)
                logger.info("cookie deleted", metadata: ["name": "\(key.name)", "domain": "\(key.domain)"])
            }
        }
        if report.isEmpty { logger.debug("cookies already in sync", metadata: ["kept": "\(keys.count)"]) }
        return report
    }

    // One sync at a time: each reads the store, then writes, and an interleaved one would act on stale reads.
    private func acquire() async {
        if isSyncing {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            isSyncing = true
        }
    }

    private func release() {
        if waiting.isEmpty { isSyncing = false } else { waiting.removeFirst().resume() }
    }

    // MARK: - Permission cookies

    /// Mirrors every permission the center tracks into the web view as its `p_…` cookie (`yes` or `no`),
    /// now and on every change, until ``stop()``.
    ///
    /// Permission data stays on the device unless the app calls this: the seed promises that it never leaves
    /// it, and a cookie goes to the app's server with every request.
    ///
    /// - Throws: ``CookieError`` when the attributes do not suit ``siteHost``, or the web view's error.
    public func mirrorPermissionCookies(of center: PermissionCenter, attributes: CookieAttributes) async throws {
        mirror?.cancel()
        let changes = center.changes()
        for (name, value) in await center.cookies().sorted(by: { $0.key < $1.key }) {
            try await set(name, value: value, attributes: attributes)
        }
        mirror = Task { [weak self] in
            for await change in changes {
                guard let self else { return }
                do {
                    try await self.set(change.kind.cookieName, value: change.current.cookieValue.rawValue, attributes: attributes)
                } catch {
                    await self.logMirrorFailure(change.kind, error)
                }
            }
        }
    }

    private func logMirrorFailure(_ kind: PermissionKind, _ error: any Error) {
        logger.warning("permission cookie not written", metadata: ["kind": "\(kind)", "error": "\(error)"])
    }
}
