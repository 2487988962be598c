import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PermitServer
import PermitSupport
import Testing

/// `POST /permit/push` and `GET /permit/push/ID`: the admin key opens them, a malformed request is answered 400
/// with a reason and queues nothing, and a queued notification's ID reads back its sends.
@Suite struct PushRoutesTests {
    static let adminKey = "push-admin-key"
    static let admin: HTTPFields = [.authorization: "Bearer \(adminKey)", .contentType: "application/json"]

    static func run(_ body: @Sendable (SQLRegistryStorage, any TestClientProtocol) async throws -> Void) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: .quiet) { storage in
            let registry = TokenRegistry(storage: storage, logger: .quiet)
            for (installation, state) in [("inst-a", ReportedState.granted), ("inst-b", .denied)] {
                try await registry.record(InstallationReport(
                    installation: installation, token: "tok-\(installation)", platform: .android,
                    states: ["notifications": state], proof: .claim))
            }
            let router = Router()
            PushRoutes(queue: storage.pushQueue, adminKey: SecretKey(adminKey), logger: .quiet).add(to: router)
            try await Application(router: router).test(.router) { client in try await body(storage, client) }
        }
    }

    @Test func queuingTakesTheAdminKey() async throws {
        try await Self.run { storage, client in
            for headers in [HTTPFields(), [.authorization: "Bearer wrong"], [.authorization: "Bearer test-app-key"]] as [HTTPFields] {
                try await client.execute(
                    uri: "/permit/push", method: .post, headers: headers,
                    body: ByteBuffer(string: #"{"message":{"body":"hi"},"kind":"notifications","state":"granted"}"#)
                ) { response in #expect(response.status == .unauthorized) }
                try await client.execute(uri: "/permit/push/00000000-0000-0000-0000-000000000000", method: .get, headers: headers) {
                    #expect($0.status == .unauthorized)
                }
            }
            #expect(try await storage.pushQueue.pendingCount() == 0)
        }
    }

    @Test(arguments: [
        #"{"message":{"body":"hi"}}"#,
        #"{"message":{"body":"hi"},"kind":"notifications"}"#,
        #"{"message":{"body":"hi"},"kind":"notifications","state":"granted","installations":["inst-a"]}"#,
        #"{"message":{"body":"hi"},"kind":"no%tifications","state":"granted"}"#,
        #"{"message":{"body":"hi"},"kind":"notifications","state":"maybe"}"#,
        #"{"message":{"body":"hi"},"installations":[]}"#,
        #"{"message":{"body":"hi"},"installations":["has space"]}"#,
        #"{"message":{},"kind":"notifications","state":"granted"}"#,
        #"not json"#,
    ])
    func aMalformedRequestIsRefusedWithAReasonAndQueuesNothing(body: String) async throws {
        try await Self.run { storage, client in
            try await client.execute(uri: "/permit/push", method: .post, headers: Self.admin, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .badRequest)
                #expect(!String(buffer: response.body).isEmpty)
            }
            #expect(try await storage.pushQueue.pendingCount() == 0)
        }
    }

    @Test func aQueuedNotificationsIDReadsBackItsSends() async throws {
        try await Self.run { storage, client in
            let push = try await client.execute(
                uri: "/permit/push", method: .post, headers: Self.admin,
                body: ByteBuffer(string: #"{"message":{"title":"New","body":"hi"},"kind":"notifications","state":"granted"}"#)
            ) { response -> String in
                #expect(response.status == .accepted)
                struct Queued: Decodable {
                    var push: String
                    var sends: Int
                }
                let queued = try JSONDecoder().decode(Queued.self, from: Data(response.body.readableBytesView))
                #expect(queued.sends == 1)
                #expect(response.headers[.location] == "/permit/push/\(queued.push)")
                return queued.push
            }
            try await client.execute(uri: "/permit/push/\(push)", method: .get, headers: Self.admin) { response in
                #expect(response.status == .ok)
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                let status = try decoder.decode(PushStatus.self, from: Data(response.body.readableBytesView))
                #expect(status.push == push && status.sends == 1 && status.states == ["queued": 1] && !status.finished)
                #expect(status.list.map(\.installation) == ["inst-a"])
            }
            try await client.execute(uri: "/permit/push/00000000-0000-0000-0000-000000000000", method: .get, headers: Self.admin) {
                #expect($0.status == .notFound)
            }
            try await client.execute(uri: "/permit/push/not-an-id", method: .get, headers: Self.admin) {
                #expect($0.status == .badRequest)
            }
        }
    }
}
