public import Foundation
public import Logging
public import Permit
import PermitSupport

/// Keeps the app's push token in the web view as a cookie, so that page script and the app's server both
/// see it, with a backup as the source of truth: in the app's `PermitStorage` by default, or in any
/// `PushTokenBackupStore` (the Keychain on iOS).
///
/// The manager saves each token the ``PushTokenProvider`` issues (only when it changed), backs it up in the
/// storage, and writes the cookie through a ``CookieSync``, which validates it after every page
/// load and restores it from the backup when the web view lost it. With no token saved, the backup's
/// emptiness is the truth too: a cookie left in the web view (a deletion the web view lost) is deleted.
///
/// A token that is not valid cookie text is refused with a ``CookieError`` and nothing is written: a push
/// token is opaque and its bytes must reach the server unchanged, so Permit does not percent-encode it
/// behind the page's back. FCM tokens use letters, digits, `_`, `-` and `:`, all valid.
///
/// Operations run one at a time, in the order they were called, so a token saved and one cleared a moment
/// later always leave the backup and the cookie agreeing.
///
/// For example:
///
/// ```swift
/// let sync = CookieSync(store: webView.cookieStore, siteHost: "example.com", logger: logger)
/// let tokens = PushTokenCookieManager(
///     configuration: PushTokenCookieConfiguration(domain: "example.com"),
///     provider: firebaseTokens, storage: storage, sync: sync, logger: logger)
/// try await tokens.restoreCookie()   // the saved token's cookie, before the first page load
/// let events = webView.events()
/// try await withThrowingDiscardingTaskGroup { group in
///     group.addTask { await tokens.run() }               // saves each token the provider issues
///     group.addTask { await sync.run(following: events) }
///     try await webView.load(URL(string: "https://example.com/")!)
/// }
/// ```
public actor PushTokenCookieManager {
    /// Where and how the token is kept.
    public nonisolated let configuration: PushTokenCookieConfiguration
    let provider: any PushTokenProvider
    private let storage: PermitStorage
    private let backupStore: any PushTokenBackupStore
    private let sync: CookieSync
    let logger: Logger
    private let now: @Sendable () -> Date
    /// Where a version of the app from before Permit kept its backup, imported when the store has none.
    private let legacyDefaults: LegacyDefaults?

    private var backup = PushTokenBackup()
    private var backupLoaded = false
    /// The provider's tokens from ``restoreCookie()`` on, until ``run()`` takes them.
    private var pendingTokens: PushTokenUpdates?
    /// Operations run one at a time, in the order they were called.
    let serial = SerialGate()
    /// The token last received from the provider or saved in this launch.
    public private(set) var currentToken: String?

    /// Creates a manager; nothing happens until ``restoreCookie()`` and ``run()``.
    ///
    /// - Parameters:
    ///   - configuration: The cookie's name and attributes and the backup's key.
    ///   - provider: The push service.
    ///   - storage: The app's storage, which keeps the backup under the configuration's
    ///     ``PushTokenCookieConfiguration/backupKey`` unless `backupStore` is given.
    ///   - backupStore: Where the backup is kept instead of `storage`, such as the Keychain.
    ///   - sync: The cookie sync of the web view the cookie goes to.
    ///   - legacyDefaults: Where a version of the app from before Permit kept its backup of the token (under the
    ///     configuration's ``PushTokenCookieConfiguration/legacyBackupKey``). When the store holds no backup
    ///     yet, that token is imported as the backup, as the legacy `p_…` keys are imported by the stores, so
    ///     the first launch after an upgrade still restores the page's cookie.
    ///   - logger: Receives saves, restores and clears at `info`, no-ops at `debug`; tokens are shortened.
    ///   - now: The clock for the backup's time.
    public init(
        configuration: PushTokenCookieConfiguration, provider: any PushTokenProvider, storage: PermitStorage,
        backupStore: (any PushTokenBackupStore)? = nil, sync: CookieSync, importingLegacyBackupFrom legacyDefaults: UserDefaults? = nil, logger: Logger,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.legacyDefaults = legacyDefaults.map(LegacyDefaults.init)
        self.configuration = configuration
        self.provider = provider
        self.storage = storage
        self.backupStore = backupStore ?? StoragePushTokenBackup(storage: storage, key: configuration.backupKey)
        self.sync = sync
        self.logger = logger
        self.now = now
    }

    // MARK: - Restoring and running

    /// Makes the cookie match the backup: writes the saved token's cookie, or deletes a cookie when no token is
    /// saved. Await it before the first page load of a launch; ``run()`` then takes the provider's tokens,
    /// those it issues while the cookie is written among them.
    ///
    /// - Throws: The web view's error when the cookie cannot be written.
    public func restoreCookie() async throws {
        // Subscribed first, so that a token issued while the cookie is written waits for run().
        if pendingTokens == nil { pendingTokens = provider.tokenUpdates() }
        _ = try await serial.run {
            mirrorLegacyBackup(await loadBackup())
            return try await applyBackup()
        }
    }

    /// Saves each token the provider issues (see ``updateIfNeeded(_:)``) until the calling task is cancelled;
    /// then returns. The token stays saved and its cookie stays.
    ///
    /// Tokens issued since ``restoreCookie()`` are taken too; without it, those issued from this call on.
    public func run() async {
        let tokens = pendingTokens ?? provider.tokenUpdates()
        pendingTokens = nil
        for await token in tokens {
            await receive(token)
        }
    }

    // MARK: - Saving, validating and clearing

    /// Saves `token` as the cookie: backs it up, then writes the cookie and returns once it is stored.
    ///
    /// Saving undoes a ``clear()``: tokens from the provider are saved again from then on.
    ///
    /// - Throws: ``CookieError`` when the token is empty or not valid cookie text (nothing is written then),
    ///   or the web view's error (the backup is kept and the next validation writes the cookie).
    public func save(_ token: String) async throws {
        try await serial.run { try await store(token) }
    }

    /// Saves `token` unless it is the one already saved; returns whether it saved.
    ///
    /// `nil` changes nothing: a provider with no token yet must not wipe the last one saved. Use ``clear()``
    /// to remove it. Like ``save(_:)``, a token given here undoes a ``clear()``.
    @discardableResult
    public func updateIfNeeded(_ token: String?) async throws -> Bool {
        try await serial.run { try await update(token, explicitly: true) }
    }

    /// Asks the provider for the current token and saves it if it changed; returns the token.
    ///
    /// - Throws: The provider's error, for example before the APNs token exists.
    @discardableResult
    public func refresh() async throws -> String? {
        let token = try await provider.fetchToken()
        try await updateIfNeeded(token)
        return token
    }

    /// Rotates the token when the configuration's ``PushTokenCookieConfiguration/rotationInterval`` has passed
    /// since it was saved (`PushTokenRotation`): deletes it at the push service, asks for the new one and saves
    /// it, so that the page's cookie and, through it, the app's server move to the new token. Call it at launch
    /// and when the app comes to the foreground; returns whether it rotated. A token cleared by the app is not
    /// rotated.
    ///
    /// - Throws: The provider's error; the old token stays saved then.
    @discardableResult
    public func rotateIfDue() async throws -> Bool {
        try await serial.run {
            let saved = await loadBackup()
            guard saved.token != nil, !saved.isCleared,
                PushTokenRotation.isDue(savedAt: saved.savedAt, now: now(), interval: configuration.rotationInterval)
            else { return false }
            try await provider.deleteToken()
            guard let token = try await provider.fetchToken(), token != saved.token else {
                logger.warning("push token rotation: the service issued no new token; keeping the saved one")
                return false
            }
            try await store(token)
            logger.info("push token rotated", metadata: ["token": "\(PushTokenDebugInfo.shortened(token))"])
            return true
        }
    }

    /// The token in the web view's cookie, read back from its cookie store; `nil` when there is no cookie.
    public func tokenFromCookie() async throws -> String? {
        try await sync.storedCookie(named: configuration.cookieName, attributes: configuration.attributes)?.value
    }

    /// Checks that the cookie is present and holds the saved token, and writes it from the backup when not.
    ///
    /// A cookie that holds the saved token but nears its expiry is renewed, and still counts as
    /// ``PushTokenValidation/valid``. With no token saved, a cookie left in the web view is deleted.
    public func validate() async throws -> PushTokenValidation {
        try await serial.run {
            guard await loadBackup().token != nil else {
                try await applyBackup()
                return .noToken
            }
            let before = try await tokenFromCookie()
            let report = try await applyBackup()
            let token = backup.token
            if report.isEmpty || before == token { return .valid }
            logRestore(token)
            return .restored
        }
    }

    /// Deletes the token everywhere: the cookie (same name, domain and path), the backup and, at the
    /// provider, the token itself. Until the next ``save(_:)``, ``updateIfNeeded(_:)`` or ``refresh()``,
    /// tokens the provider issues are not saved, in this launch or the next: a service that issues a new token
    /// right after a delete (FCM with auto-init on) does not undo the clear.
    ///
    /// Each step is tried even when one before it fails.
    ///
    /// - Throws: The first error among the store's, the web view's and the provider's, once all three steps
    ///   were tried.
    public func clear() async throws {
        try await serial.run {
            var firstError: (any Error)?
            currentToken = nil
            do { try await storeBackup(PushTokenBackup(isCleared: true)) } catch { firstError = firstError ?? error }
            do { try await removeCookies() } catch { firstError = firstError ?? error }
            do { try await provider.deleteToken() } catch { firstError = firstError ?? error }
            if let firstError { throw firstError }
            logger.info("push token cleared")
        }
    }

    /// The cookie's, the backup's and the current token, with the cookie's name and domain.
    public func debugInfo() async -> PushTokenDebugInfo {
        PushTokenDebugInfo(
            cookieToken: try? await tokenFromCookie(), backupToken: await loadBackup().token,
            currentToken: currentToken, domain: configuration.attributes.domain, cookieName: configuration.cookieName)
    }

    // MARK: - Steps, run inside the gate

    private func receive(_ token: String?) async {
        do {
            _ = try await serial.run { try await update(token, explicitly: false) }
        } catch {
            logger.warning("token from the provider not saved", metadata: ["error": "\(error)"])
        }
    }

    func update(_ token: String?, explicitly: Bool) async throws -> Bool {
        guard let token else {
            logger.debug("provider reported no push token; keeping the saved one")
            return false
        }
        let saved = await loadBackup()
        if saved.isCleared, !explicitly {
            logger.debug("push token cleared by the app; not saving the provider's new one")
            return false
        }
        if saved.token == token {
            currentToken = token
            logger.debug("push token unchanged", metadata: ["token": "\(PushTokenDebugInfo.shortened(token))"])
            return false
        }
        try await store(token)
        return true
    }

    private func store(_ token: String) async throws {
        try validated(token)
        currentToken = token
        try await storeBackup(PushTokenBackup(token: token, savedAt: now()))
        try await setCookies(token)
        logger.info("push token saved", metadata: ["token": "\(PushTokenDebugInfo.shortened(token))"])
    }

    /// Makes the cookie match the backup: the saved token's cookie, or none.
    @discardableResult
    private func applyBackup() async throws -> CookieSyncReport {
        if let token = await loadBackup().token { return try await setCookies(token) }
        return try await removeCookies()
    }

    /// Every domain's attributes: the configuration's own first, then each additional domain's.
    private var cookieAttributes: [CookieAttributes] {
        [configuration.attributes] + configuration.additionalDomains.map { domain in
            var attributes = configuration.attributes
            attributes.domain = domain
            return attributes
        }
    }

    /// Writes `token`'s cookie for every domain; the report is the configuration's own domain's.
    @discardableResult
    private func setCookies(_ token: String) async throws -> CookieSyncReport {
        try await forEachDomain { attributes, isOwn in
            try await sync.set(
                configuration.cookieName, value: token, attributes: attributes, forHost: isOwn ? nil : attributes.domain)
        }
    }

    /// Deletes the cookie from every domain; the report is the configuration's own domain's.
    @discardableResult
    private func removeCookies() async throws -> CookieSyncReport {
        try await forEachDomain { attributes, _ in try await sync.remove(configuration.cookieName, attributes: attributes) }
    }

    /// Runs `write` for the configuration's own domain, then for each additional one, and returns the first's report.
    private func forEachDomain(
        _ write: (CookieAttributes, _ isOwn: Bool) async throws -> CookieSyncReport
    ) async throws -> CookieSyncReport {
        let all = cookieAttributes
        let own = try await write(all[0], true)
        for attributes in all.dropFirst() { _ = try await write(attributes, false) }
        return own
    }

    private func validated(_ token: String) throws(CookieError) {
        guard !token.isEmpty else { throw .invalidValue.withDetail("a push token cannot be empty") }
        for attributes in cookieAttributes {
            let cookie = attributes.cookie(name: configuration.cookieName, value: token, now: now())
            let host = attributes.domain == configuration.attributes.domain ? sync.siteHost : attributes.domain
            try cookie.validate(forHost: host, now: now())
        }
    }

    func loadBackup() async -> PushTokenBackup {
        guard !backupLoaded else { return backup }
        var loaded: PushTokenBackup?
        do {
            loaded = try await backupStore.loadBackup()
        } catch {
            logger.warning("the push token's backup could not be read", metadata: ["error": "\(error)"])
        }
        if loaded == nil { loaded = await importedBackup() }
        // A store that finished while this load waited wins: it is newer.
        if !backupLoaded {
            backup = loaded ?? PushTokenBackup()
            backupLoaded = true
        }
        return backup
    }

    /// The backup of a version of the app from before Permit, when there is one: the store keeps it from now on.
    private func importedBackup() async -> PushTokenBackup? {
        guard let token = legacyDefaults?.value.string(forKey: configuration.legacyBackupKey), !token.isEmpty else {
            return nil
        }
        let imported = PushTokenBackup(token: token, savedAt: nil)
        do {
            try await backupStore.saveBackup(imported)
            logger.info(
                "push token imported from the legacy backup",
                metadata: ["key": "\(configuration.legacyBackupKey)", "token": "\(PushTokenDebugInfo.shortened(token))"])
        } catch {
            logger.warning("the imported push token could not be stored", metadata: ["error": "\(error)"])
        }
        return imported
    }

    private func storeBackup(_ backup: PushTokenBackup) async throws {
        self.backup = backup
        backupLoaded = true
        try await backupStore.saveBackup(backup)
        mirrorLegacyBackup(backup)
    }

    /// Writes `backup`'s token under the legacy key, or removes the key, when the configuration keeps it current.
    private func mirrorLegacyBackup(_ backup: PushTokenBackup) {
        guard configuration.keepsLegacyBackupCurrent, let defaults = legacyDefaults?.value else { return }
        if let token = backup.token {
            defaults.set(token, forKey: configuration.legacyBackupKey)
        } else {
            defaults.removeObject(forKey: configuration.legacyBackupKey)
        }
        if !defaults.synchronize() {
            logger.warning("UserDefaults did not save the legacy push token backup", metadata: ["key": "\(configuration.legacyBackupKey)"])
        }
    }

    private func logRestore(_ token: String?) {
        logger.info(
            "push token cookie restored from the backup", metadata: ["token": "\(PushTokenDebugInfo.shortened(token))"])
    }
}

// MARK: - The 1.0 lifetime

extension PushTokenCookieManager {
    /// The 1.0 way to start: ``restoreCookie()`` writes the cookie, and ``run()`` takes the provider's tokens.
    @available(*, unavailable, renamed: "restoreCookie()", message: "await restoreCookie(), then run() in a task group")
    public func start() async throws { fatalError("unavailable") }

    /// The 1.0 way to stop taking tokens: cancel the task running ``run()``.
    @available(*, unavailable, message: "cancel the task running run()")
    public func stop() { fatalError("unavailable") }
}

/// `UserDefaults` is documented as thread-safe, but not every Foundation marks it `Sendable`.
private struct LegacyDefaults: @unchecked Sendable {  // UserDefaults is thread-safe; Linux Foundation lacks the mark
    let value: UserDefaults
}
