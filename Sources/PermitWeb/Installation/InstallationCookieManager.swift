public import Foundation
public import Logging
public import Permit
import PermitSupport

/// Keeps the installation's identity in the web view as the `permit_installation` and `permit_platform`
/// cookies, so that the app's server (`permit server`) knows whose every page request is, with a backup in the
/// app's `PermitStorage` as the source of truth, like the push token's cookie.
///
/// At the first ``start()`` the manager makes the installation's identifier (a random UUID, lowercased) and
/// backs it up; every start after reads it back. It writes both cookies through a ``CookieSync``, which
/// validates them after every page load and restores them when the web view lost them. Once the app's first
/// native report is answered, give the manager the proof the server issued (``saveProof(_:)``): it is backed up
/// and the cookie becomes `<identifier>~<proof>`, the form the server checks. An installation whose server has
/// seen its proof is written by no report without it: see the server side article, "Who may write an
/// installation".
///
/// Operations run one at a time, in the order they were called.
///
/// For example:
///
/// ```swift
/// let installation = InstallationCookieManager(
///     configuration: InstallationCookieConfiguration(domain: "app.example.com"),
///     storage: storage, sync: sync, logger: logger)
/// let identity = try await installation.start()   // before the first page load
/// // POST /permit/installations with identity.identifier (and identity.proof once there is one), then:
/// if let proof = response.value(forHTTPHeaderField: InstallationCookieConfiguration.proofResponseHeader) {
///     try await installation.saveProof(proof)
/// }
/// ```
public actor InstallationCookieManager {
    /// Where and how the identity is kept.
    public nonisolated let configuration: InstallationCookieConfiguration
    private let storage: PermitStorage
    private let sync: CookieSync
    private let logger: Logger
    private let makeIdentifier: @Sendable () -> String
    private let serial = SerialGate()
    private var saved: InstallationIdentity?

    /// Creates a manager; nothing happens until ``start()``.
    ///
    /// - Parameters:
    ///   - configuration: The cookies' names and attributes, the platform and the backup's key.
    ///   - storage: The app's storage, which keeps the identity under the configuration's
    ///     ``InstallationCookieConfiguration/backupKey``.
    ///   - sync: The cookie sync of the web view the cookies go to.
    ///   - logger: Receives a new identity and a saved proof at `info`; proofs are never logged.
    ///   - makeIdentifier: Makes the identifier of a new installation; a random lowercased UUID by default.
    public init(
        configuration: InstallationCookieConfiguration, storage: PermitStorage, sync: CookieSync, logger: Logger,
        makeIdentifier: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.configuration = configuration
        self.storage = storage
        self.sync = sync
        self.logger = logger
        self.makeIdentifier = makeIdentifier
    }

    /// Reads the identity from the backup (making and backing up a new one at the first start) and writes both
    /// cookies; returns the identity. Call it before the first page load of a launch; calling it again writes
    /// only what the web view lost.
    ///
    /// - Throws: ``CookieError`` when the configuration does not suit the sync's host, or the web view's error
    ///   (the cookies are still kept by the sync, and its next validation writes them).
    @discardableResult
    public func start() async throws -> InstallationIdentity {
        try await serial.run {
            let identity = try await loadOrCreate()
            try await setCookies(identity)
            return identity
        }
    }

    /// The installation's identity, made and backed up first when there is none.
    public func identity() async throws -> InstallationIdentity {
        try await serial.run { try await loadOrCreate() }
    }

    /// Keeps `proof`, the server's answer to the installation's first native report, in the backup and in the
    /// `permit_installation` cookie (`<identifier>~<proof>`). Saving the proof already kept writes nothing.
    ///
    /// - Throws: ``CookieError/invalidValue`` when `proof` is not a proof's shape (nothing is kept then), or the
    ///   web view's error (the backup keeps the proof, and the sync writes the cookie at its next validation).
    public func saveProof(_ proof: String) async throws {
        try await serial.run {
            guard InstallationIdentity.isValidProof(proof) else {
                throw CookieError.invalidValue.withDetail("an installation proof is 1 to 128 letters, digits, - and _")
            }
            var identity = try await loadOrCreate()
            guard identity.proof != proof else { return }
            identity.proof = proof
            try await storage.setValue(identity, for: key)
            saved = identity
            try await setCookies(identity)
            logger.info("installation proof saved", metadata: ["installation": "\(identity.identifier)"])
        }
    }

    /// Makes the installation a new identity, without a proof, backs it up and writes its cookie; returns it.
    ///
    /// For an app that lost its proof: the server refuses every report without it of an installation that has
    /// proved itself (a native report is answered 403, `this installation has a proof; send it`), so the app
    /// starts over as a new installation, whose next native report gets a new proof. The old one is pruned once
    /// unseen.
    ///
    /// - Throws: ``CookieError`` when the new identifier is not valid (nothing changes then), or the web view's
    ///   error (the backup keeps the new identity, and the sync writes the cookie at its next validation).
    @discardableResult
    public func startOver() async throws -> InstallationIdentity {
        try await serial.run {
            let identity = try await create()
            try await setCookies(identity)
            return identity
        }
    }

    /// The `permit_installation` cookie's value in the web view, read back from its cookie store; `nil` when
    /// there is no cookie.
    public func cookieValue() async throws -> String? {
        try await sync.storedCookie(named: configuration.installationCookieName, attributes: configuration.attributes)?.value
    }

    // MARK: - Steps, run inside the gate

    private var key: StorageKey<InstallationIdentity> { StorageKey(configuration.backupKey) }

    private func loadOrCreate() async throws -> InstallationIdentity {
        if let saved { return saved }
        if let stored = await storage.value(for: key), InstallationIdentity.isValidIdentifier(stored.identifier),
            stored.proof.map(InstallationIdentity.isValidProof) ?? true {
            saved = stored
            return stored
        }
        return try await create()
    }

    private func create() async throws -> InstallationIdentity {
        let identifier = makeIdentifier()
        guard InstallationIdentity.isValidIdentifier(identifier) else {
            throw CookieError.invalidValue.withDetail("an installation identifier is 1 to 128 letters, digits, -, _ and .")
        }
        let identity = InstallationIdentity(identifier: identifier)
        try await storage.setValue(identity, for: key)
        saved = identity
        logger.info("installation identity made", metadata: ["installation": "\(identifier)"])
        return identity
    }

    private func setCookies(_ identity: InstallationIdentity) async throws {
        try await sync.set(configuration.installationCookieName, value: identity.cookieValue, attributes: configuration.attributes)
        try await sync.set(configuration.platformCookieName, value: configuration.platform, attributes: configuration.attributes)
    }
}
