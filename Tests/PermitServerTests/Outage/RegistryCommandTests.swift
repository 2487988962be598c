import Foundation
import Logging
import PermitServer
import Testing

/// `permit registry delete`: a person's data erased from the registry's database, from a shell.
@Suite(
    .enabled(if: ServerProcess.executable != nil, "the permit tool is not built next to the tests (swift build --build-tests)"))
struct RegistryCommandTests {
    private func run(_ arguments: [String]) async throws -> ServerProcess {
        let command = try ServerProcess(arguments, command: "registry")
        let took = await command.waitForExit(within: .seconds(30))
        if took == nil { await command.kill9() }
        #expect(took != nil, "still running")
        return command
    }

    @Test func itDeletesTheNamedInstallationsAndSaysWhichWereNotThere() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("registry.sqlite")
        try await RegistryEngine.sqlite(path: path).withStorage(logger: .quiet) { storage in
            let registry = TokenRegistry(storage: storage, logger: .quiet)
            for installation in ["erase-1", "erase-2", "keep-1"] {
                try await registry.record(InstallationReport(installation: installation, token: "t-\(installation)", states: ["camera": .granted]))
            }
        }

        let command = try await run(["delete", "erase-1", "erase-2", "never-1", "--sqlite", path])
        #expect(command.exitStatus == 1, "one was not found")
        #expect(command.standardOutput == ["deleted erase-1", "deleted erase-2", "never-1: no such installation"])

        try await RegistryEngine.sqlite(path: path).withStorage(logger: .quiet) { storage in
            #expect(try await storage.record(installation: "erase-1") == nil)
            #expect(try await storage.record(installation: "erase-2") == nil)
            #expect(try await storage.record(installation: "keep-1")?.token == "t-keep-1")
            let days = try await storage.grantDays(from: "0000-00-00", through: "9999-99-99")
            #expect(days.map(\.counts.granted).reduce(0, +) == 3, "the daily counts name no one and stay")
        }
        let again = try await run(["delete", "keep-1", "--sqlite", path])
        #expect(again.exitStatus == 0 && again.standardOutput == ["deleted keep-1"])
    }

    @Test func aMissingFileOrAMalformedIdentifierIsAUsageError() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let missing = try await run(["delete", "x-1", "--sqlite", folder.file("absent.sqlite")])
        #expect(missing.exitStatus == 64)
        #expect(missing.standardError.contains("no registry at"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("absent.sqlite")), "no file is created")
        let malformed = try await run(["delete", "not an id", "--sqlite", folder.file("absent.sqlite")])
        #expect(malformed.exitStatus == 64)
        #expect(malformed.standardError.contains("not an installation identifier"))
    }
}
