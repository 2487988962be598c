import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PermitServer
import Testing

/// One client flooding `permit server` with new installations, for real. Before, one client created about 1,300
/// installations a second through the cookie path.
@Suite(
    .enabled(if: ServerProcess.executable != nil, "the permit tool is not built next to the tests (swift build --build-tests)"),
    .serialized)
struct RateLimitTests {
    /// How many of `installations` the registry at `path` holds.
    private func recorded(_ installations: [String], in path: String) async throws -> Int {
        try await RegistryEngine.sqlite(path: path).withStorage(logger: .quiet) { storage in
            var count = 0
            for installation in installations where try await storage.record(installation: installation) != nil { count += 1 }
            return count
        }
    }

    @Test func oneAddressFloodingNewInstallationsGetsItsRateAndTheSiteStillAnswers() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("registry.sqlite")
        let server = try ServerProcess(
            ["--sqlite", path, "--port", "0", "--writes-per-address", "5", "--writes-per-installation", "0"])
        defer { server.send(SIGKILL) }
        let port = try #require(await server.listeningPort(within: .seconds(30)), "standard error: \(server.standardError)")
        let flood = (0..<200).map { "flood-\($0)" }
        let started = ContinuousClock.now
        let statuses = try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            var statuses: [Int] = []
            for (number, installation) in flood.enumerated() {
                // The client claims another address each time: it is not a trusted proxy, so it is not believed.
                let headers: HTTPFields = [
                    .cookie: "permit_installation=\(installation); p_Camera=yes",
                    HTTPField.Name("X-Forwarded-For")!: "198.51.100.\(number % 250)",
                ]
                statuses.append(Int(try await client.get("/", headers: headers).status.code))
            }
            return statuses
        }
        let elapsed = started.duration(to: .now) / .seconds(1)
        #expect(statuses.allSatisfy { $0 == 200 }, "the site's requests are never refused")
        let kept = try await recorded(flood, in: path)
        #expect(kept >= 25, "the burst of 25 is recorded")
        #expect(Double(kept) <= 25 + 5 * elapsed + 1, "\(kept) recorded in \(elapsed) s")

        // A native report from the same address, beyond the rate, is told to come back.
        let native = try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            var native: [Int] = []
            for number in 0..<40 {
                let body = #"{"installation":"native-\#(number)","states":{"camera":"granted"}}"#
                native.append(Int(try await client.post(
                    "/permit/installations", headers: [HTTPField.Name("X-Permit-App-Key")!: "process-app-key"],
                    body: ByteBuffer(string: body)).status.code))
            }
            return native
        }
        #expect(native.contains(429), "\(native)")
        #expect(native.allSatisfy { $0 == 204 || $0 == 429 }, "\(native)")
        // The refusals are said once, at warning.
        try await Task.sleep(for: .milliseconds(200))
        #expect(server.standardError.components(separatedBy: "writes refused by the rate limits").count == 2,
                "standard error: \(server.standardError.suffix(2_000))")
    }

    @Test func behindATrustedProxyEachForwardedClientHasItsOwnRate() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("registry.sqlite")
        let server = try ServerProcess(
            ["--sqlite", path, "--port", "0", "--writes-per-address", "5", "--trusted-proxy", "127.0.0.1"])
        defer { server.send(SIGKILL) }
        let port = try #require(await server.listeningPort(within: .seconds(30)), "standard error: \(server.standardError)")
        let people = (0..<100).map { "person-\($0)" }
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            for (number, installation) in people.enumerated() {
                let headers: HTTPFields = [
                    .cookie: "permit_installation=\(installation); p_Camera=yes",
                    HTTPField.Name("X-Forwarded-For")!: "198.51.100.\(number)",
                ]
                let status = try await client.get("/", headers: headers).status.code
                #expect(status == 200)
            }
        }
        #expect(try await recorded(people, in: path) == 100)
    }
}
