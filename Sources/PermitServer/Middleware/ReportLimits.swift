/// What the server accepts from a request, and the names it reads: Permit's cookies by default.
///
/// A request beyond a limit, or with a value of the wrong shape, is answered 400 and nothing of it is stored.
package struct ReportLimits: Sendable, Hashable {
    /// The push token's cookie; `FCM_token` by default.
    package var tokenCookie = "FCM_token"
    /// The prefix of the permission cookies; `p_`, as in `p_Camera=yes`.
    package var permissionPrefix = "p_"
    /// The cookie naming the installation; without it, the installation is named after a hash of the token.
    package var installationCookie = "permit_installation"
    /// The cookie naming the platform (`ios`, `android` or `web`); `ios` when absent.
    package var platformCookie = "permit_platform"
    /// The longest `Cookie` header read, in bytes.
    package var maxCookieHeaderBytes = 8_192
    /// The longest native report body, in bytes.
    package var maxBodyBytes = 16_384
    /// The longest token, in characters (FCM's are about 160, APNs' 64).
    package var maxTokenLength = 4_096
    /// The longest installation identifier, in characters.
    package var maxInstallationLength = 128
    /// The most permission kinds one report may carry.
    package var maxKinds = 64

    /// Permit's cookie names and the default limits.
    package init() {}

    /// Whether `token` has a push token's shape: 1 to ``maxTokenLength`` characters of letters, digits and
    /// `-_:.`.
    package func isValidToken(_ token: String) -> Bool {
        !token.isEmpty && token.utf8.count <= maxTokenLength && token.utf8.allSatisfy { byte in
            Self.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
        }
    }

    /// Whether `installation` has an identifier's shape: 1 to ``maxInstallationLength`` characters of
    /// letters, digits and `-_.`.
    package func isValidInstallation(_ installation: String) -> Bool {
        !installation.isEmpty && installation.utf8.count <= maxInstallationLength && installation.utf8.allSatisfy { byte in
            Self.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
