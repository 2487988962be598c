import Foundation
import PermitChildProcess
import PermitServer
import PermitSupport

/// A running `permit server` (the tool built next to the tests), with what it prints, read as it comes.
final class ServerProcess: Sendable {
    /// The `permit` tool, built into the same folder as the test bundle (`swift build --build-tests`).
    static let executable: URL? = {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("permit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    private let process: ChildProcess
    private let state = Locked((stdout: [(ContinuousClock.Instant, String)](), stderr: Data()))

    /// Starts `permit server` (or `permit COMMAND`) with `arguments`, the app key in `PERMIT_APP_KEY` and the admin key in
    /// `PERMIT_ADMIN_KEY` (`nil` leaves a variable unset); with `openFileLimit`, under that limit (soft and hard,
    /// set by the shell before it runs the tool, as `ulimit -n` in a service's unit would); `environment` adds
    /// variables (or replaces them).
    ///
    /// The idle timeout is 60 s (`PERMIT_IDLE_TIMEOUT`) unless the arguments or `environment` say otherwise: the
    /// tests' clients connect, then write from a task of the shared pool, which a loaded 2-core machine can hold
    /// for more than the default 10 s, and the server then closed the connection before the request came. The
    /// timeout itself is the subject of `SlowClientTests`, which sets it.
    init(
        _ arguments: [String], appKey: String? = "process-app-key", adminKey: String? = "process-admin-key",
        openFileLimit: Int? = nil, command: String = "server", environment extra: [String: String] = [:]
    ) throws {
        guard let executable = Self.executable else {
            throw ServerError.storageFailed.withDetail("the permit tool is not built next to the tests")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PERMIT_APP_KEY"] = appKey
        environment["PERMIT_ADMIN_KEY"] = adminKey
        environment["PERMIT_IDLE_TIMEOUT"] = "60"
        environment.merge(extra) { _, new in new }
        let (program, all) = openFileLimit.map {
            ("/bin/sh", ["-c", "ulimit -n \($0) && exec \"$0\" \"$@\"", executable.path, command] + arguments)
        } ?? (executable.path, [command] + arguments)
        process = try ChildProcess(program, all, environment: environment, standardOutput: .captured, standardError: .captured)
        let state = self.state
        let output = process.standardOutput!, errors = process.standardError!
        // Threads of their own: each read blocks until the child writes or exits.
        Thread {
            var pending = Data()
            while case let chunk = output.availableData, !chunk.isEmpty {
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    state.withLock { $0.stdout.append((.now, line)) }
                }
            }
        }.start()
        Thread {
            while case let chunk = errors.availableData, !chunk.isEmpty {
                state.withLock { $0.stderr.append(chunk) }
            }
        }.start()
    }

    /// The process id.
    var pid: Int32 { process.pid }
    /// The exit status (or the number of the signal that ended it), once it has ended.
    var exitStatus: Int32? { process.currentTermination?.status }
    /// What it wrote on standard error so far.
    var standardError: String { state.withLock { String(decoding: $0.stderr, as: UTF8.self) } }
    /// The lines it printed on standard output so far.
    var standardOutput: [String] { state.withLock { $0.stdout.map(\.1) } }

    /// The port of its "listening on http://127.0.0.1:PORT" line, once printed, or `nil` after `limit`.
    func listeningPort(within limit: Duration) async -> Int? {
        let end = ContinuousClock.now.advanced(by: limit)
        while ContinuousClock.now < end, exitStatus == nil {
            for line in standardOutput {
                if let range = line.range(of: "listening on http://127.0.0.1:"),
                    let port = Int(line[range.upperBound...].prefix { $0.isNumber })
                {
                    return port
                }
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// Sends `signal`.
    func send(_ signal: Int32) { process.send(signal) }

    /// Waits for the exit for at most `limit`; returns how long it took, or `nil` if it still runs.
    func waitForExit(within limit: Duration) async -> Duration? {
        let start = ContinuousClock.now
        while start.duration(to: .now) < limit {
            if exitStatus != nil { return start.duration(to: .now) }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return exitStatus == nil ? nil : start.duration(to: .now)
    }

    /// Kills it with SIGKILL if it still runs, and waits for it.
    func kill9() async {
        process.send(SIGKILL)
        _ = await process.termination()
    }
}
