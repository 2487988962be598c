import Foundation
import Logging
import PermitServer
import PermitSupport
import Testing

/// `permit push`, the real tool on a registry file: bad input is refused with a sentence and exit 64, a
/// notification is queued and its ID printed, and `--status` reads it back.
@Suite struct PushCommandTests {
    /// Runs `permit push` with `arguments` and returns its exit status, standard output and standard error.
    static func push(_ arguments: [String]) async throws -> (status: Int32?, output: [String], errors: String) {
        let process = try ServerProcess(arguments, command: "push")
        _ = await process.waitForExit(within: .seconds(30))
        // The reading threads take the last lines after the exit: every run here prints something.
        _ = await eventually(within: .seconds(5)) {
            !process.standardOutput.isEmpty || !process.standardError.isEmpty
        }
        return (process.exitStatus, process.standardOutput, process.standardError)
    }

    @Test func badInputIsRefusedWithASentenceAndExit64() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("registry.sqlite")
        try await RegistryEngine.sqlite(path: path).withStorage(logger: .quiet) { _ in }
        for (arguments, sentence) in [
            (["--kind", "notifications", "--state", "maybe", "--body", "hi"], "--state must be one of"),
            (["--kind", "notifications", "--installation", "a", "--body", "hi"], "with --kind and --state, or with --installation"),
            (["--kind", "notifications", "--state", "granted"], "say something"),
            (["--installation", "has space", "--body", "hi"], "installations are 1 to"),
            (["--status", "not-an-id"], "--status takes a push ID"),
        ] {
            let run = try await Self.push(arguments + ["--sqlite", path])
            #expect(run.status == 64, "\(arguments): \(run.errors)")
            #expect(run.errors.contains(sentence), "\(arguments): \(run.errors)")
        }
        let missing = try await Self.push(["--kind", "notifications", "--state", "granted", "--body", "hi", "--sqlite", folder.file("none.sqlite")])
        #expect(missing.status == 64 && missing.errors.contains("no registry at"))
    }

    @Test func aQueuedNotificationIsPrintedAndReadBack() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("registry.sqlite")
        try await RegistryEngine.sqlite(path: path).withStorage(logger: .quiet) { storage in
            let registry = TokenRegistry(storage: storage, logger: .quiet)
            try await registry.record(InstallationReport(
                installation: "inst-a", token: "tok-a", platform: .android, states: ["notifications": .granted], proof: .claim))
        }
        let queued = try await Self.push(["--kind", "notifications", "--state", "granted", "--body", "hi", "--json", "--sqlite", path])
        #expect(queued.status == 0, "\(queued.errors)")
        struct Queued: Decodable {
            var push: String
            var sends: Int
        }
        let answer = try JSONDecoder().decode(Queued.self, from: Data(try #require(queued.output.first).utf8))
        #expect(answer.sends == 1)
        let status = try await Self.push(["--status", answer.push, "--sqlite", path])
        #expect(status.status == 0, "\(status.errors)")
        #expect(status.output.first == "\(answer.push): 1 send, some queued: queued 1")
        #expect(status.output.dropFirst().first?.hasPrefix("  inst-a  queued  attempts 0") == true)
        let unknown = try await Self.push(["--status", "00000000-0000-0000-0000-000000000000", "--sqlite", path])
        #expect(unknown.status == 1 && unknown.errors.contains("no notification"))
    }
}
