import ArgumentParser
import Foundation
import Logging
import NIOCore
import PermitServer

/// `permit server`: the push-token registry and grant rates, over SQLite or PostgreSQL.
struct Server: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the server side: a push-token registry fed by the app's cookies, pruning, and grant rates.",
        discussion: """
            Every request's FCM_token and p_… cookies are recorded (only what changed is written); native apps \
            POST their reports to /permit/installations with the app key in X-Permit-App-Key. With the admin \
            key (Authorization: Bearer KEY), GET /permit/grant-rates?from=YYYY-MM-DD&through=YYYY-MM-DD returns \
            the daily grant counts per kind (aggregates only: the registry keeps the latest state per \
            installation, never a history), /permit/grant-rates.html shows them as a chart in a browser, which \
            asks for the admin key as the password (any user name), and DELETE /permit/installations/ID deletes \
            what the registry keeps of one installation, which GET /permit/installations/ID shows as JSON. \
            Stale tokens are pruned at start and every hour.

            An app that opts in mirrors its notification settings as eight more cookies next to p_Notification, \
            p_Notification_Alerts, _Sounds, _Badges, _LockScreen, _Center, _Critical, _TimeSensitive and \
            _Summary (yes or no; a native report's "notifications" object says the same): an installation \
            that allows notifications with alerts, sounds, badges, Lock Screen and Notification Center all off \
            is recorded as silent only, and the grant rates count them. It is sent pushes as any other, but \
            shows none, and iOS does not deliver its silent pushes either.

            Push: POST /permit/push (admin key) queues a notification in the registry's database, to the \
            installations whose kind is in a state ({"message": {...}, "kind": "notifications", "state": \
            "granted"}) or to named ones ({"installations": [...]}), and answers its ID; GET /permit/push/ID \
            says how each send ended. permit push queues from the command line. With --fcm-service-account \
            or --apns-key the server drains the queue (several servers on one PostgreSQL share it); without, \
            it only queues.

            A site's own Web Push reaches the app: a bridged page subscribes at /permit/web-push/subscription \
            (its cookies name the installation) and gets a standard PushSubscription whose endpoint, \
            /permit/web-push/push/ID, takes what the site's Web Push library sends (RFC 8030, aes128gcm, VAPID \
            checked against the page's applicationServerKey). The server decrypts it and queues it for the \
            installation's FCM or APNs token: a declarative notification ({"web_push": 8030, ...}) shows as \
            itself, any other payload as --web-push-title. Endpoints are made on the page's origin (Host, and \
            X-Forwarded-Proto behind a proxy), or on --web-push-origin. The server holds the subscriptions' keys \
            and reads every payload.

            Installations prove themselves: the answer to an installation's first native report carries its \
            proof (X-Permit-Installation-Proof, an HMAC with a key the registry's database keeps, shared by a \
            fleet), which the app sends back in its reports and its permit_installation cookie (ID~PROOF). A \
            report with a wrong proof is refused (403, or ignored on the cookie path); one without a proof never \
            replaces a stored token nor changes an installation that has proved itself.

            The two keys come from the environment or from files, never from the command line, where every \
            user of the machine can read them; they must differ, since the app key ships in every app:
              export PERMIT_APP_KEY=… PERMIT_ADMIN_KEY=…
              or: permit server --app-key-file PATH --admin-key-file PATH

            SQLite (the default) keeps everything in one file in WAL mode, for a single server process:
              permit server --sqlite permit-server.sqlite

            PostgreSQL is for a fleet: several permit server processes sharing one database, each behind \
            the load balancer (the password in PGPASSWORD):
              permit server --postgres postgres://permit@db.internal:5432/permit

            The tables are created on start if missing, in either engine.

            When the database fails: a native report is answered 204 only once its write is durable; a write \
            that fails or takes longer than --db-timeout is answered 503 with a one-line reason and Retry-After, \
            and the app sends it again. PostgreSQL's connections are reopened by themselves when the database \
            is back. At start, a database that cannot be reached within --start-timeout, refused credentials or \
            a missing database end the process with one line on standard error and exit status 69. On SIGTERM \
            or SIGINT the server stops accepting connections, finishes the requests in flight, waits for the \
            cookie and forward-auth writes they started (at most --db-timeout, and at most --drain-timeout \
            less --db-timeout less one second; the reports it could not write are logged at error) and exits; \
            if that takes longer than --drain-timeout it logs an error and exits with status 1.

            Slow clients: a connection that sends no part of a request for --idle-timeout is closed (a request's \
            headers sent a byte at a time, a silent socket); a native report's body must arrive within \
            --body-timeout (else 408); at most --max-connections are open, further ones wait until one closes, \
            and reaching the bound is logged at warning.

            Rate limits: one client address may write --writes-per-address a second (bursts of five times as \
            many) and one installation --writes-per-installation (bursts of ten times); only writes count, a \
            request that repeats what is stored is free. A cookie report beyond is not recorded and the site's \
            request goes on; a native report beyond is answered 429 with Retry-After. Behind a reverse proxy, \
            name it with --trusted-proxy so that the client is read from X-Forwarded-For.

            Logs go to standard error at info (--log-level to change), as text or, with --log-format json, as \
            one JSON object per line ("time", "level", "label", "message" and the metadata). The line \
            "permit server listening on http://HOST:PORT" is printed on standard output once the server accepts \
            connections.

            Any site, whatever serves it, feeds the registry through its reverse proxy's forward auth: nginx \
            auth_request, Caddy forward_auth or Traefik forwardAuth calling /permit/forward-auth with the \
            visitor's headers. It answers 204 at once and records the cookies in the background; configure the \
            proxy to serve the page anyway when permit server is down or slow (the "Forward auth and operations" \
            article shows how for each).

            Operations: GET /healthz answers 200 while the process serves; GET /readyz answers 200 when the \
            database answered within --db-timeout, else 503 with the reason; GET /metrics gives the counters in \
            Prometheus' text format (requests, cookie writes and their failures, lost reports, prunes, queued \
            writes). Each request is logged at info, one "request" line with method, path, status and ms \
            (--no-access-log to turn it off).
            """ + "\n\n" + ServerEnvironment.help
    )

    /// How log records are written.
    enum LogFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var database: RegistryDatabaseOptions

    @Option(name: .long, help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0: any free port).")
    var port = 8080

    @Option(name: .long, help: ArgumentHelp("A file holding the key native apps send (PERMIT_APP_KEY when not given). It lets a client report, no more: it ships in every app.", valueName: "path"))
    var appKeyFile: String?

    @Option(name: .long, help: ArgumentHelp("A file holding the operator's key, for the grant rates and deleting installations (PERMIT_ADMIN_KEY when not given); it must differ from the app key.", valueName: "path"))
    var adminKeyFile: String?

    /// The key given on the command line, which 1.0 accepted: refused with a sentence saying why and what instead.
    @Option(name: .long, help: .hidden)
    var appKey: String?

    @Option(name: .long, help: ArgumentHelp("How long a connection may send nothing the server can read (its request's head, a piece of its body) before it is closed.", valueName: "seconds"))
    var idleTimeout: Double = 10

    @Option(name: .long, help: ArgumentHelp("How long a native report's body may take to arrive before the report is answered 408.", valueName: "seconds"))
    var bodyTimeout: Double = 10

    @Option(name: .long, help: ArgumentHelp("Writes a second one client address may make, sustained, with bursts of five times as many (0: no limit). Cookie reports beyond are not recorded (the site's request goes on); native reports get 429.", valueName: "count"))
    var writesPerAddress: Double = 20

    @Option(name: .long, help: ArgumentHelp("Writes a second one installation may make, sustained, with bursts of ten times as many (0: no limit).", valueName: "count"))
    var writesPerInstallation: Double = 2

    @Option(name: .long, help: ArgumentHelp("A proxy's IP address whose X-Forwarded-For names the client (repeat for several); other peers are the client, whatever they claim.", valueName: "address"))
    var trustedProxy: [String] = []

    @Option(name: .long, help: ArgumentHelp("How many connections are open at most; more wait until one closes. Lowered to fit the open-file limit, which is raised as far as the system allows.", valueName: "count"))
    var maxConnections = 1_000

    @Option(name: .long, help: ArgumentHelp("The app's own kinds to count besides the built-in ones, comma-separated; PERMIT_KINDS when not given. Other p_… cookies are the site's own, and ignored.", valueName: "kinds"))
    var kinds: String?

    @Option(name: .long, help: ArgumentHelp("Prune installations unseen for this many days (Android at most 270).", valueName: "days"))
    var staleAfterDays = 30

    @Option(name: .long, help: ArgumentHelp("How long one database call may take before it fails; a native report whose write fails or takes longer is answered 503.", valueName: "seconds"))
    var dbTimeout: Double = 5

    @Option(name: .long, help: ArgumentHelp("How long the start waits for the database to answer before it exits with status 69.", valueName: "seconds"))
    var startTimeout: Double = 30

    @Option(name: .long, help: ArgumentHelp("How long SIGTERM or SIGINT waits for the requests in flight before the process exits anyway (status 1).", valueName: "seconds"))
    var drainTimeout: Double = 10

    @Option(name: .long, help: ArgumentHelp("How log records are written to standard error: text, or json (one object per line).", valueName: "format"))
    var logFormat: LogFormat = .text

    @Flag(inversion: .prefixedNo, help: "Log one line per request at info: method, path, route, status, ms, peer.")
    var accessLog = true

    @OptionGroup(title: "Sending the push queue") var push: PushOptions

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535") }
        guard staleAfterDays > 0 else { throw ValidationError("--stale-after-days must be positive") }
        if appKey != nil {
            throw ValidationError(
                "--app-key is not accepted: a key on the command line can be read by every user of the machine (ps); set PERMIT_APP_KEY or use --app-key-file")
        }
        _ = try secrets()
        guard maxConnections > 0 else { throw ValidationError("--max-connections must be positive") }
        guard writesPerAddress >= 0, writesPerInstallation >= 0 else {
            throw ValidationError("--writes-per-address and --writes-per-installation must be 0 (no limit) or more")
        }
        if let malformed = trustedProxy.first(where: { (try? SocketAddress(ipAddress: $0, port: 0)) == nil }) {
            throw ValidationError("--trusted-proxy must be an IP address: \(malformed)")
        }
        for (name, value) in [
            ("--db-timeout", dbTimeout), ("--start-timeout", startTimeout), ("--drain-timeout", drainTimeout),
            ("--idle-timeout", idleTimeout), ("--body-timeout", bodyTimeout),
        ] {
            guard value > 0, value <= 86_400 else { throw ValidationError("\(name) must be a number of seconds above 0") }
        }
        _ = try database.engine()
    }

    func run() async throws {
        let engine = try database.engine()
        let secrets = try secrets()
        var configuration = PermitServerService.Configuration(
            engine: engine, appKey: secrets.appKey, adminKey: secrets.adminKey)
        configuration.host = host
        configuration.port = port
        configuration.prunePolicy = PrunePolicy(staleAfter: TimeInterval(staleAfterDays) * 86_400)
        let notKinds = configuration.limits.declareKinds(kinds ?? ProcessInfo.processInfo.environment["PERMIT_KINDS"] ?? "")
        guard notKinds.isEmpty else {
            throw ValidationError("--kinds: not a kind identifier (letters and digits, starting lowercase): \(notKinds.joined(separator: ", "))")
        }
        configuration.databaseDeadline = Self.duration(dbTimeout)
        // The stop waits for the requests in flight (each at most --db-timeout), then for the writes they started:
        // both within --drain-timeout, with a second to close the database, or the watchdog ends the process.
        configuration.writesWaitOnStop = Self.duration(max(0, min(dbTimeout, drainTimeout - dbTimeout - 1)))
        configuration.startTimeout = Self.duration(startTimeout)
        configuration.idleTimeout = Self.duration(idleTimeout)
        configuration.bodyDeadline = Self.duration(bodyTimeout)
        configuration.clientLimits.perAddress = RateLimit(perSecond: writesPerAddress, burst: writesPerAddress * 5)
        configuration.clientLimits.perInstallation = RateLimit(perSecond: writesPerInstallation, burst: writesPerInstallation * 10)
        configuration.clientLimits.trustedProxies = Set(trustedProxy)
        configuration.accessLog = accessLog
        configuration.postgresTLS = try database.tls()
        let logger = makeLogger()
        configuration.push = try push.sending(logger: logger)
        configuration.webPushDefault = push.webPushDefault
        configuration.webPushOrigin = try push.webPushOriginChecked()
        configuration.maxConnections = OpenFileLimit.makeRoom(for: maxConnections)
        if configuration.maxConnections < maxConnections {
            logger.warning("the open-file limit leaves room for fewer connections than --max-connections", metadata: [
                "maxConnections": "\(configuration.maxConnections)", "asked": "\(maxConnections)",
            ])
        }
        let watchdog = DrainWatchdog(deadline: Self.duration(drainTimeout), logger: logger)
        defer { watchdog.cancel() }
        let engineName = database.postgres == nil ? "SQLite" : "PostgreSQL"
        do {
            try await PermitServerService(configuration: configuration, logger: logger).run { [host] port in
                Terminal.line("permit server listening on http://\(host):\(port) (\(engineName))")
            }
        } catch let error as ServerError
            where [ServerError.storageUnreachable, .storageTimedOut, .storageUnavailable, .storageFailed].contains(error)
        {
            // One line, for a person or a supervisor reading the service's log: what failed and why.
            Terminal.progress("permit server: \(error.detail.isEmpty ? error.summary : error.detail)")
            throw ExitCode(69)  // EX_UNAVAILABLE
        }
    }

    private func secrets() throws -> ServerSecrets {
        try ServerSecrets.read(
            appKeyFile: appKeyFile, adminKeyFile: adminKeyFile, environment: ProcessInfo.processInfo.environment)
    }

    /// The server's logger: info unless --log-level says otherwise (other commands log nothing by default),
    /// text or JSON lines on standard error.
    private func makeLogger() -> Logger {
        let format = logFormat
        var logger = Logger(label: "permit.server") { label in
            switch format {
            case .text: StreamLogHandler.standardError(label: label)
            case .json: JSONLogHandler(label: label)
            }
        }
        logger.logLevel = options.logLevel?.level ?? .info
        return logger
    }

    private static func duration(_ seconds: Double) -> Duration { .milliseconds(Int((seconds * 1000).rounded())) }
}
