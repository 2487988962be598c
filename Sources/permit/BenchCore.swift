import ArgumentParser
import Foundation
import Logging
import Permit
import PermitTesting

/// `permit bench core`: cold start, no-op refresh and change persistence of a center tracking 20 kinds.
struct BenchCore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "core",
        abstract: "Benchmark the permission center with 20 kinds and a file store.",
        discussion: """
            Prints medians over many runs: cold start of a center from a persisted store, a refresh in which \
            nothing changed, and a change persisted after the app returns to the foreground (timed from \
            will-enter-foreground to the end of the save); and the bytes the store keeps per permission. \
            Goals: under 1 ms, under 0.2 ms with no store write, under 5 ms, at most 100 bytes.
            """
    )

    @Option(name: .long, help: "Runs per measurement.")
    var iterations = 2000

    @Flag(name: .long, help: "Print one JSON object instead of a table.")
    var json = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard (10...1_000_000).contains(iterations) else {
            throw ValidationError("--iterations must be between 10 and 1000000")
        }
    }

    func run() async throws {
        let logger = options.makeLogger()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("permit-bench-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let storeURL = folder.appendingPathComponent("permissions.json")
        // The goals are for 20 kinds: 15 built-in ones and 5 of the app's own (there are more built-in kinds now).
        let kinds = Array(PermissionKind.builtIn.prefix(15)) + (1...5).map { PermissionKind("custom\($0)") }
        let device = SimulatedDevice()
        for (index, kind) in kinds.enumerated() {
            await device.setStatus(PermissionStatus.allCases[index % PermissionStatus.allCases.count], for: kind)
        }
        let fileStore = FilePermissionStore(url: storeURL, logger: logger)
        let store = CountingStore(base: fileStore)
        func makeCenter() -> PermissionCenter {
            PermissionCenter(kinds: kinds, authority: device, storage: PermitStorage(store: store, logger: logger), logger: logger)
        }
        let warm = makeCenter()
        await warm.start()
        let launchBytes = try Data(contentsOf: storeURL).count

        Terminal.progress("cold start of a center with \(kinds.count) kinds from a persisted store, \(iterations) runs")
        var writesBefore = await store.saves
        var coldStart: [Double] = []
        for _ in 0..<iterations {
            let start = ContinuousClock.now
            let center = makeCenter()
            await center.start()
            coldStart.append(start.duration(to: .now).benchMilliseconds)
        }
        let coldStartWrites = await store.saves - writesBefore

        Terminal.progress("refresh of \(kinds.count) kinds with nothing changed, \(iterations) runs")
        writesBefore = await store.saves
        var refresh: [Double] = []
        for _ in 0..<iterations {
            let start = ContinuousClock.now
            await warm.refresh()
            refresh.append(start.duration(to: .now).benchMilliseconds)
        }
        let refreshWrites = await store.saves - writesBefore

        let changeRuns = min(iterations, 500)
        Terminal.progress(
            "Settings change persisted after the app returns (from will-enter-foreground), \(changeRuns) runs")
        var persist: [Double] = []
        for run in 0..<changeRuns {
            let status: PermissionStatus = run.isMultiple(of: 2) ? .denied : .granted
            await warm.handle(.didEnterBackground)
            await device.setStatus(status, for: .camera)
            let start = ContinuousClock.now
            await warm.handle(.willEnterForeground)
            persist.append(start.duration(to: .now).benchMilliseconds)
            guard try await fileStore.load().records[.camera]?.status == status else {
                throw CommandFailure("the change was not on disk when handle(_:) returned")
            }
        }

        let fullBytes = try Data(contentsOf: storeURL).count
        var recordsOnly = try await fileStore.load()
        let historyCount = recordsOnly.history.count
        recordsOnly.history = []
        let recordsURL = folder.appendingPathComponent("records-only.json")
        try await FilePermissionStore(url: recordsURL, logger: logger).save(recordsOnly)
        let recordBytes = try Data(contentsOf: recordsURL).count

        let report = CoreBenchReport(
            configuration: buildConfiguration,
            kinds: kinds.count,
            iterations: iterations,
            cold_start_20_ms: median(coldStart),
            cold_start_store_writes: coldStartWrites,
            refresh_nochange_20_ms: median(refresh),
            refresh_nochange_store_writes: refreshWrites,
            change_persist_ms: median(persist),
            bytes_per_permission: Double(launchBytes) / Double(kinds.count),
            store_bytes_after_launch: launchBytes,
            history_entries: historyCount,
            store_bytes_full_history: fullBytes,
            bytes_per_permission_full_history: Double(fullBytes) / Double(kinds.count),
            bytes_per_history_entry: historyCount == 0 ? 0 : Double(fullBytes - recordBytes) / Double(historyCount))
        if json {
            try printJSON(report)
        } else {
            print(report.table)
        }
    }
}

/// The figures `permit bench core` prints.
struct CoreBenchReport: Encodable {
    var configuration: String
    var kinds: Int
    var iterations: Int
    var cold_start_20_ms: Double
    var cold_start_store_writes: Int
    var refresh_nochange_20_ms: Double
    var refresh_nochange_store_writes: Int
    var change_persist_ms: Double
    /// The store file after the first launch (records only: no change has happened yet), per kind.
    var bytes_per_permission: Double
    var store_bytes_after_launch: Int
    var history_entries: Int
    /// The store file once the history is full, and that size per kind.
    var store_bytes_full_history: Int
    var bytes_per_permission_full_history: Double
    var bytes_per_history_entry: Double

    var table: String {
        var lines = [Terminal.bold("Permit core benchmark (\(configuration) build, \(kinds) kinds, medians of \(iterations) runs)")]
        if configuration != "release" {
            lines.append(Terminal.red("Debug build: figures are not representative; run with swift run -c release."))
        }
        lines.append(
            Terminal.table([
                ["figure", "value", "goal", ""],
                ["cold start, 20 kinds from a persisted store", formatMilliseconds(cold_start_20_ms), "< 1 ms",
                 verdict(cold_start_20_ms < 1)],
                ["refresh, 20 kinds, nothing changed", formatMilliseconds(refresh_nochange_20_ms), "< 0.2 ms",
                 verdict(refresh_nochange_20_ms < 0.2)],
                ["store writes during those refreshes", "\(refresh_nochange_store_writes)", "0",
                 verdict(refresh_nochange_store_writes == 0)],
                ["change persisted after the app returns", formatMilliseconds(change_persist_ms), "< 5 ms",
                 verdict(change_persist_ms < 5)],
                ["bytes per permission on disk after launch", String(format: "%.1f", bytes_per_permission), "<= 100",
                 verdict(bytes_per_permission <= 100)],
                ["bytes per history entry", String(format: "%.1f", bytes_per_history_entry), "", ""],
                ["bytes per permission, history full (\(history_entries))",
                 String(format: "%.1f", bytes_per_permission_full_history), "", ""],
            ]))
        return lines.joined(separator: "\n")
    }
}

/// A store that counts the saves that reach the store it wraps.
actor CountingStore: PermissionStore {
    let base: any PermissionStore
    private(set) var saves = 0

    init(base: any PermissionStore) { self.base = base }

    func load() async throws -> PermissionSnapshot { try await base.load() }

    func save(_ snapshot: PermissionSnapshot) async throws {
        saves += 1
        try await base.save(snapshot)
    }
}

/// A command that could not do its work, for a reason said in one line: printed as `Error: …`, exit 1 (a bench
/// that could not measure, a `--script` that cannot be read).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    let value = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    return (value * 10_000).rounded() / 10_000
}

extension Duration {
    var benchMilliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
