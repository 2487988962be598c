import CPermitSpawn
import Foundation
import PermitChildProcess
import PermitWeb

/// One running Chromium: its process group and its DevTools pipe.
///
/// Killing the group on release means a Chromium can never outlive the web view that started it.
final class ChromiumProcess: Sendable {
    let pid: pid_t
    let pipe: DevToolsPipe
    private let exit: ExitState

    private init(pid: pid_t, pipe: DevToolsPipe) {
        self.pid = pid
        self.pipe = pipe
        let exit = ExitState()
        self.exit = exit
        // The reaper holds only the pid and the exit state, never this object, so releasing it (which kills
        // the group) is not prevented by the browser being alive.
        let thread = Thread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            // The browser's helpers (zygote, renderers) share its group; none may outlive it.
            kill(-pid, SIGKILL)
            exit.markExited()
        }
        thread.name = "permit.chromium.reaper"
        thread.start()
    }

    /// Starts `executable` with `arguments` in a process group of its own, its output going to `logFile`.
    static func spawn(executable: String, arguments: [String], logFile: String?) throws -> ChromiumProcess {
        let argv = [executable] + arguments
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var logFD: Int32 = -1
        if let logFile {
            logFD = open(logFile, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        }
        defer { if logFD >= 0 { close(logFD) } }
        var pid: pid_t = 0
        var toChild: Int32 = -1
        var fromChild: Int32 = -1
        let result = withCStrings(argv) { argvPointers in
            withCStrings(environment) { environmentPointers in
                permit_spawn_with_pipes(executable, argvPointers, environmentPointers, logFD, &pid, &toChild, &fromChild)
            }
        }
        guard result == 0 else {
            throw WebViewError.launchFailed.withDetail("\(executable): \(String(cString: strerror(result)))")
        }
        return ChromiumProcess(pid: pid, pipe: DevToolsPipe(writeFD: toChild, readFD: fromChild))
    }

    /// Whether the browser process has exited and been reaped.
    var hasExited: Bool { exit.hasExited }

    /// Returns once the browser process has exited, or when the calling task is cancelled.
    func waitForExit() async {
        await exit.wait()
    }

    /// Kills the group and returns once none of its processes is left (helpers that outlived the browser are
    /// reaped by init, which takes a moment), or `false` after `timeout`.
    func killGroupAndWait(timeout: Duration) async -> Bool {
        killGroup()
        _ = try? await withTimeout(timeout) { await self.waitForExit() }
        let deadline = ContinuousClock.now + timeout
        // The kernel gives no notification when another parent reaps them, so this polls.
        while kill(-pid, 0) == 0 {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Kills every process in the browser's group at once, unless the browser was already reaped (its
    /// group is gone then, and the number could be reused).
    func killGroup() {
        if !hasExited { kill(-pid, SIGKILL) }
    }

    deinit {
        pipe.close()
        killGroup()
    }
}

/// Whether a process has exited, and who waits for it.
private final class ExitState: @unchecked Sendable {
    // @unchecked: `exited` and `waiters` are only touched while holding `lock`.
    private let lock = NSLock()
    private var exited = false
    private var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]

    var hasExited: Bool { lock.withLock { exited } }

    func markExited() {
        let ready = lock.withLock {
            exited = true
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        for waiter in ready { waiter.resume() }
    }

    func wait() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = lock.withLock {
                    if !exited && !Task.isCancelled { waiters[id] = continuation }
                    return exited || Task.isCancelled
                }
                if done { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
