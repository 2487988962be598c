import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PermitServer
import Testing

/// HEAD answers where GET does, and another method is a 405 naming the allowed ones (RFC 9110). Before, `HEAD /`
/// was a 404, and so was a wrong method.
@Suite struct HTTPMethodTests {
    private static let admin: HTTPFields = [.authorization: "Bearer \(ServerWorld.adminKey)"]

    @Test func headAnswersWhatGetAnswersWithoutTheBody() async throws {
        try await ServerWorld.run { _, client in
            let password = Data("any:\(ServerWorld.adminKey)".utf8).base64EncodedString()
            for (uri, headers) in [
                ("/", HTTPFields()), ("/permit/grant-rates", Self.admin),
                ("/permit/grant-rates.html", [.authorization: "Basic \(password)"]), ("/permit/grant-rates", HTTPFields()),
            ] as [(String, HTTPFields)] {
                let get = try await client.execute(uri: uri, method: .get, headers: headers)
                let head = try await client.execute(uri: uri, method: .head, headers: headers)
                #expect(head.status == get.status, "\(uri)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(uri)")
                #expect(head.headers[.contentLength] == get.headers[.contentLength] && head.body.readableBytes == 0, "\(uri)")
            }
        }
    }

    @Test(arguments: [
        ("/", HTTPRequest.Method.post, "GET, HEAD, OPTIONS"), ("/", .delete, "GET, HEAD, OPTIONS"),
        ("/permit/installations", .get, "POST, OPTIONS"), ("/permit/installations", .put, "POST, OPTIONS"),
        ("/permit/installations", .head, "POST, OPTIONS"), ("/permit/installations/m-2", .put, "GET, HEAD, DELETE, OPTIONS"),
        ("/permit/grant-rates", .post, "GET, HEAD, OPTIONS"), ("/permit/grant-rates.html", .patch, "GET, HEAD, OPTIONS"),
    ])
    func aWrongMethodIsA405WithAllow(uri: String, method: HTTPRequest.Method, allow: String) async throws {
        try await ServerWorld.run { world, client in
            try await client.execute(uri: uri, method: method, headers: [.cookie: "permit_installation=m-1; p_Camera=yes"]) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == allow)
            }
            // The cookie path observed the request all the same.
            #expect(try await world.storage.record(installation: "m-1")?.states == ["camera": .granted])
        }
    }

    @Test func optionsNamesTheMethods() async throws {
        try await ServerWorld.run { _, client in
            try await client.execute(uri: "/permit/installations", method: .options) { response in
                #expect(response.status == .noContent && response.headers[.allow] == "POST, OPTIONS")
            }
        }
    }

    @Test func anUnknownPathIsStillA404() async throws {
        try await ServerWorld.run { _, client in
            for method in [HTTPRequest.Method.get, .head, .post] {
                try await client.execute(uri: "/elsewhere", method: method) { response in #expect(response.status == .notFound) }
            }
        }
    }

    /// A 400 says why, in a line of text.
    @Test func aBadDayIsA400WithAReason() async throws {
        try await ServerWorld.run { _, client in
            try await client.execute(uri: "/permit/grant-rates?from=yesterday", method: .get,
                                     headers: Self.admin) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body) == "from and through must be days, YYYY-MM-DD\n")
            }
        }
    }
}
