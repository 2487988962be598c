import Foundation
import InMemoryLogging
import Logging
import Permit
import PermitSystem
import PermitTesting
import Testing

/// One app install: a file store in a temporary folder, and a documents directory; each `launch()` makes
/// the objects an app makes at launch, over the same store.
struct AppWorld {
    let world: TempWorld
    let cloud = SimulatedCloud()
    let documents: URL
    let storeURL: URL
    let fileSystem: FaultyFileSystem.Fault

    init(fileSystem: FaultyFileSystem.Fault = .none) throws {
        world = try TempWorld()
        documents = try world.directory("Documents")
        storeURL = world.url("Support/permissions.json")
        self.fileSystem = fileSystem
    }

    func launch(
        now: @escaping @Sendable () -> Date = { referenceDate }, fault: FaultyFileSystem.Fault? = nil,
        logger: Logger = makeTestLogger().0
    ) -> (storage: PermitStorage, status: SystemStatus) {
        let storage = PermitStorage(store: FilePermissionStore(url: storeURL, logger: logger), logger: logger)
        let runner = SystemCheckRunner(
            checks: SystemCheckRunner.standardChecks(
                cloud: cloud, documents: documents, minimumFreeSpace: 1,
                fileSystem: FaultyFileSystem(fault ?? fileSystem)),
            // Not the 10 s default: on a busy machine a file check's thread can wait longer than that, and these
            // tests are not about the timeout (stress run of 2026-11-29: "cannotAccessStorage" from a slow check).
            timeout: patientTimeout, now: now, logger: logger)
        return (storage, SystemStatus(runner: runner, storage: storage, logger: logger))
    }

    func tearDown() { world.tearDown() }
}

@Suite(.timeLimit(.minutes(1))) struct SystemStatusTests {
    @Test func theLastReportAndItsTimeSurviveARelaunch() async throws {
        let app = try AppWorld()
        defer { app.tearDown() }
        await app.cloud.setCloudKitStatus(.restricted)

        let first = app.launch()
        #expect(await first.status.lastReport() == nil)
        let report = try await first.status.refresh()
        #expect(report.checkedAt == referenceDate)
        #expect(report.warnings == [.cloudKitUnavailable])

        let relaunched = app.launch()
        let stored = try #require(await relaunched.status.lastReport())
        #expect(stored == report)
        #expect(stored.results.map(\.id) == [.iCloud, .iCloudDrive, .cloudKit, .documents, .freeSpace])
        #expect(stored.result(for: .cloudKit)?.outcome == .failed)
        let line = LastCheckedFormatter(locale: Locale(identifier: "en_US"))
            .string(checkedAt: stored.checkedAt, now: referenceDate.addingTimeInterval(300))
        #expect(line == "Last checked: 5 minutes ago")

        // Kept as JSON under the status key, beside the permissions, in the one store file.
        let file = try String(decoding: Data(contentsOf: app.storeURL), as: UTF8.self)
        #expect(file.contains(#""permit.system":{"value":{"checkedAt":1763778000000"#))
    }

    @Test func aStoredReportThatCannotBeDecodedReadsAsNone() async throws {
        let store = InMemoryPermissionStore(
            PermissionSnapshot(attachments: [SystemStatus.defaultKey: Data(#"{"version": 1, "value": {"something": "else"}}"#.utf8)]))
        let (logger, logs) = makeTestLogger()
        let status = SystemStatus(
            runner: SystemCheckRunner(checks: [], logger: logger), storage: PermitStorage(store: store, logger: logger),
            logger: logger)

        #expect(await status.lastReport() == nil)
        #expect(logs.entries.contains { $0.level == .warning && "\($0.message)".contains("unreadable") })
    }

    @Test func refreshReplacesTheStoredReport() async throws {
        let app = try AppWorld()
        defer { app.tearDown() }
        let times = Times()
        let launch = app.launch(now: times.provider)

        let before = try await launch.status.refresh()
        await app.cloud.setSignedIn(false)
        let after = try await launch.status.refresh()

        #expect(before.warnings.isEmpty)
        #expect(after.warnings == [.iCloudNotAvailable])
        #expect(after.checkedAt > before.checkedAt)
        #expect(await app.launch().status.lastReport() == after)
    }

    @Test func aCancelledRefreshThrowsAndStoresNothing() async throws {
        let app = try AppWorld()
        defer { app.tearDown() }
        let launch = app.launch()
        let stored = try await launch.status.refresh()
        await app.cloud.setHoldsAnswers(true)

        let refresh = Task { try await launch.status.refresh() }
        #expect(await yield(until: { await app.cloud.heldAnswerCount == 3 }))
        refresh.cancel()

        await #expect(throws: CancellationError.self) { try await refresh.value }
        #expect(await launch.status.lastReport() == stored)
        #expect(await app.launch().status.lastReport() == stored)
        await app.cloud.releaseHeldAnswers()
    }

    @Test func refreshesAtOnceShareOneRunOfTheChecks() async throws {
        let app = try AppWorld()
        defer { app.tearDown() }
        let launch = app.launch(now: Times().provider)  // each run's report has a time of its own
        let (first, second) = await startARunAndAJoinedCall(app, launch.status)
        #expect(await app.cloud.heldAnswerCount == 3)  // no second run
        await app.cloud.releaseHeldAnswers()

        let report = try await first.value
        #expect(try await second.value == report)
        #expect(await launch.status.lastReport() == report)
    }

    @Test func aJoinedRefreshThatIsCancelledStopsWaitingAndTheRunGoesOn() async throws {
        let app = try AppWorld()
        defer { app.tearDown() }
        let launch = app.launch()
        let (first, joined) = await startARunAndAJoinedCall(app, launch.status)
        joined.cancel()
        // Thrown while the checks are still held: the joined call does not wait for the run.
        await #expect(throws: CancellationError.self) { try await joined.value }
        #expect(await launch.status.joinedCalls == 0)
        await app.cloud.releaseHeldAnswers()

        let report = try await first.value
        #expect(await launch.status.lastReport() == report)
    }

    @Test func cancellingTheRefreshThatRunsTheChecksEndsItForTheCallsThatJoined() async throws {
        let app = try AppWorld()
        defer { app.tearDown() }
        let launch = app.launch()
        let stored = try await launch.status.refresh()
        let (first, joined) = await startARunAndAJoinedCall(app, launch.status)
        first.cancel()

        await #expect(throws: CancellationError.self) { try await first.value }
        await #expect(throws: CancellationError.self) { try await joined.value }
        #expect(await launch.status.lastReport() == stored)
        await app.cloud.releaseHeldAnswers()
    }

    /// Starts a refresh whose checks the cloud holds, then a second refresh that joins it.
    private func startARunAndAJoinedCall(
        _ app: AppWorld, _ status: SystemStatus
    ) async -> (Task<SystemReport, any Error>, Task<SystemReport, any Error>) {
        await app.cloud.setHoldsAnswers(true)
        let first = Task { try await status.refresh() }
        #expect(await yield(until: { await app.cloud.heldAnswerCount == 3 }))
        let joined = Task { try await status.refresh() }
        #expect(await yield(until: { await status.joinedCalls == 1 }))
        return (first, joined)
    }

    @Test func aReportTakenBetweenWholeSecondsReadsBackEqual() async throws {
        let app = try AppWorld()
        defer { app.tearDown() }
        let launch = app.launch(now: { referenceDate.addingTimeInterval(0.123_456_7) })

        let report = try await launch.status.refresh()

        #expect(await launch.status.lastReport() == report)
        #expect(await app.launch().status.lastReport() == report)
    }
}

/// A wall clock that moves one minute each time it is read.
final class Times: Sendable {
    private let count = Counter()
    var provider: @Sendable () -> Date {
        { [count] in referenceDate.addingTimeInterval(60 * Double(count.next())) }
    }

    private final class Counter: @unchecked Sendable {  // guarded by `lock`
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}
