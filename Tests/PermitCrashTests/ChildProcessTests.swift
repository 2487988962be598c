import Foundation
import PermitChildProcess
import PermitSupport
import Testing

/// `ChildProcess`, which the tool, the scratch PostgreSQL and the server tests start children with instead of
/// Foundation's `Process` (whose `run()` crashed the server tests' process in CI with SIGSEGV, reading
/// /proc/self/fd while a test held a thousand sockets).
@Suite struct ChildProcessTests {
    @Test func aChildsOutputErrorsAndExitStatusAreWhatItWrote() async throws {
        let child = try ChildProcess(
            "/bin/sh", ["-c", "echo out; echo err >&2; exit 3"], standardOutput: .captured, standardError: .captured)
        let output = await child.readAllOutput()
        let errors = try #require(child.standardError).readDataToEndOfFile()
        #expect(await child.termination() == .exited(3))
        #expect(String(decoding: output, as: UTF8.self) == "out\n")
        #expect(String(decoding: errors, as: UTF8.self) == "err\n")
        #expect(!child.isRunning)
        #expect(child.currentTermination?.status == 3)
    }

    /// The condition of the crash: many descriptors open while children start, several at once. Each child
    /// inherits none of them.
    @Test func withTwoThousandDescriptorsOpenChildrenStartAndInheritNone() async throws {
        let held = (0..<2_000).map { _ in open("/dev/null", O_RDONLY) }
        defer { for descriptor in held where descriptor >= 0 { close(descriptor) } }
        try #require(held.allSatisfy { $0 >= 0 }, "the open-file limit is below 2,000")
        let listings = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    // ls opens /proc/self/fd itself, as descriptor 3.
                    let child = try ChildProcess("/bin/ls", ["/proc/self/fd"], standardOutput: .captured)
                    let listing = String(decoding: await child.readAllOutput(), as: UTF8.self)
                    #expect(await child.termination() == .exited(0))
                    return listing
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(listings.count == 40)
        for listing in listings {
            let descriptors = Set(listing.split(separator: "\n").compactMap { Int($0) })
            let inherited = descriptors.subtracting([0, 1, 2, 3])
            #expect(inherited.isEmpty, "\(inherited.count) descriptors inherited, such as \(inherited.sorted().prefix(5))")
        }
    }

    @Test func aSignalEndsItAndItsTerminationNamesTheSignal() async throws {
        let child = try ChildProcess("/bin/sleep", ["30"])
        #expect(child.isRunning)
        child.send(SIGTERM)
        #expect(await child.termination() == .signalled(SIGTERM))
        #expect(!child.isRunning && child.currentTermination?.status == SIGTERM)
    }

    /// `stop(grace:)` ends a child that honours SIGTERM with SIGTERM, and one that ignores it with SIGKILL once the
    /// grace has passed.
    @Test func stopSendsTermAndKillsWhatIgnoresIt() async throws {
        let polite = try ChildProcess("/bin/sleep", ["30"])
        #expect(await polite.stop(grace: .seconds(30)) == .signalled(SIGTERM))

        let stubborn = try await Self.childIgnoringSIGTERM()
        let start = ContinuousClock.now
        #expect(await stubborn.stop(grace: .milliseconds(300)) == .signalled(SIGKILL))
        #expect(start.duration(to: .now) >= .milliseconds(300), "killed before the grace had passed")
    }

    /// A stop in a cancelled task (a benchmark's clean-up after Ctrl-C) kills a child that ignores SIGTERM at
    /// once, instead of waiting for it forever.
    @Test(.timeLimit(.minutes(1)))
    func stopInACancelledTaskKillsAtOnce() async throws {
        let stubborn = try await Self.childIgnoringSIGTERM()
        let stopping = Task { await stubborn.stop(grace: .seconds(600)) }
        stopping.cancel()
        #expect(await stopping.value == .signalled(SIGKILL))
    }

    /// A shell that ignores SIGTERM, returned once it says its trap is set, so that no SIGTERM arrives before it.
    private static func childIgnoringSIGTERM() async throws -> ChildProcess {
        let child = try ChildProcess(
            "/bin/sh", ["-c", "trap '' TERM; echo ready; while :; do sleep 1; done"], standardOutput: .captured)
        let ready = await BlockingWork.run(named: "test.ready") { child.standardOutput?.availableData ?? Data() }
        #expect(String(decoding: ready, as: UTF8.self) == "ready\n")
        return child
    }

    @Test func theEnvironmentIsTheGivenOneOrThisProcesss() async throws {
        let given = try ChildProcess(
            "/bin/sh", ["-c", "echo \"$PERMIT_CHILD_TEST:$HOME\""], environment: ["PERMIT_CHILD_TEST": "given"],
            standardOutput: .captured)
        #expect(String(decoding: await given.readAllOutput(), as: UTF8.self) == "given:\n")
        let inherited = try ChildProcess("/bin/sh", ["-c", "echo \"$PATH\""], standardOutput: .captured)
        let path = String(decoding: await inherited.readAllOutput(), as: UTF8.self)
        #expect(path == (ProcessInfo.processInfo.environment["PATH"] ?? "") + "\n")
    }

    @Test func outputToAFileIsAppended() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("permit-child-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        for word in ["one", "two"] {
            let child = try ChildProcess("/bin/echo", [word], standardOutput: .file(path))
            #expect(await child.termination() == .exited(0))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo\n")
    }

    @Test func aMissingExecutableIsAnErrorNamingItAndTheReason() throws {
        let error = try #require(throws: ChildProcessError.self) {
            try ChildProcess("/nonexistent/permit-tool", [])
        }
        #expect(error.description == "/nonexistent/permit-tool: cannot start: No such file or directory")
    }

    @Test func waitingOnAThreadOfItsOwnReturnsTheTermination() async throws {
        let child = try ChildProcess("/bin/sh", ["-c", "exit 5"])
        let termination = await BlockingWork.run { child.waitBlocking() }
        #expect(termination == .exited(5))
        #expect(child.waitBlocking() == .exited(5))
    }

    @Test func runReturnsOnSuccessAndThrowsOnFailure() async throws {
        try await ChildProcess.run("/bin/true", [])
        await #expect(throws: ChildProcessError.self) { try await ChildProcess.run("/bin/false", []) }
    }
}
