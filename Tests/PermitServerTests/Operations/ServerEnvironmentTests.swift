import Foundation
import HTTPTypes
import Testing

/// `permit server`'s options from `PERMIT_*` variables: every option has one, `--help` names each, and a
/// server configured by variables alone runs as they say.
@Suite(
    .enabled(if: ServerProcess.executable != nil, "the permit tool is not built next to the tests (swift build --build-tests)"),
    .serialized)
struct ServerEnvironmentTests {
    /// Every option `--help` lists has its variable, named in `--help` next to it.
    @Test func helpNamesAVariableForEveryOption() async throws {
        let help = try ServerProcess(["--help"])
        #expect(await help.waitForExit(within: .seconds(20)) != nil)
        #expect(help.exitStatus == 0)
        let text = help.standardOutput.joined(separator: "\n")
        // Every section of options after the usage line: OPTIONS and the groups before it (the push queue's).
        let optionsSection = try #require(text.range(of: "USAGE:")).upperBound
        let options = Set(text[optionsSection...].split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("--") else { return nil }
            return String(trimmed.prefix { $0 != " " && $0 != "," && $0 != "=" && $0 != "/" })
        })
        // The help is wrapped to the terminal's width: compare with its words joined by single spaces.
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let withVariables = options.subtracting(["--help", "--version"])
        #expect(withVariables.count >= 20, "options: \(options.sorted())")
        for option in withVariables {
            let variable = "PERMIT_" + option.dropFirst(2).uppercased().replacingOccurrences(of: "-", with: "_")
            #expect(flat.contains("\(variable) (\(option))"), "--help names no variable for \(option)")
        }
    }

    /// A server given its database, log format, access log and rate limit by variables only: it keeps the
    /// registry in the named file, logs JSON and no access lines; a command-line option wins over its variable.
    @Test func aServerConfiguredByVariablesRunsAsTheySay() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("from-the-environment.sqlite")
        let server = try ServerProcess(["--log-format", "json"], environment: [
            "PERMIT_SQLITE": database, "PERMIT_PORT": "0", "PERMIT_LOG_FORMAT": "text", "PERMIT_ACCESS_LOG": "false",
            "PERMIT_LOG_LEVEL": "info",
        ])
        defer { server.send(SIGKILL) }
        let port = try #require(await server.listeningPort(within: .seconds(30)), "no listening line: \(server.standardError)")
        #expect(try await HTTPGet.get(port: port, "/healthz").status == 200)
        #expect(FileManager.default.fileExists(atPath: database))
        server.send(SIGTERM)
        #expect(await server.waitForExit(within: .seconds(10)) != nil)
        let lines = server.standardError.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil },
                "--log-format json on the command line wins over PERMIT_LOG_FORMAT=text: \(server.standardError)")
        #expect(!server.standardError.contains("\"request\""), "PERMIT_ACCESS_LOG=false still logged requests")
    }

    /// A variable with a value its option refuses ends the start with the parser's message, naming the option.
    @Test func aMalformedVariableIsRefusedLikeItsOption() async throws {
        let server = try ServerProcess([], environment: ["PERMIT_PORT": "70000"])
        #expect(await server.waitForExit(within: .seconds(20)) != nil)
        #expect(server.exitStatus == 64)
        #expect(server.standardError.contains("--port must be 0...65535"), "standard error: \(server.standardError)")
    }
}
