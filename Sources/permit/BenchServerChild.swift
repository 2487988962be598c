import Foundation
import PermitChildProcess
import PermitServer
import PermitSupport

/// A `permit server` run by `permit bench server` as a child process, so that the load generator and the server
/// do not share a process: started on a free loopback port over the given database, stopped with SIGTERM.
final class BenchServerChild: Sendable {
    /// The app key and the admin key the child is given (in its environment, as an operator would).
    static let appKey = "bench-app-key", adminKey = "bench-admin-key"

    /// The port it listens on.
    let port: Int
    private let process: ChildProcess
    private let log: URL

    private init(port: Int, process: ChildProcess, log: URL) {
        self.port = port
        self.process = process
        self.log = log
    }

    /// Starts `executable server` with `database` (its `--sqlite PATH` or `--postgres URL`) on a free loopback
    /// port, without rate limits (every request comes from 127.0.0.1), logging warnings and worse to
    /// `folder/server-N.log`; returns once it prints that it listens.
    static func start(executable: String, database: [String], folder: URL, index: Int) async throws -> BenchServerChild {
        let log = folder.appendingPathComponent("server-\(index).log")
        var environment = ProcessInfo.processInfo.environment
        environment["PERMIT_APP_KEY"] = appKey
        environment["PERMIT_ADMIN_KEY"] = adminKey
        let process: ChildProcess
        do {
            process = try ChildProcess(
                executable,
                ["server"] + database + [
                    "--port", "0", "--writes-per-address", "0", "--writes-per-installation", "0", "--no-access-log",
                    "--log-level", "warning",
                ],
                environment: environment, standardOutput: .captured, standardError: .file(log.path))
        } catch {
            throw CommandFailure("permit server did not start: \(error)")
        }
        // Reading the pipe blocks until the child prints a line or exits: on a thread of its own.
        let reader = process.standardOutput!
        let port = await BlockingWork.run(named: "permit.bench.child") { () -> Int? in
            var pending = Data()
            while case let chunk = reader.availableData, !chunk.isEmpty {
                pending.append(chunk)
                let text = String(decoding: pending, as: UTF8.self)
                if let range = text.range(of: "listening on http://127.0.0.1:"),
                    let port = Int(text[range.upperBound...].prefix { $0.isNumber }), text[range.upperBound...].contains(" ")
                {
                    return port
                }
            }
            return nil
        }
        guard let port else {
            let termination = await process.termination()
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw CommandFailure("permit server did not start (status \(termination.status)): \(said.suffix(500))")
        }
        return BenchServerChild(port: port, process: process, log: log)
    }

    /// Stops it with SIGTERM and waits for its exit; throws when it exited with a failure, with the end of its log.
    func stop() async throws {
        process.send(SIGTERM)
        let termination = await process.termination()
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard termination == .exited(0) else {
            throw CommandFailure("permit server exited with status \(termination.status): \(said.suffix(500))")
        }
    }

    /// Runs `body` with a started child, and stops it whether `body` returns or throws.
    static func with<Value: Sendable>(
        executable: String, database: [String], folder: URL, index: Int, _ body: (BenchServerChild) async throws -> Value
    ) async throws -> Value {
        let child = try await start(executable: executable, database: database, folder: folder, index: index)
        do {
            let value = try await body(child)
            try await child.stop()
            return value
        } catch {
            try? await child.stop()
            throw error
        }
    }

    /// The path of the running `permit` tool, which the benchmark runs as the server.
    static var ownExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
