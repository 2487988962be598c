import ArgumentParser
import Foundation
import Logging
import PermitServer

/// `permit bench server`: the server side on SQLite and on PostgreSQL, in one run.
struct BenchServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Benchmark the server side on SQLite and PostgreSQL: the cookie middleware, token upserts, pruning.",
        discussion: """
            For each engine (SQLite in a temporary file; PostgreSQL started from Debian's package in a temporary \
            folder on a loopback port, with fsync on, as in production), in one run:
              - the middleware in process: a request's cookies parsed and checked against the registry when \
            nothing changed (goal: under 50 microseconds);
              - requests per second and latency through a loopback server with the middleware, against the \
            same server without it, in alternating rounds, from a load generator of its own (kept-alive \
            HTTP/1.1 connections); their difference is shown, not judged, as it is within the load generator's \
            noise on a busy machine;
              - durable token upserts per second: new installations recorded by the workers at once, each \
            acknowledged only once durable, the registry committing the writes that wait together (group \
            commit) (goal: at least 2,000 a second); the load comes from inside this process;
              - the time to prune 1,000,000 stale tokens (goal: under 5 seconds);
              - pushes a second through the durable queue to fake FCM (Android) and APNs (iOS) on loopback, \
            queued in one transaction and drained by one worker (goal: at least 5,000 a second), and the \
            process's resident memory with 1,000,000 sends queued, after draining some (goal: under 300 MB).
            Build with -c release (scripts/bench server).
            """
    )

    enum Engine: String, ExpressibleByArgument, CaseIterable, Sendable {
        case sqlite, postgres
    }

    @Option(name: .long, help: "An engine to measure, sqlite or postgres; repeat for both (the default).")
    var engine: [Engine] = Engine.allCases

    @Option(name: .long, help: "Requests through the loopback server, for each server.")
    var requests = 20_000

    @Option(name: .long, help: "Concurrent workers of the load generator, one installation each.")
    var concurrency = 8

    @Option(name: .long, help: "Installations upserted, for each engine.")
    var upserts = 4_000

    @Option(name: .customLong("prune-rows"), help: "Stale installations pruned, for each engine.")
    var pruneRows = 1_000_000

    @Option(name: .long, help: "Pushes drained through the queue, for each engine (0: skip the push figures).")
    var pushes = 20_000

    @Option(name: .customLong("queued-sends"), help: "Sends queued for the memory figure, for each engine.")
    var queuedSends = 1_000_000

    @Option(name: .customLong("push-concurrency"), help: "Sends in flight at once, for the push figures.")
    var pushConcurrency = 64

    @Flag(name: .long, help: "Print one JSON object instead of a table.")
    var json = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard (100...10_000_000).contains(requests) else { throw ValidationError("--requests must be between 100 and 10000000") }
        guard (1...256).contains(concurrency) else { throw ValidationError("--concurrency must be between 1 and 256") }
        guard (10...10_000_000).contains(upserts) else { throw ValidationError("--upserts must be between 10 and 10000000") }
        guard (1...100_000_000).contains(pruneRows) else { throw ValidationError("--prune-rows must be between 1 and 100000000") }
        guard (0...10_000_000).contains(pushes), (1...10_000_000).contains(queuedSends), (1...1_024).contains(pushConcurrency) else {
            throw ValidationError("--pushes must be 0...10000000, --queued-sends 1...10000000, --push-concurrency 1...1024")
        }
    }

    func run() async throws {
        let logger = options.makeLogger()
        if engine.contains(.postgres), ScratchPostgres.binaries == nil {
            throw CommandFailure("PostgreSQL is not installed: run scripts/setup, or pass --engine sqlite")
        }
        var engines: [ServerBenchReport.EngineFigures] = []
        for engine in self.engine {
            engines.append(try await measure(engine, logger: logger))
        }
        let report = ServerBenchReport(
            build: buildConfiguration, concurrency: concurrency, rounds: Self.rounds, engines: engines)
        if json { try printJSON(report) } else { print(report.table) }
    }

    /// The cookies of worker `worker`'s web view: an installation, a push token and two permissions.
    static func cookie(worker: Int) -> String {
        "permit_installation=bench-\(worker); FCM_token=token-\(worker)-\(String(repeating: "x", count: 140)); "
            + "p_Camera=yes; p_Location=no"
    }

    /// Loopback rounds: the server without the middleware and the one with it take turns, so that a change in
    /// the machine's load touches both alike; the medians of the rounds are reported.
    static let rounds = 3

    private func measure(_ engine: Engine, logger: Logger) async throws
        -> ServerBenchReport.EngineFigures
    {
        switch engine {
        case .sqlite:
            return try await withTemporaryFolder(named: "server") { folder in
                try await measure(.sqlite(path: folder.appendingPathComponent("registry.sqlite").path), name: "sqlite",
                                  logger: logger)
            }
        case .postgres:
            Terminal.progress("postgres: starting a scratch PostgreSQL (fsync on)")
            return try await ScratchPostgres.withServer(durable: true) { server in
                let database = try await server.makeDatabase(logger: logger)
                return try await measure(.postgres(database), name: "postgres", logger: logger)
            }
        }
    }

    private func measure(
        _ registryEngine: RegistryEngine, name: String, logger: Logger
    ) async throws -> ServerBenchReport.EngineFigures {
        let (requests, concurrency, upserts, pruneRows) = (self.requests, self.concurrency, self.upserts, self.pruneRows)
        let (pushes, queuedSends, pushConcurrency) = (self.pushes, self.queuedSends, self.pushConcurrency)
        return try await registryEngine.withStorage(logger: logger) { storage in
            let clock = ContinuousClock()
            Terminal.progress("\(name): the middleware's work in process, \(requests) requests that change nothing")
            let registry = TokenRegistry(storage: storage, logger: logger)
            let writer = CookieWriter(registry: registry, logger: logger)
            var perRequest: [Double] = []
            perRequest.reserveCapacity(requests)
            for index in 0..<(requests + concurrency) {
                let started = clock.now
                // What the middleware does with a request's cookies.
                if let report = CookieReport.parse(header: Self.cookie(worker: index % concurrency), limits: ReportLimits()) {
                    await writer.record(report)
                }
                // The first request of each installation writes it: not the "nothing changed" case.
                if index >= concurrency { perRequest.append(LoopbackLoad.microseconds(clock.now - started)) }
            }
            perRequest.sort()

            Terminal.progress(
                "\(name): \(Self.rounds) rounds of \(requests) requests from \(concurrency) workers on loopback, without "
                    + "the middleware, then with it")
            var baselines: [LoopbackLoad.Result] = [], throughMiddleware: [LoopbackLoad.Result] = []
            for _ in 0..<Self.rounds {
                for withMiddleware in [false, true] {
                    let result = try await LoopbackLoad.serving(registry: withMiddleware ? registry : nil, logger: logger) { port in
                        try await LoopbackLoad.run(
                            port: port, requests: requests, concurrency: concurrency, warmUp: 50, cookie: Self.cookie(worker:))
                    }
                    if withMiddleware { throughMiddleware.append(result) } else { baselines.append(result) }
                }
            }
            let baseline = LoopbackLoad.Result.median(of: baselines), loopback = LoopbackLoad.Result.median(of: throughMiddleware)

            Terminal.progress("\(name): \(upserts) durable token upserts, new installations, from \(concurrency) workers")
            let upsertRegistry = TokenRegistry(storage: storage, logger: logger)
            let upsertStart = clock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<concurrency {
                    group.addTask {
                        for index in stride(from: worker, to: upserts, by: concurrency) {
                            try await upsertRegistry.record(InstallationReport(
                                installation: "upsert-\(index)", token: "token-upsert-\(index)-\(UUID().uuidString)",
                                platform: index.isMultiple(of: 2) ? .ios : .android, states: ["camera": .granted]))
                        }
                    }
                }
                try await group.waitForAll()
            }
            let upsertSeconds = LoopbackLoad.seconds(clock.now - upsertStart)

            Terminal.progress("\(name): filling \(pruneRows) stale installations, then pruning them")
            let now = Date()
            let fillStart = clock.now
            try await storage.insertSyntheticInstallations(count: pruneRows, lastSeen: now.addingTimeInterval(-400 * 86_400))
            let fillSeconds = LoopbackLoad.seconds(clock.now - fillStart)
            let pruneStart = clock.now
            let pruned = try await storage.prune(
                lastSeenBefore: now.addingTimeInterval(-30 * 86_400), androidLastSeenBefore: now.addingTimeInterval(-270 * 86_400))
            let pruneSeconds = LoopbackLoad.seconds(clock.now - pruneStart)
            guard pruned == pruneRows else {
                throw CommandFailure("\(name): the prune removed \(pruned) installations, not the \(pruneRows) stale ones")
            }
            var pushFigures: PushQueueBench.Figures?
            if pushes > 0 {
                pushFigures = try await PushQueueBench.measure(
                    storage: storage, name: name, pushes: pushes, queued: queuedSends, sample: min(queuedSends, 20_000),
                    concurrency: pushConcurrency, logger: logger, progress: { Terminal.progress($0) })
            }
            return ServerBenchReport.EngineFigures(
                engine: name,
                middlewareInProcessMedianMicroseconds: LoopbackLoad.percentile(perRequest, 0.5),
                middlewareInProcessP99Microseconds: LoopbackLoad.percentile(perRequest, 0.99),
                baseline: baseline, loopback: loopback,
                middlewareAddedMedianMicroseconds: ((loopback.medianMicroseconds - baseline.medianMicroseconds) * 10).rounded() / 10,
                upsertsPerSecond: (Double(upserts) / upsertSeconds).rounded(),
                pruneRows: pruneRows, pruneSeconds: (pruneSeconds * 1000).rounded() / 1000,
                fillSeconds: (fillSeconds * 1000).rounded() / 1000, pushQueue: pushFigures)
        }
    }
}

/// What `permit bench server` prints.
struct ServerBenchReport: Encodable {
    struct EngineFigures: Encodable {
        var engine: String
        var middlewareInProcessMedianMicroseconds: Double
        var middlewareInProcessP99Microseconds: Double
        /// The loopback server without the middleware (medians of the rounds).
        var baseline: LoopbackLoad.Result
        /// The same server with the middleware (medians of the rounds).
        var loopback: LoopbackLoad.Result
        /// The loopback median with the middleware minus the baseline's: what it adds to a request end to end.
        var middlewareAddedMedianMicroseconds: Double
        var upsertsPerSecond: Double
        var pruneRows: Int
        var pruneSeconds: Double
        /// How long filling the stale rows took (not a goal; shows the prune is not timed on an empty table).
        var fillSeconds: Double
        /// The push queue's figures; `nil` with `--pushes 0`.
        var pushQueue: PushQueueBench.Figures?
    }

    var build: String
    var concurrency: Int
    var rounds: Int
    var engines: [EngineFigures]

    var table: String {
        var rows: [[String]] = [["", "figure", "goal", ""]]
        for figures in engines {
            let e = figures.engine
            rows.append([
                "\(e): loopback, no middleware", String(format: "%.0f req/s, median %.0f µs, p99 %.0f µs",
                    figures.baseline.requestsPerSecond, figures.baseline.medianMicroseconds, figures.baseline.p99Microseconds),
                "", "",
            ])
            rows.append([
                "\(e): middleware in process", String(format: "median %.1f µs, p99 %.1f µs",
                    figures.middlewareInProcessMedianMicroseconds, figures.middlewareInProcessP99Microseconds),
                "< 50 µs", verdict(figures.middlewareInProcessMedianMicroseconds < 50),
            ])
            rows.append([
                "\(e): through the middleware", String(format: "%.0f req/s, median %.0f µs, p99 %.0f µs",
                    figures.loopback.requestsPerSecond, figures.loopback.medianMicroseconds, figures.loopback.p99Microseconds),
                "", "",
            ])
            // End to end, the difference is within the load generator's noise on a busy machine: shown, not judged.
            rows.append([
                "\(e): added to the median request", String(format: "%.1f µs", figures.middlewareAddedMedianMicroseconds),
                "", "",
            ])
            rows.append([
                "\(e): durable token upserts", String(format: "%.0f /s", figures.upsertsPerSecond), ">= 2000 /s",
                verdict(figures.upsertsPerSecond >= 2000),
            ])
            rows.append([
                "\(e): prune \(figures.pruneRows) stale tokens", String(format: "%.2f s", figures.pruneSeconds), "< 5 s",
                verdict(figures.pruneSeconds < 5),
            ])
            if let push = figures.pushQueue {
                rows.append([
                    "\(e): pushes through the queue", String(format: "%.0f /s (%d in %.2f s, %d repeated)",
                        push.pushesPerSecond, push.pushes, push.drainSeconds, push.repeated),
                    ">= 5000 /s", verdict(push.pushesPerSecond >= 5000),
                ])
                rows.append([
                    "\(e): RSS, \(push.queuedSends) sends queued", String(format: "%.0f MB (peak of the run %.0f MB)",
                        push.residentMegabytes, push.peakResidentMegabytes),
                    "< 300 MB", verdict(push.residentMegabytes < 300),
                ])
            }
        }
        return "permit bench server (\(build) build, \(concurrency) workers, \(rounds) loopback rounds)\n" + Terminal.table(rows)
    }
}
