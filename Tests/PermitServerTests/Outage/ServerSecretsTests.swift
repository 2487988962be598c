import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// `permit server`'s two keys: from the environment or a file, never the command line; both required, and
/// different. Before, an empty key started a server that refused every app, a key could only be given on the
/// command line (where `ps` shows it) or in PERMIT_APP_KEY, and the app key was also the dashboard's password.
@Suite(
    .enabled(if: ServerProcess.executable != nil, "the permit tool is not built next to the tests (swift build --build-tests)"))
struct ServerSecretsTests {
    /// A server that must not start: it exits 64 (a usage error) at once, saying `phrase`.
    private func refusesToStart(
        _ arguments: [String], appKey: String?, adminKey: String?, saying phrase: String
    ) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try ServerProcess(
            ["--sqlite", folder.file("registry.sqlite"), "--port", "0"] + arguments, appKey: appKey, adminKey: adminKey)
        let took = await server.waitForExit(within: .seconds(20))
        if took == nil { await server.kill9() }
        #expect(took != nil, "still running: \(server.standardOutput)")
        #expect(server.exitStatus == 64)
        #expect(server.standardError.contains(phrase), "standard error: \(server.standardError)")
        #expect(!server.standardOutput.contains { $0.contains("listening") })
        #expect(!FileManager.default.fileExists(atPath: folder.file("registry.sqlite")), "nothing is created")
    }

    @Test func aMissingOrEmptyKeyIsRefusedAtStart() async throws {
        try await refusesToStart([], appKey: nil, adminKey: "admin", saying: "permit server needs the app key: set PERMIT_APP_KEY")
        try await refusesToStart([], appKey: "", adminKey: "admin", saying: "permit server needs the app key")
        try await refusesToStart([], appKey: "app", adminKey: nil, saying: "permit server needs the admin key: set PERMIT_ADMIN_KEY")
    }

    @Test func aKeyOnTheCommandLineIsRefusedWithWhatToDoInstead() async throws {
        try await refusesToStart(
            ["--app-key", "visible-in-ps"], appKey: "app", adminKey: "admin",
            saying: "--app-key is not accepted: a key on the command line can be read by every user of the machine")
    }

    @Test func theTwoKeysMustDiffer() async throws {
        try await refusesToStart([], appKey: "same", adminKey: "same", saying: "the admin key must differ from the app key")
    }

    @Test func anUnreadableOrEmptyKeyFileIsRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await refusesToStart(
            ["--app-key-file", folder.file("missing")], appKey: nil, adminKey: "admin", saying: "--app-key-file: cannot read the app key")
        try Data("\n".utf8).write(to: URL(fileURLWithPath: folder.file("empty")))
        try await refusesToStart(
            ["--admin-key-file", folder.file("empty")], appKey: "app", adminKey: nil, saying: "must hold the admin key")
    }

    /// Keys read from files, their trailing line break dropped, open what each opens and nothing else.
    @Test func keysFromFilesOpenTheirOwnRoutes() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("file-app-key\n".utf8).write(to: URL(fileURLWithPath: folder.file("app-key")))
        try Data("file-admin-key\n".utf8).write(to: URL(fileURLWithPath: folder.file("admin-key")))
        let server = try ServerProcess(
            ["--sqlite", folder.file("registry.sqlite"), "--port", "0",
             "--app-key-file", folder.file("app-key"), "--admin-key-file", folder.file("admin-key")],
            appKey: nil, adminKey: nil)
        defer { server.send(SIGTERM) }
        let port = try #require(await server.listeningPort(within: .seconds(20)), "standard error: \(server.standardError)")

        func status(_ method: String, _ path: String, _ headers: HTTPFields, body: String = "") async throws -> Int {
            try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(20))) { client in
                switch method {
                case "POST": try await client.post(path, headers: headers, body: ByteBuffer(string: body)).status.code
                case "DELETE": try await client.delete(path, headers: headers, body: ByteBuffer()).status.code
                default: try await client.get(path, headers: headers).status.code
                }
            }
        }
        let appKeyHeader = HTTPField.Name("X-Permit-App-Key")!
        let report = #"{"installation":"file-1","states":{"camera":"granted"}}"#
        #expect(try await status("POST", "/permit/installations", [appKeyHeader: "file-app-key"], body: report) == 204)
        #expect(try await status("POST", "/permit/installations", [appKeyHeader: "file-admin-key"], body: report) == 401)
        #expect(try await status("GET", "/permit/grant-rates", [.authorization: "Bearer file-app-key"]) == 401)
        #expect(try await status("GET", "/permit/grant-rates", [.authorization: "Bearer file-admin-key"]) == 200)
        #expect(try await status("DELETE", "/permit/installations/file-1", [.authorization: "Bearer file-admin-key"]) == 204)
    }
}
