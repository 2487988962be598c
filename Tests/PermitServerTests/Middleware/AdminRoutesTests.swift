import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PermitServer
import Testing

/// The app key ships inside every app, so it must open nothing but the report endpoint: the grant rates and
/// deleting an installation take the admin key. Before, the app key was also the dashboard's password.
@Suite struct AdminRoutesTests {
    private static let appKeyHeader = HTTPField.Name("X-Permit-App-Key")!

    private static func basic(_ password: String) -> HTTPFields {
        [.authorization: "Basic " + Data("anyone:\(password)".utf8).base64EncodedString()]
    }

    @Test func theAppKeyOpensNeitherTheGrantRatesNorTheirPage() async throws {
        try await ServerWorld.run { _, client in
            for headers in [
                [Self.appKeyHeader: ServerWorld.appKey], [.authorization: "Bearer \(ServerWorld.appKey)"],
                Self.basic(ServerWorld.appKey), HTTPFields(),
            ] as [HTTPFields] {
                for uri in ["/permit/grant-rates", "/permit/grant-rates.html"] {
                    try await client.execute(uri: uri, method: .get, headers: headers) { response in
                        #expect(response.status == .unauthorized, "\(uri) \(headers)")
                        #expect(String(buffer: response.body) == "the admin key is missing or wrong\n")
                    }
                }
            }
        }
    }

    @Test func theAdminKeyOpensThemAsABearerTokenOrABasicPassword() async throws {
        try await ServerWorld.run { _, client in
            for headers in [[.authorization: "Bearer \(ServerWorld.adminKey)"], Self.basic(ServerWorld.adminKey)] as [HTTPFields] {
                for uri in ["/permit/grant-rates", "/permit/grant-rates.html"] {
                    try await client.execute(uri: uri, method: .get, headers: headers) { response in
                        #expect(response.status == .ok, "\(uri) \(headers)")
                    }
                }
            }
            // The admin key does not stand in for the app key on the report endpoint.
            try await client.execute(
                uri: "/permit/installations", method: .post, headers: [Self.appKeyHeader: ServerWorld.adminKey],
                body: ByteBuffer(string: #"{"installation":"x","states":{}}"#)
            ) { response in #expect(response.status == .unauthorized) }
        }
    }

    @Test func deletingAnInstallationTakesTheAdminKeyAndLeavesTheDaysCounts() async throws {
        try await ServerWorld.run { world, client in
            try await client.execute(
                uri: "/", method: .get, headers: [.cookie: "permit_installation=gone-1; FCM_token=tok-1; p_Camera=yes"]) { _ in }
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "permit_installation=kept-1; p_Camera=yes"]) { _ in }
            #expect(try await world.storage.record(installation: "gone-1")?.token == "tok-1")

            for headers in [[Self.appKeyHeader: ServerWorld.appKey], Self.basic(ServerWorld.appKey)] as [HTTPFields] {
                try await client.execute(uri: "/permit/installations/gone-1", method: .delete, headers: headers) { response in
                    #expect(response.status == .unauthorized)
                }
            }
            #expect(try await world.storage.record(installation: "gone-1") != nil)

            let admin: HTTPFields = [.authorization: "Bearer \(ServerWorld.adminKey)"]
            try await client.execute(uri: "/permit/installations/gone-1", method: .delete, headers: admin) { response in
                #expect(response.status == .noContent)
            }
            #expect(try await world.storage.record(installation: "gone-1") == nil)
            #expect(try await world.storage.record(installation: "kept-1") != nil)
            let days = try await world.storage.grantDays(from: "0000-00-00", through: "9999-99-99")
            #expect(days.map(\.counts.granted).reduce(0, +) == 2, "the day's aggregates name no one and stay")

            try await client.execute(uri: "/permit/installations/gone-1", method: .delete, headers: admin) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body) == "no such installation\n")
            }
            try await client.execute(uri: "/permit/installations/not%20an%20id", method: .delete, headers: admin) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body) == "malformed installation\n")
            }
        }
    }
}
