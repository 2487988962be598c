import Crypto
import Foundation
import Logging
import Permit
import PermitServer
import Testing
import _CryptoExtras
import PermitSupport

/// The FCM and APNs senders against fake services on loopback: every answer FCM's and Apple's documentation
/// lists, through the real HTTP client, the real JWT signing and the registry on SQLite.
@Suite struct PushSenderTests {
    /// A registry on SQLite in a temporary folder holding one installation with `token`.
    struct World {
        let folder: TemporaryFolder
        let executor: SQLiteExecutor
        let storage: SQLRegistryStorage
        let registry: TokenRegistry
        let sleeps = RecordedSleeps()

        init(token: String, platform: Platform) async throws {
            folder = try TemporaryFolder()
            executor = try await SQLiteExecutor.open(path: folder.file("registry.sqlite"), logger: .quiet)
            storage = SQLRegistryStorage(executor: executor)
            try await storage.prepare()
            registry = TokenRegistry(storage: storage, logger: .quiet)
            try await registry.record(InstallationReport(installation: "inst-1", token: token, platform: platform))
        }

        func delivery(_ service: any PushService, platform: Platform, attempts: Int = 3) -> PushDelivery {
            PushDelivery(
                registry: registry, services: [platform: service],
                schedule: RetrySchedule(initial: .seconds(1), maximum: .seconds(60), attempts: attempts),
                logger: .quiet, sleep: sleeps.sleep)
        }

        func storedToken() async throws -> String? { try await storage.record(installation: "inst-1")?.token }

        func close() async throws {
            try await executor.close()
            folder.remove()
        }
    }

    // MARK: - FCM

    static let rsaKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    /// A fake FCM: the token endpoint checks the assertion's RS256 signature and claims, the send endpoint the
    /// bearer token; `send(index)` answers the send requests, numbered from 0.
    static func fakeFCM(tokenStatus: Int = 200, send: @escaping @Sendable (Int) -> FakePushServer.Answer)
        async throws -> FakePushServer
    {
        let sends = Locked(0)
        let tokens = Locked(0)
        return try await FakePushServer.start { _, request in
            if request.path == "/token" {
                guard tokenStatus == 200 else { return .init(status: tokenStatus, body: #"{"error":"invalid_grant"}"#) }
                let form = request.text
                guard form.hasPrefix("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion="),
                    let assertion = form.split(separator: "=").last.map(String.init),
                    let parts = JSONWebToken.parts(of: assertion),
                    rsaKey.publicKey.isValidSignature(
                        _RSA.Signing.RSASignature(rawRepresentation: parts.signature), for: parts.signingInput,
                        padding: .insecurePKCS1v1_5),
                    let claims = try? JSONSerialization.jsonObject(with: parts.claims) as? [String: Any],
                    claims["iss"] as? String == "push@app.iam.example", claims["scope"] as? String == FCMSender.scope
                else { return .init(status: 400, body: #"{"error":"invalid_grant"}"#) }
                let number = tokens.withLock { $0 += 1; return $0 }
                return .init(status: 200, body: #"{"access_token":"access-\#(number)","expires_in":3599,"token_type":"Bearer"}"#)
            }
            guard request.path == "/v1/projects/demo-app/messages:send",
                request.headers["authorization"]?.hasPrefix("Bearer access-") == true
            else { return .init(status: 401, body: #"{"error":{"code":401,"status":"UNAUTHENTICATED"}}"#) }
            let index = sends.withLock { $0 += 1; return $0 - 1 }
            return send(index)
        }
    }

    static func fcmSender(_ server: FakePushServer) throws -> FCMSender {
        let account = FCMServiceAccount(
            projectID: "demo-app", clientEmail: "push@app.iam.example", privateKeyPEM: rsaKey.pkcs8PEMRepresentation,
            tokenURI: server.origin + "/token")
        return try FCMSender(account: account, endpoint: server.origin, timeout: .seconds(5), logger: .quiet)
    }

    static func fcmError(_ status: Int, _ state: String, code: String? = nil, message: String = "") -> FakePushServer.Answer {
        let details = code.map { #","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"\#($0)"}]"# } ?? ""
        return .init(status: status, body: #"{"error":{"code":\#(status),"message":"\#(message)","status":"\#(state)"\#(details)}}"#)
    }

    @Test func fcmSignsTheAssertionReusesTheAccessTokenAndSendsTheMessage() async throws {
        let server = try await Self.fakeFCM { _ in .ok }
        let world = try await World(token: "fcm-token-1", platform: .android)
        let delivery = world.delivery(try Self.fcmSender(server), platform: .android)
        let message = PushMessage(title: "Parcel", body: "At your door", data: ["order": "42"])
        #expect(await delivery.send(message, to: "fcm-token-1", platform: .android) == .delivered(attempts: 1))
        #expect(await delivery.send(message, to: "fcm-token-1", platform: .android) == .delivered(attempts: 1))
        let paths = server.requests.map(\.path)
        #expect(paths == ["/token", "/v1/projects/demo-app/messages:send", "/v1/projects/demo-app/messages:send"])
        let sent = try #require(try JSONSerialization.jsonObject(with: server.requests[1].body) as? [String: Any])
        let body = try #require(sent["message"] as? [String: Any])
        #expect(body["token"] as? String == "fcm-token-1")
        #expect((body["notification"] as? [String: String]) == ["title": "Parcel", "body": "At your door"])
        #expect((body["data"] as? [String: String]) == ["order": "42"])
        #expect(try await world.storedToken() == "fcm-token-1")
        await server.stop()
        try await world.close()
    }

    @Test(arguments: [
        (fcmError(404, "NOT_FOUND", code: "UNREGISTERED", message: "Requested entity was not found."), "UNREGISTERED"),
        (fcmError(400, "INVALID_ARGUMENT", code: "INVALID_ARGUMENT",
                  message: "The registration token is not a valid FCM registration token"),
         "INVALID_ARGUMENT: not a valid registration token"),
    ])
    func fcmDeletesAnInvalidTokenAtOnce(answer: FakePushServer.Answer, reason: String) async throws {
        let server = try await Self.fakeFCM { _ in answer }
        let world = try await World(token: "fcm-token-1", platform: .android)
        let outcome = await world.delivery(try Self.fcmSender(server), platform: .android)
            .send(PushMessage(body: "hi"), to: "fcm-token-1", platform: .android)
        #expect(outcome == .tokenRemoved(reason: reason))
        #expect(try await world.storedToken() == nil)
        #expect(world.sleeps.all.isEmpty)
        await server.stop()
        try await world.close()
    }

    @Test func fcmInvalidArgumentAboutThePayloadKeepsTheToken() async throws {
        let server = try await Self.fakeFCM { _ in
            Self.fcmError(400, "INVALID_ARGUMENT", code: "INVALID_ARGUMENT", message: "Invalid value at 'message.data[0].value'")
        }
        let world = try await World(token: "fcm-token-1", platform: .android)
        let outcome = await world.delivery(try Self.fcmSender(server), platform: .android)
            .send(PushMessage(body: "hi"), to: "fcm-token-1", platform: .android)
        #expect(outcome == .rejected(reason: "INVALID_ARGUMENT"))
        #expect(try await world.storedToken() == "fcm-token-1")
        await server.stop()
        try await world.close()
    }

    @Test func fcm429And5xxAreRetriedHonouringRetryAfter() async throws {
        let server = try await Self.fakeFCM { index in
            switch index {
            case 0: .init(status: 429, headers: ["Retry-After": "7"], body: #"{"error":{"code":429,"status":"RESOURCE_EXHAUSTED","details":[{"errorCode":"QUOTA_EXCEEDED"}]}}"#)
            case 1: Self.fcmError(503, "UNAVAILABLE", code: "UNAVAILABLE")
            default: .ok
            }
        }
        let world = try await World(token: "fcm-token-1", platform: .android)
        let outcome = await world.delivery(try Self.fcmSender(server), platform: .android)
            .send(PushMessage(body: "hi"), to: "fcm-token-1", platform: .android)
        #expect(outcome == .delivered(attempts: 3))
        // 7 s asked by Retry-After beats the first backoff (1 s); then the backoff's 2 s.
        #expect(world.sleeps.all == [.seconds(7), .seconds(2)])
        await server.stop()
        try await world.close()
    }

    @Test func fcmGivesUpWhenTheScheduleRunsOut() async throws {
        let server = try await Self.fakeFCM { _ in Self.fcmError(500, "INTERNAL", code: "INTERNAL") }
        let world = try await World(token: "fcm-token-1", platform: .android)
        let outcome = await world.delivery(try Self.fcmSender(server), platform: .android, attempts: 2)
            .send(PushMessage(body: "hi"), to: "fcm-token-1", platform: .android)
        #expect(outcome == .gaveUp(attempts: 3, lastReason: "retry"))
        #expect(world.sleeps.all == [.seconds(1), .seconds(2)])
        #expect(try await world.storedToken() == "fcm-token-1")
        await server.stop()
        try await world.close()
    }

    @Test func fcmGetsANewAccessTokenAfterA401() async throws {
        let server = try await Self.fakeFCM { index in
            index == 0 ? .init(status: 401, body: #"{"error":{"code":401,"status":"UNAUTHENTICATED"}}"#) : .ok
        }
        let world = try await World(token: "fcm-token-1", platform: .android)
        let outcome = await world.delivery(try Self.fcmSender(server), platform: .android)
            .send(PushMessage(body: "hi"), to: "fcm-token-1", platform: .android)
        #expect(outcome == .delivered(attempts: 1))
        #expect(server.requests.filter { $0.path == "/token" }.count == 2)
        #expect(server.requests.last?.headers["authorization"] == "Bearer access-2")
        await server.stop()
        try await world.close()
    }

    @Test func fcmARefusedAssertionFailsWithoutRetrying() async throws {
        let server = try await Self.fakeFCM(tokenStatus: 400) { _ in .ok }
        let world = try await World(token: "fcm-token-1", platform: .android)
        let outcome = await world.delivery(try Self.fcmSender(server), platform: .android)
            .send(PushMessage(body: "hi"), to: "fcm-token-1", platform: .android)
        guard case .failed(let reason) = outcome else { Issue.record("expected failed, got \(outcome)"); return }
        #expect(reason.contains("refused the credential"))
        #expect(world.sleeps.all.isEmpty)
        await server.stop()
        try await world.close()
    }

    @Test func anUnreachableServiceIsRetriedThenGivenUp() async throws {
        let server = try await FakePushServer.start { _, _ in .ok }
        let origin = server.origin
        await server.stop()  // nothing listens on its port any more
        let account = FCMServiceAccount(
            projectID: "demo-app", clientEmail: "push@app.iam.example",
            privateKeyPEM: Self.rsaKey.pkcs8PEMRepresentation, tokenURI: origin + "/token")
        let sender = try FCMSender(account: account, endpoint: origin, timeout: .seconds(2), logger: .quiet)
        let world = try await World(token: "fcm-token-1", platform: .android)
        let outcome = await world.delivery(sender, platform: .android, attempts: 1)
            .send(PushMessage(body: "hi"), to: "fcm-token-1", platform: .android)
        #expect(outcome == .gaveUp(attempts: 2, lastReason: "retry"))
        #expect(world.sleeps.all == [.seconds(1)])
        try await world.close()
    }

    @Test func badCredentialsAreRefusedWithoutEchoingTheKey() throws {
        #expect(throws: ServerError.credentialsInvalid) {
            try FCMServiceAccount(json: Data(#"{"project_id":"p","client_email":"e"}"#.utf8))
        }
        let account = FCMServiceAccount(
            projectID: "p", clientEmail: "e", privateKeyPEM: "-----BEGIN PRIVATE KEY-----\nsecret\n", tokenURI: "http://x")
        do {
            _ = try FCMSender(account: account, logger: .quiet)
            Issue.record("a key that is not PEM was accepted")
        } catch {
            #expect(error as? ServerError == .credentialsInvalid)
            #expect(!"\(error)".contains("secret"))
        }
        let file = try FCMServiceAccount(json: Data(
            #"{"type":"service_account","project_id":"p","client_email":"e@x","private_key":"k"}"#.utf8))
        #expect(file.tokenURI == "https://oauth2.googleapis.com/token")
    }

    // MARK: - APNs

    static let p256Key = P256.Signing.PrivateKey()

    /// A fake APNs: checks the provider token's ES256 signature, its kid and issuer, and the topic;
    /// `answer(index)` answers the requests that pass, numbered from 0.
    static func fakeAPNs(answer: @escaping @Sendable (Int) -> FakePushServer.Answer) async throws -> FakePushServer {
        let passed = Locked(0)
        return try await FakePushServer.start { _, request in
            guard let bearer = request.headers["authorization"], bearer.hasPrefix("bearer "),
                let parts = JSONWebToken.parts(of: String(bearer.dropFirst("bearer ".count))),
                let signature = try? P256.Signing.ECDSASignature(rawRepresentation: parts.signature),
                p256Key.publicKey.isValidSignature(signature, for: parts.signingInput),
                let header = try? JSONSerialization.jsonObject(with: parts.header) as? [String: String],
                header == ["alg": "ES256", "kid": "KEY123"],
                let claims = try? JSONSerialization.jsonObject(with: parts.claims) as? [String: Any],
                claims["iss"] as? String == "TEAM456"
            else { return .init(status: 403, body: #"{"reason":"InvalidProviderToken"}"#) }
            guard request.headers["apns-topic"] == "com.example.app" else {
                return .init(status: 400, body: #"{"reason":"MissingTopic"}"#)
            }
            let index = passed.withLock { $0 += 1; return $0 - 1 }
            return answer(index)
        }
    }

    static func apnsSender(_ server: FakePushServer, now: @escaping @Sendable () -> Date = Date.init) throws -> APNsSender {
        try APNsSender(
            key: APNsSigningKey(keyID: "KEY123", teamID: "TEAM456", privateKeyPEM: p256Key.pemRepresentation),
            topic: "com.example.app", endpoint: server.origin, timeout: .seconds(5), logger: .quiet, now: now)
    }

    @Test func apnsSignsTheProviderTokenAndSendsAnAlert() async throws {
        let server = try await Self.fakeAPNs { _ in .init(status: 200) }
        let world = try await World(token: "apns-token-1", platform: .ios)
        let delivery = world.delivery(try Self.apnsSender(server), platform: .ios)
        #expect(await delivery.send(PushMessage(title: "Parcel", body: "At your door"), to: "apns-token-1", platform: .ios)
            == .delivered(attempts: 1))
        #expect(await delivery.send(PushMessage(data: ["sync": "1"]), to: "apns-token-1", platform: .ios)
            == .delivered(attempts: 1))
        let (alert, background) = (server.requests[0], server.requests[1])
        #expect(alert.path == "/3/device/apns-token-1")
        #expect(alert.headers["apns-push-type"] == "alert")
        #expect(alert.headers["apns-priority"] == "10")
        #expect(alert.text == #"{"aps":{"alert":{"body":"At your door","title":"Parcel"}}}"#)
        #expect(background.headers["apns-push-type"] == "background")
        #expect(background.text == #"{"aps":{"content-available":1},"sync":"1"}"#)
        // One provider token for both: Apple refuses tokens refreshed more often than every 20 minutes.
        #expect(alert.headers["authorization"] == background.headers["authorization"])
        await server.stop()
        try await world.close()
    }

    // APNs' 410 and BadDeviceToken: TokenHealthTests.

    @Test func apnsPayloadErrorsKeepTheTokenAndTooManyRequestsIsRetried() async throws {
        let server = try await Self.fakeAPNs { index in
            switch index {
            case 0: .init(status: 413, body: #"{"reason":"PayloadTooLarge"}"#)
            case 1: .init(status: 429, headers: ["Retry-After": "30"], body: #"{"reason":"TooManyRequests"}"#)
            case 2: .init(status: 503, body: #"{"reason":"ServiceUnavailable"}"#)
            default: .init(status: 200)
            }
        }
        let world = try await World(token: "apns-token-1", platform: .ios)
        let delivery = world.delivery(try Self.apnsSender(server), platform: .ios)
        #expect(await delivery.send(PushMessage(body: "big"), to: "apns-token-1", platform: .ios)
            == .rejected(reason: "PayloadTooLarge"))
        #expect(await delivery.send(PushMessage(body: "hi"), to: "apns-token-1", platform: .ios) == .delivered(attempts: 3))
        #expect(world.sleeps.all == [.seconds(30), .seconds(2)])
        #expect(try await world.storedToken() == "apns-token-1")
        await server.stop()
        try await world.close()
    }

    @Test func apnsMakesANewProviderTokenWhenTheOldOneExpired() async throws {
        let server = try await Self.fakeAPNs { index in
            index == 0 ? .init(status: 403, body: #"{"reason":"ExpiredProviderToken"}"#) : .init(status: 200)
        }
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        let clock = Locked(start)
        let world = try await World(token: "apns-token-1", platform: .ios)
        let delivery = world.delivery(try Self.apnsSender(server) { clock.withLock { $0 } }, platform: .ios)
        #expect(await delivery.send(PushMessage(body: "hi"), to: "apns-token-1", platform: .ios) == .delivered(attempts: 1))
        // 50 minutes later the token is made anew without waiting for a 403; a second send then reuses it.
        clock.withLock { $0 = $0.addingTimeInterval(APNsSender.providerTokenLifetime + 1) }
        #expect(await delivery.send(PushMessage(body: "hi"), to: "apns-token-1", platform: .ios) == .delivered(attempts: 1))
        #expect(await delivery.send(PushMessage(body: "hi"), to: "apns-token-1", platform: .ios) == .delivered(attempts: 1))
        let tokens = server.requests.compactMap { $0.headers["authorization"] }
        let issued = try tokens.map { token -> Int in
            let parts = try #require(JSONWebToken.parts(of: String(token.dropFirst("bearer ".count))))
            let claims = try #require(try JSONSerialization.jsonObject(with: parts.claims) as? [String: Any])
            return try #require(claims["iat"] as? Int)
        }
        let t0 = Int(start.timeIntervalSince1970)
        // The 403 made the sender sign again (ECDSA signatures differ even at the same time).
        #expect(tokens.count == 4 && tokens[0] != tokens[1])
        #expect(issued == [t0, t0, t0 + 3001, t0 + 3001])
        #expect(tokens[2] == tokens[3])
        await server.stop()
        try await world.close()
    }

    @Test func aPlatformWithNoServiceFailsClearly() async throws {
        let world = try await World(token: "web-token", platform: .web)
        let outcome = await PushDelivery(registry: world.registry, services: [:], logger: .quiet)
            .send(PushMessage(body: "hi"), to: "web-token", platform: .web)
        #expect(outcome == .failed(reason: "no push service is configured for web"))
        try await world.close()
    }
}
