import Foundation
import Logging
import PermitServer
import PermitSupport

/// A fake FCM for the push queue's tests, on loopback: its token endpoint hands out an access token, and its
/// send endpoint checks every send's idempotency key (``PushTarget/idempotencyHeader``), refusing a send without
/// one, and counts how many times each key was accepted, so that a test can tell a repeated send from a lost one.
final class KeyedFakeFCM: Sendable {
    let server: FakePushServer
    private let accepted: Locked<[String: Int]>
    private let attempts: Locked<[String: [Date]]>
    private let bodies: Locked<[Data]>

    private init(server: FakePushServer, accepted: Locked<[String: Int]>, attempts: Locked<[String: [Date]]>, bodies: Locked<[Data]>) {
        self.server = server
        self.accepted = accepted
        self.attempts = attempts
        self.bodies = bodies
    }

    /// Starts the fake; `answer(index, key)` answers the send number `index` (from 0) with idempotency key `key`.
    static func start(
        answer: @escaping @Sendable (_ index: Int, _ key: String) -> FakePushServer.Answer = { _, _ in .ok }
    ) async throws -> KeyedFakeFCM {
        let accepted = Locked<[String: Int]>([:])
        let attempts = Locked<[String: [Date]]>([:])
        let sends = Locked(0)
        let bodies = Locked<[Data]>([])
        let server = try await FakePushServer.start { _, request in
            if request.path == "/token" {
                return .init(status: 200, body: #"{"access_token":"access-1","expires_in":3599,"token_type":"Bearer"}"#)
            }
            guard request.path == "/v1/projects/demo-app/messages:send" else { return .init(status: 404, body: "{}") }
            guard let key = request.headers[PushTarget.idempotencyHeader], !key.isEmpty else {
                return PushSenderTests.fcmError(400, "INVALID_ARGUMENT", code: "INVALID_ARGUMENT", message: "no idempotency key")
            }
            attempts.withLock { $0[key, default: []].append(Date()) }
            let index = sends.withLock { $0 += 1; return $0 - 1 }
            let reply = answer(index, key)
            if reply.status == 200 {
                accepted.withLock { $0[key, default: 0] += 1 }
                bodies.withLock { $0.append(request.body) }
            }
            return reply
        }
        return KeyedFakeFCM(server: server, accepted: accepted, attempts: attempts, bodies: bodies)
    }

    /// How many times each key was accepted (answered 200).
    var acceptedKeys: [String: Int] { accepted.withLock { $0 } }
    /// The keys accepted more than once.
    var repeatedKeys: [String] { accepted.withLock { $0.filter { $0.value > 1 }.map(\.key).sorted() } }
    /// How many sends reached the fake, accepted or not.
    var sendCount: Int { attempts.withLock { $0.values.reduce(0) { $0 + $1.count } } }
    /// The bodies of the sends accepted, in the order they arrived: FCM's `{"message": …}` JSON.
    var acceptedBodies: [Data] { bodies.withLock { $0 } }
    /// When each send of `key` arrived.
    func arrivals(of key: String) -> [Date] { attempts.withLock { $0[key] ?? [] } }

    /// A Firebase service account whose token and send endpoints are this fake's.
    func account() throws -> FCMServiceAccount {
        try FCMServiceAccount.generated(projectID: "demo-app", clientEmail: "push@app.iam.example", tokenURI: server.origin + "/token")
    }

    /// The service account as the JSON key file `permit server --fcm-service-account` reads.
    func accountJSON() throws -> Data {
        let account = try account()
        return try JSONSerialization.data(withJSONObject: [
            "project_id": account.projectID, "client_email": account.clientEmail, "private_key": account.privateKeyPEM,
            "token_uri": account.tokenURI,
        ])
    }

    /// A sender to this fake.
    func sender() throws -> FCMSender {
        try FCMSender(account: try account(), endpoint: server.origin, timeout: .seconds(5), logger: .quiet)
    }

    func stop() async { await server.stop() }
}
