public import PermitWeb

/// A push service for tests, the demo and the shell, which behaves as Firebase Cloud Messaging does: no
/// token until the device registers for remote notifications (FCM needs the APNs token first), then opaque
/// tokens shaped like FCM's, a new one on each refresh, none after a delete until the next fetch.
///
/// Tokens are deterministic for a given seed, so tests and transcripts can be repeated.
///
/// For example:
///
/// ```swift
/// let push = SimulatedPushTokenProvider()
/// await push.registerForRemoteNotifications()   // the observer receives the first token
/// let next = await push.rotateToken()           // and then this one
/// ```
public actor SimulatedPushTokenProvider: PushTokenProvider {
    /// The token the service holds now, or `nil`.
    public private(set) var token: String?
    /// Whether the device has registered for remote notifications (has an APNs token).
    public private(set) var isRegistered = false
    /// The number of times ``deleteToken()`` was called.
    public private(set) var deleteCount = 0
    /// The number of times ``fetchToken()`` was called.
    public private(set) var fetchCount = 0

    private var handler: (@Sendable (String?) async -> Void)?
    private var generator: SeededRandomNumberGenerator

    /// Why a simulated fetch failed.
    public struct FetchError: Error, Hashable, CustomStringConvertible {
        /// FCM's failure when asked for a token before APNs gave the device one.
        public static let noAPNSToken = FetchError(description: "no APNs token yet: register for remote notifications first")
        /// What went wrong.
        public let description: String
    }

    /// Creates a service that has issued no token; `seed` picks the sequence of tokens.
    public init(seed: UInt64 = 0x5EED) {
        generator = SeededRandomNumberGenerator(seed: seed)
    }

    /// Registers the device for remote notifications, as the app does at launch: the service issues a token
    /// (when it has none) and reports it to the observer; returns it.
    @discardableResult
    public func registerForRemoteNotifications() async -> String {
        isRegistered = true
        if let token { return token }
        return await issue()
    }

    /// Refreshes the token, as FCM does after a restore or when the old one expires: a new token goes to the
    /// observer; returns it.
    @discardableResult
    public func rotateToken() async -> String {
        isRegistered = true
        return await issue()
    }

    /// Makes the service report that it has no token, as FCM does for an app that registers by installation
    /// id.
    public func reportNoToken() async {
        token = nil
        await handler?(nil)
    }

    // MARK: - PushTokenProvider

    /// Sets the observer.
    public func observeTokens(_ handler: @escaping @Sendable (String?) async -> Void) {
        self.handler = handler
    }

    /// The current token, issuing one when the device is registered and the service has none.
    ///
    /// - Throws: ``FetchError/noAPNSToken`` before ``registerForRemoteNotifications()``.
    public func fetchToken() async throws -> String? {
        fetchCount += 1
        guard isRegistered else { throw FetchError.noAPNSToken }
        if let token { return token }
        return await issue()
    }

    /// Forgets the token; the next fetch issues a new one. The observer is not called, as with FCM.
    public func deleteToken() {
        deleteCount += 1
        token = nil
    }

    // MARK: - Tokens

    private func issue() async -> String {
        let token = makeToken()
        self.token = token
        await handler?(token)
        return token
    }

    /// An FCM-shaped token: an 11-character instance id, `:APA91b`, then 145 characters, all from the
    /// URL-safe base64 alphabet.
    private func makeToken() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        func characters(_ count: Int) -> String {
            String((0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
        return characters(11) + ":APA91b" + characters(145)
    }
}
