import CPermitSpawn
package import Foundation
import PermitSupport

/// A child process started with `posix_spawn`: what Permit's tools and tests use instead of Foundation's
/// `Process` (`package` access).
///
/// On Linux, `Process.run()` (swift-corelibs-foundation up to Swift 6.3.1) lists /proc/self/fd to close every
/// descriptor in the child, and copies 256 bytes out of each directory entry the C library returns, however
/// short: when an entry sits at the end of the C library's buffer and the next page is unmapped, the process
/// dies with SIGSEGV. The more descriptors the process holds, the likelier: the server tests, which hold a
/// thousand sockets at times while other tests start servers and databases, crashed that way in CI (upstream
/// pull request 5472, merged after 6.3.1). This type closes the child's other descriptors with
/// `posix_spawn_file_actions_addclosefrom_np` instead, and never blocks a thread of the shared pool:
///
/// ```swift
/// let child = try ChildProcess("/usr/bin/openssl", ["version"], standardOutput: .captured)
/// let text = try await child.readAllOutput()
/// let termination = await child.termination()
/// ```
///
/// The child runs in a process group of its own (as with `Process`), with every signal at its default and none
/// blocked, and inherits no descriptor but its standard input (/dev/null), output and error. A thread of its
/// own waits for its exit; ``send(_:)`` never signals a process number that was already reaped (and could
/// have been reused).
package final class ChildProcess: Sendable {
    /// Where the child's standard output or standard error goes.
    package enum Output: Sendable {
        /// To /dev/null.
        case discarded
        /// To this process's own.
        case inherited
        /// To a pipe this process reads, through ``standardOutput`` or ``standardError``.
        case captured
        /// Appended to the file at this path, which is created if missing.
        case file(String)
    }

    /// How the child ended.
    package enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal of this number ended it.
        case signalled(Int32)

        /// The exit status, or the signal's number: what Foundation's `terminationStatus` reports.
        package var status: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }
    }

    /// The child's process id (and its process group's).
    package let pid: Int32
    /// The reading end of the child's standard output, when it is ``Output/captured``.
    package let standardOutput: FileHandle?
    /// The reading end of the child's standard error, when it is ``Output/captured``.
    package let standardError: FileHandle?
    private let exit: ExitRecord

    /// Starts `executable` (a path) with `arguments`, in `environment` (this process's when `nil`).
    ///
    /// - Throws: ``ChildProcessError`` naming the executable and the system's reason when it cannot start.
    package init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        standardOutput output: Output = .discarded, standardError errors: Output = .discarded
    ) throws(ChildProcessError) {
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        func descriptor(for output: Output, standard: Int32) throws(ChildProcessError) -> (child: Int32, reader: FileHandle?) {
            switch output {
            case .discarded:
                return (-1, nil)
            case .inherited:
                return (standard, nil)
            case .file(let path):
                let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
                guard descriptor >= 0 else { throw ChildProcessError(executable, "cannot open \(path)", errno) }
                opened.append(descriptor)
                return (descriptor, nil)
            case .captured:
                var ends: [Int32] = [-1, -1]
                let result = permit_pipe_cloexec(&ends)
                guard result == 0 else { throw ChildProcessError(executable, "cannot make a pipe", result) }
                opened.append(ends[1])
                return (ends[1], FileHandle(fileDescriptor: ends[0], closeOnDealloc: true))
            }
        }
        let out = try descriptor(for: output, standard: STDOUT_FILENO)
        let err = try descriptor(for: errors, standard: STDERR_FILENO)
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let result = withCStrings([executable] + arguments) { argv in
            withCStrings(variables) { envp in
                permit_spawn_standard(executable, argv, envp, -1, out.child, err.child, &pid)
            }
        }
        guard result == 0 else { throw ChildProcessError(executable, "cannot start", result) }
        self.pid = pid
        self.standardOutput = out.reader
        self.standardError = err.reader
        self.exit = ExitRecord(pid: pid)
    }

    /// How it ended, or `nil` while it runs.
    package var currentTermination: Termination? { exit.termination }

    /// Whether it still runs (it has not been reaped).
    package var isRunning: Bool { exit.termination == nil }

    /// Returns how it ended, once it has.
    package func termination() async -> Termination {
        await exit.wait()
    }

    /// Blocks the calling thread until the child has ended, and returns how. For code that already runs on a
    /// thread of its own (``BlockingWork``), never on a task of the shared pool: use ``termination()`` there.
    package func waitBlocking() -> Termination {
        exit.waitBlocking()
    }

    /// Sends `signal` to the child, unless it has already ended.
    package func send(_ signal: Int32) {
        exit.signal(signal)
    }

    /// Ends the child: SIGTERM, then SIGKILL if it still runs after `grace` (at once when the calling task is
    /// cancelled); returns how it ended, once it has been reaped. Signals the child only, not its process group.
    @discardableResult
    package func stop(grace: Duration) async -> Termination {
        send(SIGTERM)
        return await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                // Cut short by the termination below (the child is reaped: no signal is sent) or by the caller's
                // cancellation (a child that ignores SIGTERM is killed at once, never waited for).
                try? await Task.sleep(for: grace)
                send(SIGKILL)
            }
            let termination = await termination()
            group.cancelAll()
            return termination
        }
    }

    /// Reads the captured standard output to its end (the child's exit, or its closing of it), on a thread of
    /// its own.
    package func readAllOutput() async -> Data {
        guard let reader = standardOutput else { return Data() }
        return await BlockingWork.run(named: "permit.child.output") { reader.readDataToEndOfFile() }
    }

    /// Runs `executable` to its end with its output discarded and its errors where `errors` says, without
    /// holding a thread of the shared pool; throws when it cannot start or exits with a failure.
    package static func run(
        _ executable: String, _ arguments: [String], standardError errors: Output = .discarded
    ) async throws(ChildProcessError) {
        let child = try ChildProcess(executable, arguments, standardError: errors)
        let termination = await child.termination()
        guard termination == .exited(0) else {
            throw ChildProcessError(executable, "ended with \(termination)", 0)
        }
    }
}

/// Why a ``ChildProcess`` could not start, or failed.
package struct ChildProcessError: Error, CustomStringConvertible {
    /// What went wrong, with the executable's path and the system's reason.
    package let description: String

    init(_ executable: String, _ what: String, _ code: Int32) {
        let reason = code == 0 ? "" : ": \(String(cString: strerror(code)))"
        description = "\(executable): \(what)\(reason)"
    }
}

/// The child's end, recorded by a thread that waits for it, and the tasks waiting for it.
private final class ExitRecord: Sendable {
    private let state = Locked((termination: ChildProcess.Termination?.none, waiters: [@Sendable (ChildProcess.Termination) -> Void]()))
    private let pid: pid_t

    init(pid: pid_t) {
        self.pid = pid
        let thread = Thread { [state] in
            // Waited for without reaping first: the number stays the child's until the record says it ended,
            // so signal(_:), which checks the record under the same lock, cannot reach a reused number.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
            let (termination, waiters) = state.withLock { state in
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                let termination: ChildProcess.Termination =
                    status & 0x7F != 0 ? .signalled(status & 0x7F) : .exited((status >> 8) & 0xFF)
                state.termination = termination
                defer { state.waiters = [] }
                return (termination, state.waiters)
            }
            for waiter in waiters { waiter(termination) }
        }
        thread.name = "permit.child.reaper"
        thread.start()
    }

    var termination: ChildProcess.Termination? { state.withLock { $0.termination } }

    func wait() async -> ChildProcess.Termination {
        await withCheckedContinuation { continuation in
            whenEnded { continuation.resume(returning: $0) }
        }
    }

    func waitBlocking() -> ChildProcess.Termination {
        let ended = Locked(ChildProcess.Termination?.none)
        let semaphore = DispatchSemaphore(value: 0)
        whenEnded { termination in
            ended.withLock { $0 = termination }
            semaphore.signal()
        }
        semaphore.wait()
        return ended.withLock { $0! }
    }

    /// Calls `handler` with the termination: at once if the child has ended, else from the reaper's thread.
    private func whenEnded(_ handler: @escaping @Sendable (ChildProcess.Termination) -> Void) {
        let ended = state.withLock { state in
            if state.termination == nil { state.waiters.append(handler) }
            return state.termination
        }
        if let ended { handler(ended) }
    }

    func signal(_ signal: Int32) {
        state.withLock { state in
            if state.termination == nil { kill(pid, signal) }
        }
    }
}

/// Calls `body` with a NULL-terminated C array of copies of `strings`, valid during the call only.
package func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
