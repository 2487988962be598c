package import Logging
package import PostgresNIO

extension PostgresExecutor {
    /// Connects once, outside the pool, and says why that fails: the server's check at start, so that an
    /// unreachable database, refused credentials or a missing database end the process with one clear line
    /// instead of a pool that waits (a wrong password) or gives up a minute later (an unreachable host).
    ///
    /// While the database cannot be reached, or answers that it is starting, the check tries again every half
    /// second until `limit`; a refusal (credentials, database name) fails at once, since trying again cannot
    /// help. Every failure is ``ServerError/storageUnreachable``, its detail one sentence without the password.
    ///
    /// The check connects with `tls`, which must be what the pool's configuration says (``PostgresTLS/client``).
    /// A server that offers no TLS when `tls` requires it, and a certificate that `verify-full` refuses, fail at
    /// once, with a sentence saying so.
    package static func checkConnection(
        _ configuration: PostgresClient.Configuration, tls: PostgresTLS = PostgresTLS(), within limit: Duration,
        logger: Logger
    ) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        let target = Self.describe(configuration)
        let connection = Self.connectionConfiguration(configuration, tls: try tls.connection())
        var reason = "no answer"
        while true {
            let remaining = clock.now.duration(to: deadline)
            do {
                let opened = try await Deadline.run(within: remaining, "connecting") {
                    try await PostgresConnection.connect(configuration: connection, id: 0, logger: logger)
                }
                try? await opened.close()
                return
            } catch let error as PSQLError where error.code == .server {
                let state = error.serverInfo?[.sqlState] ?? ""
                let message = error.serverInfo?[.message] ?? "no message"
                switch state {
                case "28P01", "28000":
                    throw ServerError.storageUnreachable.withDetail(
                        "PostgreSQL at \(target) refused the credentials of user \"\(configuration.username)\": \(message)")
                case "3D000":
                    throw ServerError.storageUnreachable.withDetail(
                        "PostgreSQL at \(target) has no database \"\(configuration.database ?? configuration.username)\"")
                case "57P03":  // cannot_connect_now: starting up or shutting down
                    reason = message
                default:
                    throw ServerError.storageUnreachable.withDetail(
                        "PostgreSQL at \(target) refused the connection: \(message) (SQLSTATE \(state))")
                }
            } catch let error as PSQLError {
                if let refusal = Self.tlsRefusal(error, tls: tls, target: target) { throw refusal }
                reason = error.underlying.map { "\($0)" } ?? "\(error.code)"
            } catch let error as ServerError {
                reason = error.detail
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                reason = "\(error)"
            }
            guard clock.now.advanced(by: .milliseconds(500)) < deadline else {
                throw ServerError.storageUnreachable.withDetail(
                    "cannot reach PostgreSQL at \(target) within \(limit): \(reason)")
            }
            try await Task.sleep(for: .milliseconds(500))
        }
    }

    /// `host:port` or the socket path, for messages.
    static func describe(_ configuration: PostgresClient.Configuration) -> String {
        if let path = configuration.unixSocketPath { return path }
        return "\(configuration.host ?? "localhost"):\(configuration.port ?? 5432)"
    }

    private static func connectionConfiguration(
        _ configuration: PostgresClient.Configuration, tls: PostgresConnection.Configuration.TLS
    ) -> PostgresConnection.Configuration {
        if let path = configuration.unixSocketPath {
            return PostgresConnection.Configuration(
                unixSocketPath: path, username: configuration.username, password: configuration.password,
                database: configuration.database)
        }
        return PostgresConnection.Configuration(
            host: configuration.host ?? "localhost", port: configuration.port ?? 5432, username: configuration.username,
            password: configuration.password, database: configuration.database, tls: tls)
    }

    /// The start's error for a connection that failed because of TLS, which trying again cannot mend; `nil` for
    /// another failure.
    private static func tlsRefusal(_ error: PSQLError, tls: PostgresTLS, target: String) -> ServerError? {
        if error.code == .sslUnsupported {
            return ServerError.storageUnreachable.withDetail(
                "PostgreSQL at \(target) does not offer TLS, which sslmode=\(tls.mode.rawValue) requires (its ssl setting is off)")
        }
        guard tls.mode != .disable, let underlying = error.underlying,
            underlying is NIOSSLError || underlying is NIOSSLExtraError || underlying is BoringSSLError
        else { return nil }
        let check = tls.mode == .verifyFull
            ? "its certificate was not accepted (sslmode=verify-full checks it against \(tls.rootCertificatePath.map { "the authorities in \($0)" } ?? "the system's authorities") and the host name)"
            : "the TLS handshake failed (sslmode=require)"
        return ServerError.storageUnreachable.withDetail("PostgreSQL at \(target): \(check): \(underlying)")
    }
}
