import Crypto
import Foundation

/// Which APNs environment a token belongs to: a build signed for development gets sandbox tokens, one from the
/// App Store or TestFlight production tokens, and each is valid only on its own host.
package enum APNsEnvironment: String, Sendable, Hashable, Codable, CaseIterable {
    /// `api.push.apple.com`: App Store, TestFlight and ad-hoc builds.
    case production
    /// `api.sandbox.push.apple.com`: builds signed for development.
    case sandbox
}

/// Where one push goes: the token, its APNs environment (FCM ignores it), and the send's idempotency key.
package struct PushTarget: Sendable, Hashable {
    /// The device's token; a secret, never logged whole.
    package var token: String
    /// The APNs environment of the token; production when the app never said.
    package var environment: APNsEnvironment
    /// The key naming this send, the same on every attempt, so that a receiver can tell a repeat from a new
    /// send (``PushQueue`` sends at least once); `nil` for a send outside the queue.
    package var idempotencyKey: String?

    /// Creates a target.
    package init(token: String, environment: APNsEnvironment = .production, idempotencyKey: String? = nil) {
        self.token = token
        self.environment = environment
        self.idempotencyKey = idempotencyKey
    }

    /// The header that carries ``idempotencyKey`` to FCM (which ignores it) and to the fake services (which
    /// check it); APNs gets it as `apns-id` (``apnsID``).
    package static let idempotencyHeader = "x-permit-idempotency-key"

    /// The idempotency key as the UUID APNs takes in `apns-id`: the key itself when it is a UUID, else a UUID
    /// made from its SHA-256 digest, so that every attempt of one send carries the same `apns-id`.
    package var apnsID: String? {
        guard let idempotencyKey else { return nil }
        if let uuid = UUID(uuidString: idempotencyKey) { return uuid.uuidString }
        return Self.nameBasedUUID(idempotencyKey)
    }

    /// A UUID made from the SHA-256 digest of `name` (the version 5 layout of RFC 9562, with SHA-256): the same
    /// name gives the same UUID, in upper case.
    package static func nameBasedUUID(_ name: String) -> String {
        var bytes = Array(SHA256.hash(data: Data(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5 layout (name-based), RFC 9562
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let uuid = UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return uuid.uuidString
    }
}
