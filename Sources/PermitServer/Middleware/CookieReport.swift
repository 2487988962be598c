import Crypto
import Permit

/// Reads an installation's report from a request's `Cookie` header: the push token, the `p_…` permission
/// cookies, and the installation and platform cookies. A pure function, testable without a server.
package enum CookieReport {
    /// The report the header carries, `nil` when it carries neither a token nor an installation, or
    /// ``ServerError/badRequest`` when it is too long or a cookie the server reads is malformed.
    ///
    /// For example, `FCM_token=abc123; p_Camera=yes; p_Notification=no` reports the token and
    /// `camera: granted, notifications: notUsable` for the installation named after the token's hash.
    package static func parse(header: String, limits: ReportLimits) throws(ServerError) -> InstallationReport? {
        guard header.utf8.count <= limits.maxCookieHeaderBytes else {
            throw ServerError.badRequest.withDetail("Cookie header of \(header.utf8.count) bytes")
        }
        var token: String?, installation: String?, platform: Platform?
        var states: [String: ReportedState] = [:]
        for pair in header.split(separator: ";") {
            let trimmed = pair.drop { $0 == " " }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let name = String(trimmed[..<equals])
            let value = String(trimmed[trimmed.index(after: equals)...]).trimmingSuffixSpaces()
            if name == limits.tokenCookie {
                guard limits.isValidToken(value) else { throw ServerError.badRequest.withDetail("malformed token cookie") }
                token = value
            } else if name == limits.installationCookie {
                guard limits.isValidInstallation(value) else {
                    throw ServerError.badRequest.withDetail("malformed installation cookie")
                }
                installation = value
            } else if name == limits.platformCookie {
                guard let parsed = Platform(rawValue: value) else {
                    throw ServerError.badRequest.withDetail("unknown platform")
                }
                platform = parsed
            } else if name.hasPrefix(limits.permissionPrefix) {
                // A site's own cookie that merely shares the prefix (`p_theme=dark`) is not Permit's: left alone.
                guard let kind = kind(cookieName: name, prefix: limits.permissionPrefix) else { continue }
                guard let state = ReportedState(cookieValue: value) else {
                    // `p_Camera=maybe` is Permit's cookie gone wrong; `p_theme=dark` is the site's own.
                    guard PermissionKind.builtIn.contains(where: { $0.rawValue == kind }) else { continue }
                    throw ServerError.badRequest.withDetail("malformed permission cookie")
                }
                states[kind] = state
                guard states.count <= limits.maxKinds else { throw ServerError.badRequest.withDetail("too many kinds") }
            }
        }
        guard let installation = installation ?? token.map(installationName(token:)) else { return nil }
        return InstallationReport(installation: installation, token: token, platform: platform, states: states)
    }

    /// The permission kind a cookie such as `p_Camera` stands for (`camera`), with the
    /// `p_Notification` for `notifications`; `nil` when the rest is not a kind's identifier.
    package static func kind(cookieName: String, prefix: String) -> String? {
        let rest = cookieName.dropFirst(prefix.count)
        guard let first = rest.first else { return nil }
        let identifier = rest == "Notification" ? "notifications" : first.lowercased() + rest.dropFirst()
        return PermissionKind(rawValue: identifier)?.rawValue
    }

    /// The installation name for a request that carries a token and no installation cookie: `t-` and the
    /// first 32 hex digits of the token's SHA-256, so that the name never reveals the token.
    package static func installationName(token: String) -> String {
        "t-" + SHA256.hash(data: Array(token.utf8)).prefix(16).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}

extension String {
    fileprivate func trimmingSuffixSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
