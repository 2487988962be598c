import ArgumentParser
import Foundation
import Logging
import PermitServer
import PostgresNIO

/// `permit server`: the push-token registry and grant rates, over SQLite or PostgreSQL.
struct Server: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the server side: a push-token registry fed by the app's cookies, pruning, and grant rates.",
        discussion: """
            Every request's FCM_token and p_… cookies are recorded (only what changed is written); native apps \
            POST their reports to /permit/installations with the app key in X-Permit-App-Key; \
            GET /permit/grant-rates?from=YYYY-MM-DD&through=YYYY-MM-DD returns the daily grant counts per kind \
            (aggregates only: the registry keeps the latest state per installation, never a history), and \
            /permit/grant-rates.html shows them as a chart in a browser, which asks for the app key as the \
            password (any user name). Stale tokens are pruned at start and every hour.

            SQLite (the default) keeps everything in one file in WAL mode, for a single server process:
              permit server --sqlite permit-server.sqlite --app-key "$KEY"

            PostgreSQL is for a fleet: several permit server processes sharing one database, each behind \
            the load balancer:
              permit server --postgres postgres://permit:secret@db.internal:5432/permit --app-key "$KEY"

            The tables are created on start if missing, in either engine.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The SQLite file (created if missing); the default engine.", valueName: "path"))
    var sqlite = "permit-server.sqlite"

    @Option(name: .long, help: ArgumentHelp("A PostgreSQL URL, postgres://user[:password]@host[:port]/database; replaces --sqlite.", valueName: "url"))
    var postgres: String?

    @Option(name: .long, help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0: any free port).")
    var port = 8080

    @Option(name: .long, help: ArgumentHelp("The key native apps send; PERMIT_APP_KEY when not given.", valueName: "key"))
    var appKey: String?

    @Option(name: .long, help: ArgumentHelp("The app's own kinds to count besides the built-in ones, comma-separated; PERMIT_KINDS when not given. Other p_… cookies are the site's own, and ignored.", valueName: "kinds"))
    var kinds: String?

    @Option(name: .long, help: ArgumentHelp("Prune installations unseen for this many days (Android at most 270).", valueName: "days"))
    var staleAfterDays = 30

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535") }
        guard staleAfterDays > 0 else { throw ValidationError("--stale-after-days must be positive") }
        if let postgres { _ = try Self.postgresConfiguration(postgres) }
    }

    func run() async throws {
        let engine: RegistryEngine = try postgres.map { .postgres(try Self.postgresConfiguration($0)) } ?? .sqlite(path: sqlite)
        var configuration = PermitServerService.Configuration(
            engine: engine, appKey: appKey ?? ProcessInfo.processInfo.environment["PERMIT_APP_KEY"] ?? "")
        configuration.host = host
        configuration.port = port
        configuration.prunePolicy = PrunePolicy(staleAfter: TimeInterval(staleAfterDays) * 86_400)
        let notKinds = configuration.limits.declareKinds(kinds ?? ProcessInfo.processInfo.environment["PERMIT_KINDS"] ?? "")
        guard notKinds.isEmpty else {
            throw ValidationError("--kinds: not a kind identifier (letters and digits, starting lowercase): \(notKinds.joined(separator: ", "))")
        }
        let logger = options.makeLogger()
        try await PermitServerService(configuration: configuration, logger: logger).run { port in
            print("permit server listening on http://\(host):\(port) (\(postgres == nil ? "SQLite" : "PostgreSQL"))")
        }
    }

    static func postgresConfiguration(_ url: String) throws -> PostgresClient.Configuration {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let host = components.host, !host.isEmpty
        else { throw ValidationError("--postgres must look like postgres://user[:password]@host[:port]/database") }
        let database = String(components.path.drop { $0 == "/" })
        return PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
            password: components.password, database: database.isEmpty ? nil : database, tls: .disable)
    }
}
