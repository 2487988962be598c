import Clocks
import Foundation
import InMemoryLogging
import Logging
import PermitSystem
import PermitTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct SystemCheckRunnerTests {
    @Test func aHangingCheckTimesOutAndTheOthersStillReport() async throws {
        let (logger, logs) = makeTestLogger()
        let clock = TestClock()
        let cloud = SimulatedCloud()
        await cloud.setHoldsAnswers(true)
        let runner = SystemCheckRunner(
            checks: [
                ICloudAccountCheck(provider: cloud), ICloudDriveCheck(provider: cloud), CloudKitAccountCheck(provider: cloud),
                FixedCheck(id: .documents, finding: .passed("read and write work")),
                FixedCheck(id: .freeSpace, finding: .passed("84.2 GB free; at least 100 MB needed")),
            ],
            timeout: .seconds(5), clock: clock, now: { referenceDate }, logger: logger)
        let finished = Flag()

        let run = Task {
            let report = try await runner.run()
            await finished.set()
            return report
        }
        #expect(await yield(until: { await cloud.heldAnswerCount == 3 }))
        await clock.advance(by: .seconds(4))
        #expect(await !finished.isSet)
        await clock.advance(by: .seconds(1))
        let report = try await run.value

        #expect(report.results.map(\.outcome) == [.couldNotDetermine, .couldNotDetermine, .couldNotDetermine, .passed, .passed])
        #expect(report.results.prefix(3).allSatisfy { $0.detail == "no answer within 5 seconds" })
        #expect(report.warnings == [.cloudKitUnavailable])
        #expect(logs.entries.contains { $0.level == .warning && $0.metadata["check"] == "cloudKit" })
        #expect(await cloud.heldAnswerCount == 3)  // the hung questions ignored cancellation; the report did not wait
        await cloud.releaseHeldAnswers()
    }

    @Test func aFileSystemThatBlocksItsThreadDoesNotHoldUpTheReport() async throws {
        // More blocked file calls than Swift's cooperative pool has threads: were they made on the pool,
        // nothing else (the timeout, this test) could run until the disk answered.
        let fileSystem = BlockingFileSystem()
        defer { fileSystem.release() }
        let clock = TestClock()
        let documents = FileManager.default.temporaryDirectory.appendingPathComponent("hung-mount", isDirectory: true)
        let pairs = ProcessInfo.processInfo.activeProcessorCount + 1
        let checks: [any SystemCheck] = (0..<pairs).flatMap { _ -> [any SystemCheck] in
            [
                DocumentsAccessCheck(directory: documents, fileSystem: fileSystem),
                FreeSpaceCheck(directory: documents, minimumBytes: 1, fileSystem: fileSystem),
            ]
        }
        let runner = SystemCheckRunner(
            checks: checks, timeout: .seconds(1), clock: clock, now: { referenceDate }, logger: makeTestLogger().0)

        let run = Task { try await runner.run() }
        await receive(2 * pairs, from: fileSystem.entries)
        await clock.advance(by: .seconds(1))
        let report = try await run.value

        #expect(fileSystem.blocked == 2 * pairs)  // the report arrived while every file call was still blocked
        #expect(report.results.count == 2 * pairs)
        #expect(report.results.allSatisfy { $0.outcome == .couldNotDetermine && $0.detail == "no answer within 1 second" })
        #expect(report.warnings == [.cannotAccessStorage])
    }

    @Test func aCancelledRunThrowsAndReportsNoFalseFailure() async throws {
        let cloud = SimulatedCloud()
        await cloud.setHoldsAnswers(true)
        let runner = SystemCheckRunner(
            checks: [
                CloudKitAccountCheck(provider: cloud), FixedCheck(id: .documents, finding: .passed("read and write work")),
            ],
            timeout: .seconds(5), clock: TestClock(), logger: makeTestLogger().0)

        let run = Task { try await runner.run() }
        #expect(await yield(until: { await cloud.heldAnswerCount == 1 }))
        run.cancel()

        await #expect(throws: CancellationError.self) { try await run.value }
        await cloud.releaseHeldAnswers()
    }

    @Test func aCheckStillRunningIsNotStartedAgainByTheNextRun() async throws {
        let clock = TestClock()
        let cloud = SimulatedCloud()
        await cloud.setHoldsAnswers(true)
        let runner = SystemCheckRunner(
            checks: [ICloudAccountCheck(provider: cloud)], timeout: .seconds(1), clock: clock, logger: makeTestLogger().0)

        for _ in 0..<3 {
            let finished = Flag()
            let run = Task {
                let report = try await runner.run()
                await finished.set()
                return report
            }
            for _ in 0..<1000 {
                if await finished.isSet { break }
                await clock.advance(by: .seconds(1))
                await Task.yield()
            }
            #expect(try await run.value.result(for: .iCloud)?.outcome == .couldNotDetermine)
        }

        #expect(await cloud.questionCount == 1)
        #expect(await cloud.heldAnswerCount == 1)
        await cloud.setHoldsAnswers(false)
        await cloud.releaseHeldAnswers()
        let report = try await SystemCheckRunner(checks: [ICloudAccountCheck(provider: cloud)], logger: makeTestLogger().0).run()
        #expect(report.result(for: .iCloud)?.outcome == .passed)
    }

    @Test func anErrorsTextNeverReachesTheDetailOrTheLog() async throws {
        let (logger, logs) = makeTestLogger()
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("alice-diary.txt").path
        let error = CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: secret])
        #expect("\(error)".contains("alice-diary"))  // what used to be printed
        let runner = SystemCheckRunner(
            checks: [ThrowingCheck(id: .documents, error: error)], now: { referenceDate }, logger: logger)

        let report = try await runner.run()

        let result = try #require(report.result(for: .documents))
        #expect(result.outcome == .couldNotDetermine)
        #expect(result.detail == "the check failed with an unexpected error")
        let logged = logs.entries.map { "\($0.message) \($0.metadata)" }
        #expect(!logged.isEmpty)
        #expect(logged.allSatisfy { !$0.contains("alice-diary") })
        #expect(logs.entries.contains { "\($0.metadata["error"] ?? "")".hasSuffix(".CocoaError") })
    }

    @Test func aLongDetailIsCut() async throws {
        let runner = SystemCheckRunner(
            checks: [FixedCheck(id: .documents, finding: .failed(String(repeating: "x", count: 1000)))],
            logger: makeTestLogger().0)

        let detail = try #require(try await runner.run().result(for: .documents)?.detail)

        #expect(detail.count == SystemCheckRunner.maximumDetailLength)
        #expect(detail == String(repeating: "x", count: 299) + "…")
    }

    @Test func timesAreRoundedToTheMillisecond() async throws {
        let runner = SystemCheckRunner(
            checks: [FixedCheck(id: .documents, finding: .passed("ok"))],
            now: { referenceDate.addingTimeInterval(0.123_456_7) }, logger: makeTestLogger().0)

        let report = try await runner.run()

        #expect(report.checkedAt == Date(timeIntervalSince1970: 1_763_778_000.123))
        #expect(report.results.first?.checkedAt == Date(timeIntervalSince1970: 1_763_778_000.123))
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

        let run = Task { try await runner.run() }
        #expect(await yield(until: { await cloud.heldAnswerCount == 1 }))
        await clock.advance(by: .seconds(2))
        let report = try await run.value

        #expect(report.result(for: .documents)?.outcome == .couldNotDetermine)
        #expect(report.warnings == [.cannotAccessStorage])
        #expect(throws: SystemError.documentsNotAccessible) { try BackupGuard.check(report) }
        await cloud.releaseHeldAnswers()
    }

    @Test func resultsKeepTheOrderOfTheChecksAndAThrowingCheckCouldNotDetermine() async throws {
        let runner = SystemCheckRunner(
            checks: [
                FixedCheck(id: SystemCheckID(rawValue: "b"), finding: .failed("no")),
                ThrowingCheck(id: SystemCheckID(rawValue: "a")),
                FixedCheck(id: SystemCheckID(rawValue: "c"), finding: .passed("yes")),
            ],
            now: { referenceDate }, logger: makeTestLogger().0)

        let report = try await runner.run()

        #expect(report.results.map(\.id.rawValue) == ["b", "a", "c"])
        #expect(report.results.map(\.outcome) == [.failed, .couldNotDetermine, .passed])
        #expect(report.results[1].detail == "the check failed with an unexpected error")
        #expect(report.checkedAt == referenceDate)
        #expect(report.warnings.isEmpty)  // checks without a rule raise nothing
    }
}

/// A flag set from another task.
actor Flag {
    private(set) var isSet = false
    func set() { isSet = true }
}
