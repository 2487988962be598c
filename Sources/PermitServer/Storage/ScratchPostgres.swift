package import Foundation
package import Logging
import Permit
package import PostgresNIO
import PermitChildProcess
import PermitSupport

/// A real PostgreSQL from Debian's package, started for a test suite or a benchmark: its own data folder in a
/// temporary directory, a loopback port, run as the `postgres` user when the process runs as root (PostgreSQL
/// refuses root), stopped and deleted at the end. Never a server anyone else uses.
package final class ScratchPostgres: Sendable {

    /// The folder of PostgreSQL's programs (`initdb`, `pg_ctl`), or `nil` when PostgreSQL is not installed.
    package static let binaries: URL? = {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return versions.compactMap(Int.init).sorted().reversed()
            .map { root.appendingPathComponent("\($0)/bin") }
            .first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("initdb").path) }
    }()

    /// The loopback port it listens on.
    package let port: Int
    private let folder: URL
    private let durable: Bool
    /// The `postgres` user's password over TCP, or `nil` when every connection is trusted.
    package let password: String?
    /// With TLS on: the PEM file of the certificate authority that signed the server's certificate (for
    /// `127.0.0.1` and `localhost`), for `verify-full`; `nil` when the server offers no TLS.
    package let certificateAuthority: String?
    private let serial = SerialGate()
    private let counter = Locked(0)

    private init(port: Int, folder: URL, durable: Bool, password: String?, certificateAuthority: String?) {
        self.port = port
        self.folder = folder
        self.durable = durable
        self.password = password
        self.certificateAuthority = certificateAuthority
    }

    /// Starts a server (see ``start(durable:)``), runs `body` with it, and stops it whether `body` returns or
    /// throws.
    package static func withServer<Value: Sendable>(
        durable: Bool = false, password: String? = nil, tls: Bool = false, _ body: (ScratchPostgres) async throws -> Value
    ) async throws -> Value {
        let server = try await start(durable: durable, password: password, tls: tls)
        do {
            let value = try await body(server)
            await server.stop()
            return value
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Initializes a cluster in a new temporary folder and starts it on a free loopback port.
    ///
    /// `initdb` and `pg_ctl` take seconds, and waiting for them blocks a thread: they run through
    /// `BlockingWork`, not on one of the few threads Swift's tasks share (blocking two of them, on a 2-core
    /// machine, stalled every other task of a test run for seconds).
    ///
    /// - Parameters:
    ///   - durable: whether commits wait for the disk (`fsync`); tests turn it off for speed, the
    ///     benchmark keeps it on, as a production server does.
    ///   - password: when given, connections over TCP must give it (SCRAM), as a production server's do;
    ///     otherwise every connection is trusted.
    ///   - tls: whether the server offers TLS (`ssl=on`), with a certificate for `127.0.0.1` and `localhost`
    ///     signed by a certificate authority made for it with `openssl` (``certificateAuthority``).
    package static func start(durable: Bool = false, password: String? = nil, tls: Bool = false) async throws -> ScratchPostgres {
        try await BlockingWork.run(named: "permit.postgres") { try startBlocking(durable: durable, password: password, tls: tls) }
    }

    /// Stops the server and deletes its folder, waiting through `BlockingWork` as ``start(durable:)`` does.
    package func stop() async {
        await BlockingWork.run(named: "permit.postgres") { [self] in stopBlocking() }
    }

    private static func startBlocking(durable: Bool, password: String?, tls: Bool) throws -> ScratchPostgres {
        guard let binaries else {
            throw ServerError.storageFailed.withDetail("PostgreSQL is not installed: run scripts/setup")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let asRoot = getuid() == 0
        if asRoot { try run("/bin/chown", ["postgres:", folder.path], asPostgres: false) }
        let data = folder.appendingPathComponent("data").path
        var authentication = ["-A", "trust"]
        if let password {
            let file = folder.appendingPathComponent("password")
            try Data(password.utf8).write(to: file)
            authentication = ["--auth-local=trust", "--auth-host=scram-sha-256", "--pwfile=\(file.path)"]
        }
        try run(binaries.appendingPathComponent("initdb").path,
                ["-D", data] + authentication + ["-U", "postgres", "-E", "UTF8", "--no-sync"], asPostgres: asRoot)
        let certificateAuthority = tls ? try makeCertificates(in: folder, asRoot: asRoot) : nil
        var lastError: (any Error)?
        for _ in 0..<5 {
            // A random port below Linux's ephemeral range (32768 and up), so that no client's socket takes it,
            // even while ``halt()`` has it free: a port derived from the process id was the same first choice
            // for every scratch server of one test process, so that the second one's first start always
            // failed, and a server started during another's halt could take its port.
            let port = Int.random(in: 20_000..<32_000)
            do {
                let server = ScratchPostgres(
                    port: port, folder: folder, durable: durable, password: password, certificateAuthority: certificateAuthority)
                try server.startCluster()
                return server
            } catch {
                lastError = error
            }
        }
        throw lastError ?? ServerError.storageFailed.withDetail("PostgreSQL did not start")
    }

    private func stopBlocking() {
        try? stopCluster()
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: - Outages

    /// Stops the server at once, as a crash would (`pg_ctl stop -m immediate`: every connection is dropped,
    /// nothing is flushed), keeping its data folder, so that ``resume()`` brings it back on the same port: how a
    /// test causes a real database outage.
    package func halt() async throws {
        try await BlockingWork.run(named: "permit.postgres") { [self] in try stopCluster() }
    }

    /// Starts the server ``halt()`` stopped, on the same port with the same data; returns once it accepts
    /// connections (after its crash recovery).
    package func resume() async throws {
        try await BlockingWork.run(named: "permit.postgres") { [self] in try startCluster() }
    }

    private func startCluster() throws {
        guard let binaries = Self.binaries else {
            throw ServerError.storageFailed.withDetail("PostgreSQL is not installed: run scripts/setup")
        }
        try Self.run(binaries.appendingPathComponent("pg_ctl").path, [
            "-D", folder.appendingPathComponent("data").path, "-l", folder.appendingPathComponent("log").path,
            "-w", "-t", "60",
            "-o", "-c listen_addresses=127.0.0.1 -p \(port) -k \(folder.path) -c fsync=\(durable ? "on" : "off")" + sslOptions, "start",
        ], asPostgres: getuid() == 0)
    }

    /// PostgreSQL's TLS settings: its certificate and key, when the server offers TLS.
    private var sslOptions: String {
        guard certificateAuthority != nil else { return "" }
        return " -c ssl=on -c ssl_cert_file=\(folder.path)/tls/server.crt -c ssl_key_file=\(folder.path)/tls/server.key"
    }

    /// Makes a certificate authority and a server certificate it signs (P-256, two days) in `folder/tls`, the key
    /// readable by the server alone, as PostgreSQL demands; returns the authority's certificate file.
    private static func makeCertificates(in folder: URL, asRoot: Bool) throws -> String {
        let tls = folder.appendingPathComponent("tls")
        try FileManager.default.createDirectory(at: tls, withIntermediateDirectories: true)
        let path = tls.path
        try Data("subjectAltName=IP:127.0.0.1,DNS:localhost\n".utf8).write(to: tls.appendingPathComponent("san.ext"))
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try run("/usr/bin/openssl", ["req", "-x509"] + key + [
            "-keyout", "\(path)/ca.key", "-out", "\(path)/ca.crt", "-days", "2", "-subj", "/CN=Permit scratch CA",
        ], asPostgres: false)
        try run("/usr/bin/openssl", ["req"] + key + [
            "-keyout", "\(path)/server.key", "-out", "\(path)/server.csr", "-subj", "/CN=127.0.0.1",
        ], asPostgres: false)
        try run("/usr/bin/openssl", [
            "x509", "-req", "-in", "\(path)/server.csr", "-CA", "\(path)/ca.crt", "-CAkey", "\(path)/ca.key",
            "-CAcreateserial", "-out", "\(path)/server.crt", "-days", "2", "-extfile", "\(path)/san.ext",
        ], asPostgres: false)
        try run("/bin/chmod", ["600", "\(path)/server.key"], asPostgres: false)
        if asRoot { try run("/bin/chown", ["-R", "postgres:", path], asPostgres: false) }
        return "\(path)/ca.crt"
    }

    private func stopCluster() throws {
        guard let binaries = Self.binaries else { return }
        try Self.run(binaries.appendingPathComponent("pg_ctl").path, [
            "-D", folder.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop",
        ], asPostgres: getuid() == 0)
    }

    /// The configuration of `database` on this server.
    package func configuration(database: String) -> PostgresClient.Configuration {
        PostgresClient.Configuration(
            host: "127.0.0.1", port: port, username: "postgres", password: password, database: database, tls: .disable)
    }

    /// Creates a new, empty database and returns its configuration (one at a time: PostgreSQL refuses
    /// concurrent copies of its template).
    package func makeDatabase(logger: Logger) async throws -> PostgresClient.Configuration {
        let name = "permit_\(counter.withLock { count in count += 1; return count })"
        try await serial.run {
            try await PostgresExecutor.withExecutor(
            configuration: configuration(database: "postgres"), logger: logger
        ) { executor in
            // The name is made here of a fixed prefix and a number: identifiers cannot be bound.
                _ = try await executor.rows(SQLStatement("CREATE DATABASE \(name)"))
            }
        }
        return configuration(database: name)
    }

    /// Runs `program` to its end, as the postgres user when `asPostgres`, on the calling thread (a thread of its
    /// own: see ``start(durable:password:tls:)``). The child inherits no descriptor but /dev/null on 0-2: the
    /// server pg_ctl leaves running must hold nothing of this process's.
    private static func run(_ program: String, _ arguments: [String], asPostgres: Bool) throws {
        let command = asPostgres ? ["-u", "postgres", "--", program] + arguments : arguments
        let termination: ChildProcess.Termination
        do {
            termination = try ChildProcess(asPostgres ? "/usr/sbin/runuser" : program, command).waitBlocking()
        } catch {
            throw ServerError.storageFailed.withDetail(error.description)
        }
        guard termination == .exited(0) else {
            throw ServerError.storageFailed.withDetail("\((program as NSString).lastPathComponent) ended with \(termination)")
        }
    }
}
