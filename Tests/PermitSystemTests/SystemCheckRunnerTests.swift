import Clocks
import Foundation
import InMemoryLogging
import Logging
import PermitSystem
import PermitTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct SystemCheckRunnerTests {
    @Test func aHangingCheckTimesOutAndTheOthersStillReport() async throws {
        let world = try TempWorld()
        defer { world.tearDown() }
        let (logger, logs) = makeTestLogger()
        let clock = TestClock()
        let cloud = SimulatedCloud()
        await cloud.setHoldsAnswers(true)
        let runner = SystemCheckRunner(
            checks: SystemCheckRunner.standardChecks(cloud: cloud, documents: world.root, minimumFreeSpace: 1),
            timeout: .seconds(5), clock: clock, now: { referenceDate }, logger: logger)
        let finished = Flag()

        let run = Task {
            let report = await runner.run()
            await finished.set()
            return report
        }
        #expect(await yield(until: { await cloud.heldAnswerCount == 3 }))
        await clock.advance(by: .seconds(4))
        #expect(await !finished.isSet)
        await clock.advance(by: .seconds(1))
        let report = await run.value

        #expect(report.results.map(\.outcome) == [.couldNotDetermine, .couldNotDetermine, .couldNotDetermine, .passed, .passed])
        #expect(report.results.prefix(3).allSatisfy { $0.detail == "no answer within 5 seconds" })
        #expect(report.warnings == [.cloudKitUnavailable])
        #expect(logs.entries.contains { $0.level == .warning && $0.metadata["check"] == "cloudKit" })
        #expect(await cloud.heldAnswerCount == 3)  // the hung questions ignored cancellation; the report did not wait
        await cloud.releaseHeldAnswers()
    }

    @Test func aHangingDocumentsProbeIsCannotAccessStorage() async throws {
        let clock = TestClock()
        let cloud = SimulatedCloud()
        await cloud.setHoldsAnswers(true)
        struct ProbeOverCloud: SystemCheck {
            let cloud: SimulatedCloud
            var id: SystemCheckID { .documents }
            var title: String { "Storage Access" }
            var purpose: String { "Required for local backups" }
            func run() async throws -> SystemCheckFinding {
                _ = try await cloud.isSignedIn()
                return .passed("read and write work")
            }
        }
        let runner = SystemCheckRunner(
            checks: [ProbeOverCloud(cloud: cloud)], timeout: .seconds(2), clock: clock, logger: makeTestLogger().0)

        let run = Task { await runner.run() }
        #expect(await yield(until: { await cloud.heldAnswerCount == 1 }))
        await clock.advance(by: .seconds(2))
        let report = await run.value

        #expect(report.result(for: .documents)?.outcome == .couldNotDetermine)
        #expect(report.warnings == [.cannotAccessStorage])
        #expect(throws: SystemError.documentsNotAccessible) { try BackupGuard.check(report) }
        await cloud.releaseHeldAnswers()
    }

    @Test func resultsKeepTheOrderOfTheChecksAndAThrowingCheckCouldNotDetermine() async {
        let runner = SystemCheckRunner(
            checks: [
                FixedCheck(id: SystemCheckID(rawValue: "b"), finding: .failed("no")),
                ThrowingCheck(id: SystemCheckID(rawValue: "a")),
                FixedCheck(id: SystemCheckID(rawValue: "c"), finding: .passed("yes")),
            ],
            now: { referenceDate }, logger: makeTestLogger().0)

        let report = await runner.run()

        #expect(report.results.map(\.id.rawValue) == ["b", "a", "c"])
        #expect(report.results.map(\.outcome) == [.failed, .couldNotDetermine, .passed])
        #expect(report.results[1].detail == "the check failed: boom")
        #expect(report.checkedAt == referenceDate)
        #expect(report.warnings.isEmpty)  // checks without a rule raise nothing
    }
}

/// A flag set from another task.
actor Flag {
    private(set) var isSet = false
    func set() { isSet = true }
}
