import ArgumentParser
import Foundation
import Logging
import PermitServer
import PostgresNIO

/// Where the server's registry is kept: `permit server`'s and `permit registry`'s `--sqlite` and `--postgres`.
struct RegistryDatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The SQLite file, the default engine (permit server creates it if missing).", valueName: "path"))
    var sqlite = "permit-server.sqlite"

    @Option(name: .long, help: ArgumentHelp("A PostgreSQL URL, postgres://user@host[:port]/database[?sslmode=MODE&sslrootcert=PATH], the password in PGPASSWORD; replaces --sqlite.", valueName: "url"))
    var postgres: String?

    @Option(name: .long, help: ArgumentHelp("TLS to PostgreSQL: disable (the default), require (encrypted, the certificate unchecked) or verify-full (checked against --postgres-sslrootcert and the host); overrides the URL's sslmode.", valueName: "mode"))
    var postgresSslmode: String?

    @Option(name: .long, help: ArgumentHelp("A PEM file of the certificate authorities verify-full trusts (the system's when not given); overrides the URL's sslrootcert.", valueName: "path"))
    var postgresSslrootcert: String?

    /// The engine the options name; a malformed `--postgres` URL or `sslmode` is a usage error.
    func engine() throws -> RegistryEngine {
        try postgres.map { .postgres(try Self.postgresConfiguration($0, tls: try tls())) } ?? .sqlite(path: sqlite)
    }

    /// The TLS of the PostgreSQL connections: the flags, else the URL's `sslmode` and `sslrootcert`, else none.
    func tls() throws -> PostgresTLS {
        let query = postgres.flatMap { URLComponents(string: $0)?.queryItems } ?? []
        let unknown = query.map(\.name).filter { !["sslmode", "sslrootcert"].contains($0) }
        guard unknown.isEmpty else {
            throw ValidationError("--postgres: the URL's parameters may be sslmode and sslrootcert, not \(unknown.joined(separator: ", "))")
        }
        let named = postgresSslmode ?? query.first { $0.name == "sslmode" }?.value ?? "disable"
        let mode: PostgresTLS.Mode
        switch PostgresTLS.mode(named: named) {
        case .success(let parsed): mode = parsed
        case .failure(let error): throw ValidationError("--postgres-sslmode: \(error.detail)")
        }
        let root = postgresSslrootcert ?? query.first { $0.name == "sslrootcert" }?.value
        if let root, !FileManager.default.isReadableFile(atPath: root) {
            throw ValidationError("--postgres-sslrootcert: cannot read \(root)")
        }
        return PostgresTLS(mode: mode, rootCertificatePath: root)
    }

    /// The connection `url` names, its password from `PGPASSWORD` when the URL has none (libpq's convention).
    static func postgresConfiguration(_ url: String, tls: PostgresTLS = PostgresTLS()) throws -> PostgresClient.Configuration {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let host = components.host, !host.isEmpty
        else { throw ValidationError("--postgres must look like postgres://user@host[:port]/database") }
        let database = String(components.path.drop { $0 == "/" })
        return PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
            password: components.password ?? ProcessInfo.processInfo.environment["PGPASSWORD"],
            database: database.isEmpty ? nil : database, tls: tls.client)
    }
}

/// `permit registry`: work on the server's registry directly in its database, with or without a server running.
struct Registry: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Work on the server's registry in its database (SQLite or PostgreSQL).",
        subcommands: [Delete.self])

    /// `permit registry delete`: an installation's data, for a person who asks for it to be erased.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete everything the registry keeps of installations.",
            discussion: """
                Removes each installation's row: its push token, platform, first and last seen, latest \
                permission states and counted days. The daily grant counts, which name no one, stay. A later \
                report of the installation records it anew. Safe while servers run on the same database: a \
                server's cached copy is never written back over a deleted row. A running server also deletes \
                with DELETE /permit/installations/ID and the admin key.

                Prints one line per installation, "deleted ID" or "ID: no such installation"; the exit status is \
                1 when any was not found, 69 when the database cannot be used.
                  permit registry delete 3f2a9c1e-ios --sqlite permit-server.sqlite
                """)

        @Argument(help: ArgumentHelp("The installations' identifiers.", valueName: "installation"))
        var installations: [String]

        @OptionGroup var database: RegistryDatabaseOptions

        @OptionGroup var options: GlobalOptions

        func validate() throws {
            guard !installations.isEmpty else { throw ValidationError("name at least one installation") }
            let limits = ReportLimits()
            if let malformed = installations.first(where: { !limits.isValidInstallation($0) }) {
                throw ValidationError(
                    "not an installation identifier (1 to \(limits.maxInstallationLength) letters, digits and -_.): \(malformed)")
            }
            _ = try database.engine()
            if database.postgres == nil, !FileManager.default.fileExists(atPath: database.sqlite) {
                throw ValidationError("no registry at \(database.sqlite): name the server's file with --sqlite")
            }
        }

        func run() async throws {
            let logger = options.makeLogger()
            let installations = installations
            let missing: Int
            do {
                missing = try await database.engine().withStorage(logger: logger, deadline: .seconds(30), prepareDeadline: .seconds(30)) { storage in
                    var missing = 0
                    for installation in installations {
                        if try await storage.deleteInstallation(installation) {
                            Terminal.line("deleted \(installation)")
                        } else {
                            Terminal.line("\(installation): no such installation")
                            missing += 1
                        }
                    }
                    return missing
                }
            } catch let error as ServerError {
                Terminal.progress("permit registry delete: \(error.detail.isEmpty ? error.summary : error.detail)")
                throw ExitCode(69)
            }
            if missing > 0 { throw ExitCode(1) }
        }
    }
}
