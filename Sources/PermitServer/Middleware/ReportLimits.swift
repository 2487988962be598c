import Foundation
package import Permit

/// What the server reads from a request, and the limits it holds a report to: Permit's cookie names, the kinds
/// it counts, and the sizes it accepts.
///
/// The cookie path only observes: a cookie beyond a limit or of the wrong shape is ignored, never refused (see
/// ``CookieReport``). A native report beyond a limit is answered 400 and nothing of it is stored.
package struct ReportLimits: Sendable, Hashable {
    /// The push token's cookie; `FCM_token` by default.
    package var tokenCookie = "FCM_token"
    /// The prefix of the permission cookies; `p_`, as in `p_Camera=yes`.
    package var permissionPrefix = "p_"
    /// The cookie naming the installation; without it, the installation is named after a hash of the token.
    package var installationCookie = "permit_installation"
    /// The cookie naming the platform (`ios`, `android` or `web`); `ios` when absent.
    package var platformCookie = "permit_platform"
    /// The longest `Cookie` header read, in bytes; a longer one is passed on unread. The HTTP server bounds the
    /// header before this does (80 KiB); this bounds the work per request.
    package var maxCookieHeaderBytes = 65_536
    /// The longest native report body, in bytes.
    package var maxBodyBytes = 16_384
    /// The longest token, in characters (FCM's are about 160, APNs' 64).
    package var maxTokenLength = 4_096
    /// The longest installation identifier, in characters.
    package var maxInstallationLength = 128
    /// The kinds the operator declared beyond the built-in ones (`permit server --kinds`, `PERMIT_KINDS`).
    ///
    /// The kinds counted are ``PermissionKind/builtIn`` and these: a `p_…` cookie or a native report's kind
    /// outside them is not a kind, so no client can make the registry or the grant rates grow with names of its
    /// own.
    package var declaredKinds: [PermissionKind] = [] {
        didSet {
            kindsByCookieSuffix = Self.kindsByCookieSuffix(declaredKinds)
            countedKinds = Set(kindsByCookieSuffix.values)
        }
    }
    /// The kinds counted, by their cookie's name without the `p_` prefix: `Camera` is `camera`,
    /// `Notification` is `notifications`.
    package private(set) var kindsByCookieSuffix = Self.kindsByCookieSuffix([])
    /// The identifiers of the kinds counted.
    private var countedKinds = Set(PermissionKind.builtIn.map(\.rawValue))

    /// Permit's cookie names, the built-in kinds and the default limits.
    package init() {}

    /// Declares the kinds `list` names, comma-separated (`health,lidar`), as `--kinds` and `PERMIT_KINDS` give
    /// them; returns the names that are not kind identifiers, and then declares nothing.
    package mutating func declareKinds(_ list: String) -> [String] {
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let kinds = names.compactMap(PermissionKind.init(rawValue:))
        guard kinds.count == names.count else { return names.filter { PermissionKind(rawValue: $0) == nil } }
        declaredKinds = kinds
        return []
    }

    /// Whether `identifier` names a kind the server counts (built in or declared).
    package func counts(kind identifier: String) -> Bool {
        countedKinds.contains(identifier)
    }

    /// Whether `token` has a push token's shape: 1 to ``maxTokenLength`` characters of letters, digits and
    /// `-_:.`.
    package func isValidToken(_ token: String) -> Bool {
        isValidToken(token.utf8)
    }

    /// Whether the bytes `token` have a push token's shape.
    package func isValidToken(_ token: some Collection<UInt8>) -> Bool {
        !token.isEmpty && token.count <= maxTokenLength && token.allSatisfy { byte in
            Self.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
        }
    }

    /// Whether `installation` has an identifier's shape: 1 to ``maxInstallationLength`` characters of
    /// letters, digits and `-_.`.
    package func isValidInstallation(_ installation: String) -> Bool {
        isValidInstallation(installation.utf8)
    }

    /// Whether the bytes `installation` have an identifier's shape.
    package func isValidInstallation(_ installation: some Collection<UInt8>) -> Bool {
        !installation.isEmpty && installation.count <= maxInstallationLength && installation.allSatisfy { byte in
            Self.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    // MARK: - Kinds

    /// The built-in kinds and `declared`, by cookie name without the prefix.
    private static func kindsByCookieSuffix(_ declared: [PermissionKind]) -> [String: String] {
        var kinds: [String: String] = [:]
        for kind in PermissionKind.builtIn + declared {
            kinds[String(kind.cookieName.dropFirst(2))] = kind.rawValue
        }
        return kinds
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
