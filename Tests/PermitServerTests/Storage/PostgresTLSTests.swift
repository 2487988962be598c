import Foundation
import HTTPTypes
import Logging
import PermitChildProcess
import PermitServer
import PermitSupport
import PostgresNIO
import Testing

/// TLS to PostgreSQL as `sslmode` says, with the real `permit server` against a scratch PostgreSQL that offers TLS
/// (a certificate made with openssl for the test) or does not.
@Suite(
    .enabled(if: ServerProcess.executable != nil, "the permit tool is not built next to the tests (swift build --build-tests)"),
    .enabled(if: PostgresTestServer.shouldRun, "PostgreSQL is not installed (scripts/setup installs it); skipped outside CI"),
    .serialized)
struct PostgresTLSTests {
    /// `sslmode=require` against a server without TLS: one clear line and exit status 69 at once, not a wait.
    @Test func requireAgainstAServerWithoutTLSEndsTheStartWithOneLine() async throws {
        try await ScratchPostgres.withServer { database in
            let url = "postgres://postgres@127.0.0.1:\(database.port)/postgres?sslmode=require"
            let server = try ServerProcess(["--postgres", url, "--port", "0", "--start-timeout", "20"])
            let took = await server.waitForExit(within: .seconds(10))
            if took == nil { await server.kill9() }
            #expect(took.map { $0 < .seconds(5) } == true, "took \(String(describing: took))")
            #expect(server.exitStatus == 69)
            #expect(server.standardError == "permit server: PostgreSQL at 127.0.0.1:\(database.port) does not offer TLS, which sslmode=require requires (its ssl setting is off)\n")
        }
    }

    /// Against a server with TLS: `require` and `verify-full` (trusting the authority that signed its certificate)
    /// both start, and the pool's connections really are encrypted (PostgreSQL's `pg_stat_ssl` says so);
    /// `verify-full` trusting another authority ends the start with one line saying the certificate was refused.
    @Test func requireAndVerifyFullConnectOverTLSAndAnUntrustedCertificateIsRefused() async throws {
        try await ScratchPostgres.withServer(tls: true) { database in
            let authority = try #require(database.certificateAuthority)
            for (mode, root) in [("require", nil), ("verify-full", authority)] as [(String, String?)] {
                let configuration = try await database.makeDatabase(logger: .quiet)
                let name = configuration.database ?? ""
                var arguments = ["--postgres", "postgres://postgres@127.0.0.1:\(database.port)/\(name)", "--port", "0",
                                 "--postgres-sslmode", mode, "--log-level", "error"]
                if let root { arguments += ["--postgres-sslrootcert", root] }
                let server = try ServerProcess(arguments)
                let port = try #require(await server.listeningPort(within: .seconds(30)), "\(mode): \(server.standardError)")
                #expect(try await HTTPGet.get(port: port, "/readyz").status == 200)
                let encrypted = try await PostgresExecutor.withExecutor(configuration: database.configuration(database: "postgres"), logger: .quiet) { executor in
                    try await executor.rows(SQLStatement(
                        "SELECT CAST(COUNT(*) AS BIGINT) FROM pg_stat_ssl JOIN pg_stat_activity USING (pid) WHERE ssl AND datname = $1",
                        [.text(name)]))
                }
                #expect((encrypted.first?.first?.integer ?? 0) >= 1, "\(mode): no encrypted connection from the server")
                server.send(SIGTERM)
                #expect(await server.waitForExit(within: .seconds(10)) != nil)
            }

            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let stranger = folder.file("stranger-ca.crt")
            try await Self.makeAuthority(at: stranger, key: folder.file("stranger-ca.key"))
            let server = try ServerProcess([
                "--postgres", "postgres://postgres@127.0.0.1:\(database.port)/postgres?sslmode=verify-full&sslrootcert=\(stranger)",
                "--port", "0", "--start-timeout", "20",
            ])
            let took = await server.waitForExit(within: .seconds(10))
            if took == nil { await server.kill9() }
            #expect(server.exitStatus == 69)
            let lines = server.standardError.split(separator: "\n")
            #expect(lines.count == 1, "standard error: \(server.standardError)")
            #expect(lines.first?.hasPrefix("permit server: PostgreSQL at 127.0.0.1:\(database.port): its certificate was not accepted (sslmode=verify-full checks it against the authorities in \(stranger) and the host name)") == true,
                    "standard error: \(server.standardError)")
        }
    }

    /// An `sslmode` Permit does not offer, or a URL parameter it does not read, is a usage error (exit 64) saying
    /// which modes there are, before anything connects.
    @Test(arguments: [
        (["--postgres", "postgres://postgres@127.0.0.1:1/db?sslmode=prefer"], "prefer is not offered: it falls back to no TLS"),
        (["--postgres", "postgres://postgres@127.0.0.1:1/db", "--postgres-sslmode", "verify-ca"], "use verify-full"),
        (["--postgres", "postgres://postgres@127.0.0.1:1/db?sslcert=client.crt"], "may be sslmode and sslrootcert, not sslcert"),
        (["--postgres", "postgres://postgres@127.0.0.1:1/db?sslmode=verify-full&sslrootcert=/no/such/ca.crt"], "cannot read /no/such/ca.crt"),
    ])
    func aModeOrParameterItDoesNotOfferIsAUsageError(arguments: [String], phrase: String) async throws {
        let server = try ServerProcess(arguments + ["--port", "0"])
        #expect(await server.waitForExit(within: .seconds(20)) != nil)
        #expect(server.exitStatus == 64)
        #expect(server.standardError.contains(phrase), "standard error: \(server.standardError)")
    }

    /// A certificate authority of its own, which signed nothing the server presents.
    static func makeAuthority(at certificate: String, key: String) async throws {
        try await ChildProcess.run("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key,
            "-out", certificate, "-days", "2", "-subj", "/CN=Not the server's CA",
        ])
    }
}
