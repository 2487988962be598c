import _CryptoExtras
import Foundation
import PermitServer
import PermitSupport
import Testing

/// A message's expiry (a Web Push message's TTL): FCM and APNs are told how long they may keep it, a message of
/// no time left is sent once with nothing kept, and one past its expiry by more than the grace is not sent.
@Suite struct PushExpiryTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func fcmIsToldTheTimeToLiveForAndroidAndForAPNs() async throws {
        let server = try await PushSenderTests.fakeFCM { _ in .ok }
        let world = try await PushSenderTests.World(token: "fcm-token-1", platform: .android)
        let sender = try FCMSender(
            account: FCMServiceAccount(
                projectID: "demo-app", clientEmail: "push@app.iam.example",
                privateKeyPEM: PushSenderTests.rsaKey.pkcs8PEMRepresentation, tokenURI: server.origin + "/token"),
            endpoint: server.origin, timeout: .seconds(5), logger: .quiet, now: { Self.now })
        let delivery = PushDelivery(registry: world.registry, services: [.android: sender], logger: .quiet, now: { Self.now })
        for expires in [Self.now.addingTimeInterval(60), Self.now.addingTimeInterval(-10), nil] {
            #expect(await delivery.send(PushMessage(title: "Hi", expires: expires), to: "fcm-token-1", platform: .android) == .delivered(attempts: 1))
        }
        let bodies = try server.requests.filter { $0.path.hasSuffix("messages:send") }.map {
            try #require(try JSONSerialization.jsonObject(with: $0.body) as? [String: [String: Any]])["message"]
        }
        #expect(bodies.count == 3)
        #expect((bodies[0]?["android"] as? [String: String]) == ["ttl": "60s"])
        #expect((bodies[0]?["apns"] as? [String: [String: String]]) == ["headers": ["apns-expiration": "1800000060"]])
        #expect((bodies[1]?["android"] as? [String: String]) == ["ttl": "0s"])
        #expect((bodies[1]?["apns"] as? [String: [String: String]]) == ["headers": ["apns-expiration": "0"]])
        #expect(bodies[2]?["android"] == nil && bodies[2]?["apns"] == nil)
        await server.stop()
        try await world.close()
    }

    @Test func apnsIsToldWhenTheMessageExpires() async throws {
        let server = try await PushSenderTests.fakeAPNs { _ in .init(status: 200) }
        let world = try await PushSenderTests.World(token: "apns-token-1", platform: .ios)
        let delivery = PushDelivery(
            registry: world.registry, services: [.ios: try PushSenderTests.apnsSender(server, now: { Self.now })], logger: .quiet,
            now: { Self.now })
        for expires in [Self.now.addingTimeInterval(3_600), Self.now, nil] {
            #expect(await delivery.send(PushMessage(body: "Hi", expires: expires), to: "apns-token-1", platform: .ios) == .delivered(attempts: 1))
        }
        #expect(server.requests.map { $0.headers["apns-expiration"] } == ["1800003600", "0", nil])
        await server.stop()
        try await world.close()
    }

    @Test func aMessagePastItsExpiryAndTheGraceIsNotSent() async throws {
        let server = try await PushSenderTests.fakeAPNs { _ in .init(status: 200) }
        let world = try await PushSenderTests.World(token: "apns-token-1", platform: .ios)
        let clock = Locked(Self.now)
        let delivery = PushDelivery(
            registry: world.registry, services: [.ios: try PushSenderTests.apnsSender(server, now: { clock.withLock { $0 } })],
            logger: .quiet, now: { clock.withLock { $0 } })
        let message = PushMessage(body: "Hi", expires: Self.now)
        // Within the grace (the queue's own latency): sent once, with nothing kept.
        clock.withLock { $0 = Self.now.addingTimeInterval(PushDelivery.expiryGrace - 1) }
        #expect(await delivery.send(message, to: "apns-token-1", platform: .ios) == .delivered(attempts: 1))
        // Past it: not sent.
        clock.withLock { $0 = Self.now.addingTimeInterval(PushDelivery.expiryGrace + 1) }
        #expect(await delivery.send(message, to: "apns-token-1", platform: .ios)
            == .gaveUp(attempts: 0, lastReason: "expired: its TTL passed before it could be sent"))
        #expect(server.requests.count == 1)
        await server.stop()
        try await world.close()
    }

    @Test func theExpiryIsKeptWithTheQueuedMessage() throws {
        let message = PushMessage(title: "Hi", expires: Date(timeIntervalSince1970: 1_800_000_060))
        let json = try JSONEncoder().encode(message)
        #expect(String(decoding: json, as: UTF8.self).contains(#""expires":1800000060"#))
        #expect(try JSONDecoder().decode(PushMessage.self, from: json) == message)
        // A message queued before expiries existed reads as one without.
        #expect(try JSONDecoder().decode(PushMessage.self, from: Data(#"{"title":"Hi","data":{}}"#.utf8)).expires == nil)
    }
}
