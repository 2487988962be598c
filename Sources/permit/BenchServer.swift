import ArgumentParser
import Foundation
import Logging
import PermitServer
import PostgresNIO

/// `permit bench server`: the server side on SQLite and on PostgreSQL, in one run.
struct BenchServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Benchmark the server side on SQLite and PostgreSQL: requests, durable upserts, pruning, pushes.",
        discussion: """
            For each engine (SQLite in a temporary file; PostgreSQL started from Debian's package in a temporary \
            folder on a loopback port, with fsync on, as in production, or the database of --postgres), this \
            command starts `permit server` as a child process on a free loopback port (rate limits off, since \
            every request comes from 127.0.0.1; logging at warning) and is its load generator, over HTTP/1.1 \
            from --concurrency kept-alive connections. It measures, with requests a second, median and p99:
              - GET / without cookies (the middleware has nothing to do: the baseline) and with the cookies of \
            --concurrency installations that change nothing (cache hits), in alternating rounds;
              - GET / with a new installation's cookies on every request (cache misses: each is written, \
            and the request waits for its write 100 ms at most);
              - durable upserts: native reports of new installations (POST /permit/installations), each \
            answered 204 only once its write is durable; the server commits the writes that wait together in \
            one transaction (group commit), and each commit waits for the disk (SQLite: WAL with \
            synchronous=FULL; PostgreSQL: fsync and synchronous_commit, read back from the server and printed) \
            (goal: at least 2,000 a second);
              - new tokens: the same installations reporting a new token with their proof, durable too.
            Then the forward-auth path: a real nginx (from Debian's package; scripts/setup installs it) started \
            in front of a static page, configured as the server article shows (auth_request to the server's \
            /permit/forward-auth over kept-alive connections, failing open; one worker), measured the same \
            way: the page through nginx without forward auth (the baseline), with forward auth and cookies \
            that change nothing, and with a new installation's cookies on every request; once the server has \
            stopped, the registry is read to count how many of those installations were recorded, and nginx's \
            error lines are counted. --no-nginx skips it.
            Then, in this process on the same database: the middleware's own work for a request that changes \
            nothing (goal: under 50 microseconds), the time to prune 1,000,000 stale tokens (goal: under 5 \
            seconds), pushes a second through the durable queue to fake FCM (Android) and APNs (iOS) on \
            loopback, queued in one transaction and drained by one worker (goal: at least 5,000 a second), and \
            the resident memory with 1,000,000 sends queued, after draining some (goal: under 300 MB).
            The load generator and the server share the machine's cores. Build with -c release (scripts/bench \
            server). SIGINT or SIGTERM stops the server child and the PostgreSQL this command started, removes \
            their folders and exits (130 or 143); a second signal ends it at once.
            """
    )

    enum Engine: String, ExpressibleByArgument, CaseIterable, Sendable {
        case sqlite, postgres
    }

    @Option(name: .long, help: "An engine to measure, sqlite or postgres; repeat for both (the default).")
    var engine: [Engine] = Engine.allCases

    @Option(name: .long, help: "Requests of each GET round, for each engine.")
    var requests = 20_000

    @Option(name: .long, help: "Connections of the load generator, each sending one request at a time.")
    var concurrency = 32

    @Option(name: .long, help: "New installations reported in each upsert round, for each engine.")
    var upserts = 4_000

    @Option(name: .customLong("prune-rows"), help: "Stale installations pruned, for each engine.")
    var pruneRows = 1_000_000

    @Option(name: .long, help: "Pushes drained through the queue, for each engine (0: skip the push figures).")
    var pushes = 20_000

    @Option(name: .customLong("queued-sends"), help: "Sends queued for the memory figure, for each engine.")
    var queuedSends = 1_000_000

    @Option(name: .customLong("push-concurrency"), help: "Sends in flight at once, for the push figures.")
    var pushConcurrency = 64

    @Option(name: .long, help: ArgumentHelp("A PostgreSQL database to measure instead of a scratch server, postgres://user@host[:port]/database (the password in PGPASSWORD); the benchmark writes to it.", valueName: "url"))
    var postgres: String?

    @Option(name: .customLong("server-executable"), help: ArgumentHelp("The permit tool run as the server (this one when not given), to compare two builds with one load generator.", valueName: "path"))
    var serverExecutable: String?

    @Flag(name: .customLong("no-nginx"), help: "Skip the forward-auth figures through nginx (nginx need not be installed).")
    var noNginx = false

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
        if let postgres { _ = try RegistryDatabaseOptions.postgresConfiguration(postgres) }
        if let serverExecutable, !FileManager.default.isExecutableFile(atPath: serverExecutable) {
            throw ValidationError("--server-executable: not an executable file: \(serverExecutable)")
        }
    }

    func run() async throws {
        let command = self
        try await cancellingOnSignals { try await command.measureEngines() }
    }

    /// Measures each engine and prints the report.
    private func measureEngines() async throws {
        let logger = options.makeLogger()
        if engine.contains(.postgres), postgres == nil, ScratchPostgres.binaries == nil {
            throw CommandFailure("PostgreSQL is not installed: run scripts/setup, or pass --engine sqlite")
        }
        if !noNginx, NginxProcess.executable == nil {
            throw CommandFailure("nginx is not installed: run scripts/setup, or pass --no-nginx")
        }
        var engines: [ServerBenchReport.EngineFigures] = []
        for engine in self.engine {
            engines.append(try await measure(engine, logger: logger))
        }
        let report = ServerBenchReport(
            build: buildConfiguration, concurrency: concurrency, rounds: Self.rounds, engines: engines)
        if json { try printJSON(report) } else { print(report.table) }
    }

    /// Rounds of each HTTP figure; the medians of the rounds are reported.
    static let rounds = 3

    private func measure(_ engine: Engine, logger: Logger) async throws -> ServerBenchReport.EngineFigures {
        try await withTemporaryFolder(named: "server") { folder in
            switch engine {
            case .sqlite:
                let path = folder.appendingPathComponent("registry.sqlite").path
                return try await measure(
                    .sqlite(path: path), database: ["--sqlite", path], name: "sqlite",
                    durability: "WAL, synchronous=FULL (set by the server on its connection): each commit fsyncs the WAL",
                    folder: folder, logger: logger)
            case .postgres:
                if let postgres {
                    let configuration = try RegistryDatabaseOptions.postgresConfiguration(postgres)
                    return try await measure(
                        .postgres(configuration), database: ["--postgres", postgres], name: "postgres",
                        durability: try await Self.durability(configuration, logger: logger), folder: folder, logger: logger)
                }
                Terminal.progress("postgres: starting a scratch PostgreSQL (fsync on)")
                return try await ScratchPostgres.withServer(durable: true) { server in
                    let configuration = try await server.makeDatabase(logger: logger)
                    let url = "postgres://postgres@127.0.0.1:\(server.port)/\(configuration.database ?? "postgres")"
                    return try await measure(
                        .postgres(configuration), database: ["--postgres", url], name: "postgres",
                        durability: try await Self.durability(configuration, logger: logger), folder: folder, logger: logger)
                }
            }
        }
    }

    /// PostgreSQL's own word on whether a commit waits for the disk.
    private static func durability(_ configuration: PostgresClient.Configuration, logger: Logger) async throws -> String {
        try await PostgresExecutor.withExecutor(configuration: configuration, logger: logger) { executor in
            var settings: [String] = []
            for name in ["fsync", "synchronous_commit", "wal_sync_method", "full_page_writes"] {
                let value = try await executor.rows(SQLStatement("SHOW \(name)")).first?.first?.text ?? "?"
                settings.append("\(name)=\(value)")
            }
            return settings.joined(separator: ", ") + " (SHOW, on the server)"
        }
    }

    private func measure(
        _ registryEngine: RegistryEngine, database: [String], name: String, durability: String, folder: URL, logger: Logger
    ) async throws -> ServerBenchReport.EngineFigures {
        let (requests, concurrency, pruneRows) = (self.requests, self.concurrency, self.pruneRows)
        let (pushes, queuedSends, pushConcurrency) = (self.pushes, self.queuedSends, self.pushConcurrency)
        let withNginx = !noNginx
        let (http, forwardAuth) = try await BenchServerChild.with(
            executable: serverExecutable ?? BenchServerChild.ownExecutable, database: database, folder: folder, index: 0
        ) { child in
            let load = ServerLoad(
                port: child.port, appKey: BenchServerChild.appKey, requests: requests, concurrency: concurrency, upserts: self.upserts,
                rounds: Self.rounds)
            let http = try await load.measure(name: name, progress: { Terminal.progress($0) })
            guard withNginx else { return (http, (ForwardAuthFigures, [String])?.none) }
            Terminal.progress("\(name): starting nginx in front of the server")
            // Each visit holds two of nginx's connections: the visitor's, and its auth request's. A generous auth
            // timeout: an auth request that timed out would serve the page and skip the write, which the count of
            // recorded installations and of nginx's error lines would then show, rather than a slow figure.
            return try await NginxProcess.with(permitPort: child.port, authTimeout: 10, connections: 2 * concurrency + 64) { nginx in
                let figures = try await load.measureForwardAuth(through: nginx, name: name, progress: { Terminal.progress($0) })
                return (http, Optional((figures, load.forwardAuthMisses)))
            }
        }
        return try await registryEngine.withStorage(logger: logger) { storage in
            var forwardAuthFigures: ForwardAuthFigures?
            if let (figures, misses) = forwardAuth {
                // The server has stopped, after giving the writes it started time to land: count what it recorded.
                forwardAuthFigures = figures
                forwardAuthFigures?.missesRecorded = try await storage.records(installations: misses).count
            }
            let clock = ContinuousClock()
            Terminal.progress("\(name): the middleware's work in process, \(requests) requests that change nothing")
            let writer = CookieWriter(registry: TokenRegistry(storage: storage, logger: logger), logger: logger)
            // The writer runs beside the requests, as in the server; its writes get their last chance before it stops.
            var perRequest = await withTaskGroup(of: Void.self) { group in
                group.addTask { await writer.run() }
                var perRequest: [Double] = []
                perRequest.reserveCapacity(requests)
                for index in 0..<(requests + concurrency) {
                    let started = clock.now
                    // What the middleware does with a request's cookies.
                    if let report = CookieReport.parse(header: ServerLoad.cookie("inprocess", index % concurrency), limits: ReportLimits()) {
                        await writer.record(report)
                    }
                    // The first request of each installation writes it: not the "nothing changed" case.
                    if index >= concurrency { perRequest.append(LoopbackLoad.microseconds(clock.now - started)) }
                }
                _ = await writer.finish(within: .seconds(5))
                group.cancelAll()
                return perRequest
            }
            perRequest.sort()

            Terminal.progress("\(name): filling \(pruneRows) stale installations, then pruning them")
            let now = Date()
            let fillStart = clock.now
            try await storage.insertSyntheticInstallations(count: pruneRows, lastSeen: now.addingTimeInterval(-400 * 86_400))
            let fillSeconds = LoopbackLoad.seconds(clock.now - fillStart)
            let pruneStart = clock.now
            let pruned = try await storage.prune(
                lastSeenBefore: now.addingTimeInterval(-30 * 86_400), androidLastSeenBefore: now.addingTimeInterval(-270 * 86_400))
            let pruneSeconds = LoopbackLoad.seconds(clock.now - pruneStart)
            guard pruned >= pruneRows else {
                throw CommandFailure("\(name): the prune removed \(pruned) installations, fewer than the \(pruneRows) stale ones")
            }
            var pushFigures: PushQueueBench.Figures?
            if pushes > 0 {
                pushFigures = try await PushQueueBench.measure(
                    storage: storage, name: name, pushes: pushes, queued: queuedSends, sample: min(queuedSends, 20_000),
                    concurrency: pushConcurrency, logger: logger, progress: { Terminal.progress($0) })
            }
            return ServerBenchReport.EngineFigures(
                engine: name, durability: durability, http: http, forwardAuth: forwardAuthFigures,
                middlewareInProcessMedianMicroseconds: LoopbackLoad.percentile(perRequest, 0.5),
                middlewareInProcessP99Microseconds: LoopbackLoad.percentile(perRequest, 0.99),
                pruneRows: pruneRows, pruneSeconds: (pruneSeconds * 1000).rounded() / 1000,
                fillSeconds: (fillSeconds * 1000).rounded() / 1000, pushQueue: pushFigures)
        }
    }
}
