public import Foundation
public import Logging
public import Permit

/// Keeps the app's push token in the web view as a cookie, so that page script and the app's server both
/// see it: seed 002's `FCMTokenCookieManager`, with a backup in the permission store as the source of truth.
///
/// The manager saves each token the ``PushTokenProvider`` issues (only when it changed), backs it up in the
/// permission store, and writes the cookie through a ``CookieSync``, which validates it after every page
/// load and restores it from the backup when the web view lost it. A token that is not valid cookie text is
/// refused with a ``CookieError`` and nothing is written: a push token is opaque and its bytes must reach the
/// server unchanged, so Permit does not percent-encode it behind the page's back. FCM tokens use letters,
/// digits, `_`, `-` and `:`, all valid.
///
/// For example:
///
/// ```swift
/// let sync = CookieSync(host: webView, siteHost: "mikmik.site", logger: logger)
/// let tokens = PushTokenCookieManager(
///     configuration: PushTokenCookieConfiguration(domain: "mikmik.site"),
///     provider: firebaseTokens, center: center, sync: sync, logger: logger)
/// try await tokens.start()        // restores the saved token's cookie before the first page load
/// await sync.start()
/// try await webView.load(URL(string: "https://mikmik.site/")!)
/// ```
public actor PushTokenCookieManager {
    /// Where and how the token is kept.
    public nonisolated let configuration: PushTokenCookieConfiguration
    private let provider: any PushTokenProvider
    private let center: PermissionCenter
    private let sync: CookieSync
    private let logger: Logger
    private let now: @Sendable () -> Date

    private var backup: Backup?
    private var backupLoaded = false
    /// The token last received from the provider or saved in this launch.
    public private(set) var currentToken: String?

    private struct Backup: Codable, Hashable {
        var token: String
        var savedAt: Date
    }

    /// Creates a manager; nothing happens until ``start()``.
    ///
    /// - Parameters:
    ///   - configuration: The cookie's name and attributes and the backup's key.
    ///   - provider: The push service.
    ///   - center: The permission center whose store keeps the backup, as an attachment.
    ///   - sync: The cookie sync of the web view the cookie goes to.
    ///   - logger: Receives saves, restores and clears at `info`, no-ops at `debug`; tokens are shortened.
    ///   - now: The clock for the backup's time.
    public init(
        configuration: PushTokenCookieConfiguration, provider: any PushTokenProvider, center: PermissionCenter,
        sync: CookieSync, logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.provider = provider
        self.center = center
        self.sync = sync
        self.logger = logger
        self.now = now
    }

    // MARK: - Starting

    /// Writes the saved token's cookie (when one is saved and the web view lacks it) and starts taking tokens
    /// from the provider. Call it before the first page load of a launch.
    ///
    /// - Throws: The web view's error when the cookie cannot be written; the token stays saved.
    public func start() async throws {
        await provider.observeTokens { [weak self] token in
            guard let self else { return }
            do {
                try await self.updateIfNeeded(token)
            } catch {
                await self.logFailure("token from the provider not saved", error)
            }
        }
        if let token = await loadBackup()?.token {
            try await writeCookie(token)
        }
    }

    // MARK: - The seed's operations

    /// Saves `token` as the cookie: backs it up, then writes the cookie and returns once it is stored.
    ///
    /// - Throws: ``CookieError`` when the token is empty or not valid cookie text (nothing is written then), or the
    ///   web view's error (the backup is kept and the next validation writes the cookie).
    public func save(_ token: String) async throws {
        try validated(token)
        currentToken = token
        try await storeBackup(Backup(token: token, savedAt: now()))
        try await writeCookie(token)
        logger.info("push token saved", metadata: ["token": "\(PushTokenDebugInfo.shortened(token))"])
    }

    /// Saves `token` unless it is the one already saved; returns whether it saved.
    ///
    /// `nil` changes nothing: a provider with no token yet must not wipe the last one saved. Use ``clear()``
    /// to remove it.
    @discardableResult
    public func updateIfNeeded(_ token: String?) async throws -> Bool {
        guard let token else {
            logger.debug("provider reported no push token; keeping the saved one")
            return false
        }
        currentToken = token
        if await loadBackup()?.token == token {
            logger.debug("push token unchanged", metadata: ["token": "\(PushTokenDebugInfo.shortened(token))"])
            return false
        }
        try await save(token)
        return true
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

    /// The token in the web view's cookie, read back from its cookie store; `nil` when there is no cookie.
    public func tokenFromCookie() async throws -> String? {
        try await sync.storedCookie(named: configuration.cookieName, attributes: configuration.attributes)?.value
    }

    /// Checks that the cookie is present and holds the saved token, and writes it from the backup when not.
    public func validate() async throws -> PushTokenValidation {
        guard let token = await loadBackup()?.token else { return .noToken }
        let report = try await writeCookie(token)
        if report.isEmpty { return .valid }
        logger.info("push token cookie restored from the backup", metadata: ["token": "\(PushTokenDebugInfo.shortened(token))"])
        return .restored
    }

    /// Deletes the token everywhere: the cookie (same name, domain and path), the backup and, at the
    /// provider, the token itself.
    ///
    /// The cookie and backup go first, so that they are gone even when the provider cannot be reached.
    ///
    /// - Throws: The web view's or the provider's error, after everything that could be removed is removed.
    public func clear() async throws {
        currentToken = nil
        try await storeBackup(nil)
        try await sync.remove(configuration.cookieName, attributes: configuration.attributes)
        try await provider.deleteToken()
        logger.info("push token cleared")
    }

    /// The cookie's, the backup's and the current token, with the cookie's name and domain.
    public func debugInfo() async -> PushTokenDebugInfo {
        PushTokenDebugInfo(
            cookieToken: try? await tokenFromCookie(), backupToken: await loadBackup()?.token,
            currentToken: currentToken, domain: configuration.attributes.domain, cookieName: configuration.cookieName)
    }

    // MARK: - Backup and cookie

    private func validated(_ token: String) throws(CookieError) {
        guard !token.isEmpty else { throw .invalidValue.withDetail("a push token cannot be empty") }
        let cookie = configuration.attributes.cookie(name: configuration.cookieName, value: token, now: now())
        try cookie.validate(forHost: sync.siteHost, now: now())
    }

    @discardableResult
    private func writeCookie(_ token: String) async throws -> CookieSyncReport {
        try await sync.set(configuration.cookieName, value: token, attributes: configuration.attributes)
    }

    private func loadBackup() async -> Backup? {
        if !backupLoaded {
            do {
                backup = try await center.attachment(Backup.self, forKey: configuration.backupKey)
            } catch {
                logger.warning("push token backup unreadable; ignoring it", metadata: ["error": "\(error)"])
            }
            backupLoaded = true
        }
        return backup
    }

    private func storeBackup(_ backup: Backup?) async throws {
        try await center.setAttachment(backup, forKey: configuration.backupKey)
        self.backup = backup
        backupLoaded = true
    }

    private func logFailure(_ message: Logger.Message, _ error: any Error) {
        logger.warning(message, metadata: ["error": "\(error)"])
    }
}
