package import PostgresNIO

/// How the server's connections to PostgreSQL are secured: three of libpq's `sslmode`s, from a connection URL's
/// `sslmode` and `sslrootcert` or from `permit server`'s flags.
///
/// - `disable`: no TLS (the default, as before: a database on the same host or a private network).
/// - `require`: TLS, without checking the server's certificate: an eavesdropper learns nothing, but an active
///   attacker in the path can pose as the server. A server that does not offer TLS is refused.
/// - `verify-full`: TLS, with the certificate checked against the trusted roots (`sslrootcert`, a PEM file,
///   else the system's) and the host name or IP address the URL names: what a database across a network needs.
///
/// libpq's default, `prefer` (TLS when offered, silently none otherwise), and `verify-ca` (the chain without the
/// name) are not offered: the first protects against nothing that a silent downgrade does not undo, the second
/// lets any certificate of the same authority pose as the server.
package struct PostgresTLS: Sendable, Hashable {
    /// The `sslmode` values Permit takes.
    package enum Mode: String, Sendable, CaseIterable {
        /// No TLS.
        case disable
        /// TLS, the certificate unchecked.
        case require
        /// TLS, the certificate checked against the trusted roots and the host.
        case verifyFull = "verify-full"
    }

    /// The mode.
    package var mode: Mode
    /// A PEM file of the certificate authorities `verify-full` trusts (libpq's `sslrootcert`); `nil` trusts the
    /// system's.
    package var rootCertificatePath: String?

    /// No TLS.
    package init(mode: Mode = .disable, rootCertificatePath: String? = nil) {
        self.mode = mode
        self.rootCertificatePath = rootCertificatePath
    }

    /// The mode `text` names (`disable`, `require`, `verify-full`), or the error to show, a sentence naming those.
    package static func mode(named text: String) -> Result<Mode, ServerError> {
        if let mode = Mode(rawValue: text) { return .success(mode) }
        let offered = Mode.allCases.map(\.rawValue).joined(separator: ", ")
        let why = switch text {
        case "prefer", "allow": " (\(text) is not offered: it falls back to no TLS without a word)"
        case "verify-ca": " (verify-ca is not offered: it does not check the host name; use verify-full)"
        default: ""
        }
        return .failure(ServerError.badRequest.withDetail("sslmode must be one of \(offered)\(why), not \"\(text)\""))
    }

    /// NIOSSL's configuration for the mode, `nil` for `disable`.
    package var configuration: TLSConfiguration? {
        switch mode {
        case .disable:
            return nil
        case .require:
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = .none
            return configuration
        case .verifyFull:
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = .fullVerification
            if let rootCertificatePath { configuration.trustRoots = .file(rootCertificatePath) }
            return configuration
        }
    }

    /// The pool's TLS setting.
    package var client: PostgresClient.Configuration.TLS {
        configuration.map { .require($0) } ?? .disable
    }

    /// A single connection's TLS setting (the start's check); throws when the root certificates cannot be read.
    package func connection() throws -> PostgresConnection.Configuration.TLS {
        guard let configuration else { return .disable }
        do {
            return .require(try NIOSSLContext(configuration: configuration))
        } catch {
            throw ServerError.storageUnreachable.withDetail(
                "cannot use the TLS settings for PostgreSQL (sslrootcert \(rootCertificatePath ?? "none")): \(error)")
        }
    }
}
