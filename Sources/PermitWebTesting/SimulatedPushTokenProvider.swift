public import Permit
public import PermitWeb
import PermitTesting

/// A push service for tests, the demo and the shell, which behaves as Firebase Cloud Messaging does: no
/// token until the device registers for remote notifications (FCM needs the APNs token first), then opaque
/// tokens shaped like FCM's, a new one on each refresh, none after a delete until the next fetch.
///
/// Tokens are deterministic for a given starting value, so tests and transcripts can be repeated.
///
/// For example:
///
/// ```swift
/// let push = SimulatedPushTokenProvider()
/// let tokens = push.tokenUpdates()
/// await push.registerForRemoteNotifications()   // the sequence receives the first token
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
    /// The pushes delivered to this device, oldest first.
    public private(set) var receivedPushes: [ReceivedPush] = []

    /// A push that reached the device.
    public struct ReceivedPush: Sendable, Hashable {
        /// The alert's title, if any.
        public var title: String?
        /// The alert's text, if any.
        public var body: String?
        /// The push's data for the app: for a Web Push message, what `WebPushMessage(data:)` (PermitWeb) reads.
        public var data: [String: String] = [:]
    }

    private let channel = PushTokenChannel()
    private var generator: SeededRandomNumberGenerator

    /// Why a simulated fetch failed.
    public struct FetchError: CodedError {
        private enum Code: String, Sendable { case noAPNSToken }
        private let member: Code
        /// More about this failure. Not part of equality.
        public let detail: String

        private init(_ member: Code, detail: String = "") {
            self.member = member
            self.detail = detail
        }

        /// FCM's failure when asked for a token before APNs gave the device one.
        public static let noAPNSToken = FetchError(.noAPNSToken)

        /// The same error with `detail` attached.
        public func withDetail(_ detail: String) -> FetchError { FetchError(member, detail: detail) }

        /// The member's name, `noAPNSToken`.
        public var code: String { member.rawValue }

        /// What went wrong, without the detail.
        public var summary: String {
            switch member {
            case .noAPNSToken: "no APNs token yet: register for remote notifications first"
            }
        }
    }

    /// Creates a service that has issued no token; `seed` (a starting value) picks the sequence of tokens.
    public init(seed: UInt64 = 0x5EED) {
        generator = SeededRandomNumberGenerator(seed: seed)
    }

    /// Registers the device for remote notifications, as the app does at launch: the service issues a token
    /// (when it has none) and reports it to the token sequences; returns it.
    @discardableResult
    public func registerForRemoteNotifications() -> String {
        isRegistered = true
        if let token { return token }
        return issue()
    }

    /// Refreshes the token, as FCM does after a restore or when the old one expires, and returns it; the new
    /// token goes to the token sequences unless `notifying` is `false` (then only a fetch finds it).
    @discardableResult
    public func rotateToken(notifying: Bool = true) -> String {
        isRegistered = true
        return issue(notifying: notifying)
    }

    /// Makes the service report that it has no token, as FCM does for an app that registers by installation
    /// id.
    public func reportNoToken() {
        token = nil
        channel.send(nil)
    }

    // MARK: - PushTokenProvider

    /// A sequence of the tokens issued from now on.
    public nonisolated func tokenUpdates() -> PushTokenUpdates {
        channel.updates()
    }

    /// The current token, issuing one when the device is registered and the service has none.
    ///
    /// - Throws: ``FetchError/noAPNSToken`` before ``registerForRemoteNotifications()``.
    public func fetchToken() throws -> String? {
        fetchCount += 1
        guard isRegistered else { throw FetchError.noAPNSToken }
        if let token { return token }
        return issue()
    }

    /// Forgets the token; the next fetch issues a new one. Nothing is reported, as with FCM with auto-init
    /// off.
    public func deleteToken() {
        deleteCount += 1
        token = nil
    }

    /// Delivers a push addressed to `token`, with its alert and its `data`, as the push service would: it reaches the device only while
    /// `token` is the device's current token. Returns whether it was delivered; a service answers "unregistered"
    /// for a token it no longer holds.
    @discardableResult
    public func receivePush(title: String?, body: String?, data: [String: String] = [:], to token: String) -> Bool {
        guard token == self.token else { return false }
        receivedPushes.append(ReceivedPush(title: title, body: body, data: data))
        return true
    }

    // MARK: - Tokens

    private func issue(notifying: Bool = true) -> String {
        let token = makeToken()
        self.token = token
        if notifying { channel.send(token) }
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
