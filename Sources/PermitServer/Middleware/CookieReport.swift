import Crypto
import Permit

/// Reads an installation's report from a request's `Cookie` header: the push token, the `p_…` permission
/// cookies, and the installation and platform cookies. A pure function, testable without a server.
///
/// The header is the site's as much as Permit's, so reading it never fails: a cookie Permit does not read is
/// passed over whatever its size or shape, and one it reads but cannot understand is ignored (and named in
/// ``CookieReading/ignored``), as if the request had not carried it:
/// - a `p_…` cookie is a permission only when the rest of its name is a counted kind's (``ReportLimits``): the
///   site's own `p_darkmode=yes` is no kind and no error;
/// - the eight `p_Notification_…` cookies (``NotificationSettings``) are read as one set, never as kinds (a kind's
///   identifier has no `_`): a set with one of them missing or neither `yes` nor `no` is ignored whole, and
///   another `p_Notification_…` name is the site's own;
/// - names are compared exactly, as RFC 6265 has user agents store and send them: `P_CAMERA` or `fcm_token` is
///   not Permit's cookie;
/// - a value in double quotes, which RFC 6265's `cookie-value` grammar allows around any value, is read
///   without them: `p_Camera="yes"` is `yes`;
/// - `yes` and `no` are read in any case (`p_Camera=YES` is `yes`); tokens and installations are read exactly;
/// - of two cookies with one name the first is read (user agents send the one with the longest path first);
/// - a malformed installation cookie leaves the request without a report, since whose it is cannot be told;
///   a malformed token, platform or permission cookie is ignored and the rest is read;
/// - the installation cookie is `<id>~<proof>` once the app has its proof (``InstallationProofs``), or a plain
///   `<id>`; the proof is only read here (``InstallationReport/Proof/presented(_:)``), and checked by the
///   registry, which refuses the whole report when it is not the installation's.
package enum CookieReport {
    /// The report the header carries, `nil` when it carries neither a token nor an installation.
    ///
    /// For example, `FCM_token=abc123; p_Camera=yes; p_Notification=no` reports the token and
    /// `camera: granted, notifications: notUsable` for the installation named after the token's hash.
    package static func parse(header: String, limits: ReportLimits) -> InstallationReport? {
        read(header: header, limits: limits).report
    }

    /// What the header tells: its report, and the cookies Permit reads that it ignored, and why.
    package static func read(header: String, limits: ReportLimits) -> CookieReading {
        guard header.utf8.count <= limits.maxCookieHeaderBytes else {
            return CookieReading(report: nil, ignored: ["a Cookie header of \(header.utf8.count) bytes, not read"])
        }
        var header = header
        return header.withUTF8 { read(bytes: $0, limits: limits) }
    }

    private static func read(bytes: UnsafeBufferPointer<UInt8>, limits: ReportLimits) -> CookieReading {
        var token: String?, installation: String?, platform: Platform?
        var seenToken = false, seenInstallation = false, seenPlatform = false
        var states: [String: ReportedState] = [:]
        var ignored: [String] = []
        var malformedInstallation = false
        var proof = InstallationReport.Proof.absent
        var settings: [NotificationSettings.Setting: Bool?] = [:]  // `.some(nil)`: read, neither yes nor no
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != semicolon { end += 1 }
            defer { start = end + 1 }
            guard let pair = CookiePair(bytes, from: start, to: end) else { continue }
            let name = UnsafeBufferPointer(rebasing: bytes[pair.name]), value = UnsafeBufferPointer(rebasing: bytes[pair.value])
            if name.elementsEqual(limits.tokenCookie.utf8) {
                guard !seenToken else { continue }
                seenToken = true
                guard !value.isEmpty else { continue }
                if limits.isValidToken(value) {
                    token = String(decoding: value, as: UTF8.self)
                } else {
                    ignored.append("malformed token cookie")
                }
            } else if name.elementsEqual(limits.installationCookie.utf8) {
                guard !seenInstallation else { continue }
                seenInstallation = true
                // `<id>~<proof>`, or a plain `<id>` (an app without a proof): `~` is in neither alphabet.
                let tilde = value.firstIndex(of: proofSeparator)
                let identifier = UnsafeBufferPointer(rebasing: value[..<(tilde ?? value.endIndex)])
                if limits.isValidInstallation(identifier) {
                    installation = String(decoding: identifier, as: UTF8.self)
                    if let tilde { proof = .presented(String(decoding: value[(tilde + 1)...], as: UTF8.self)) }
                } else {
                    malformedInstallation = true
                    ignored.append("malformed installation cookie")
                }
            } else if name.elementsEqual(limits.platformCookie.utf8) {
                guard !seenPlatform else { continue }
                seenPlatform = true
                if let parsed = Platform(rawValue: String(decoding: value, as: UTF8.self).lowercased()) {
                    platform = parsed
                } else {
                    ignored.append("unknown platform")
                }
            } else if name.starts(with: limits.permissionPrefix.utf8) {
                let suffix = String(decoding: name.dropFirst(limits.permissionPrefix.utf8.count), as: UTF8.self)
                if let kind = limits.kindsByCookieSuffix[suffix] {
                    guard states[kind] == nil else { continue }
                    if let state = permissionState(value) {
                        states[kind] = state
                    } else {
                        ignored.append("malformed permission cookie")
                    }
                } else if let setting = notificationSetting(suffix), settings[setting] == nil {
                    // Not a kind: kinds' identifiers have no `_`. Only the first of one name is read, even malformed.
                    let isOn = yesOrNo(value)
                    settings[setting] = .some(isOn)
                    if isOn == nil { ignored.append("malformed notification setting cookie") }
                }
            }
        }
        let notifications = notificationSettings(settings, ignored: &ignored)
        guard !malformedInstallation, let installation = installation ?? token.map(installationName(token:)) else {
            return CookieReading(report: nil, ignored: ignored)
        }
        return CookieReading(
            report: InstallationReport(
                installation: installation, token: token, platform: platform, states: states, proof: proof,
                notifications: notifications),
            ignored: ignored)
    }

    /// The state a permission cookie's value stands for, `yes` or `no` in any case; `nil` for another value.
    private static func permissionState(_ value: UnsafeBufferPointer<UInt8>) -> ReportedState? {
        yesOrNo(value).flatMap { ReportedState(cookieValue: $0 ? "yes" : "no") }
    }

    /// `true` for `yes` and `false` for `no`, in any case; `nil` for another value.
    private static func yesOrNo(_ value: UnsafeBufferPointer<UInt8>) -> Bool? {
        let lowercased = value.lazy.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
        if lowercased.elementsEqual("yes".utf8) { return true }
        if lowercased.elementsEqual("no".utf8) { return false }
        return nil
    }

    // MARK: - Notification settings

    /// The notification setting a `p_…` cookie's name names after the prefix (`Notification_Alerts`), exactly.
    private static func notificationSetting(_ suffix: String) -> NotificationSettings.Setting? {
        guard suffix.utf8.starts(with: notificationSettingPrefix.utf8) else { return nil }
        return NotificationSettings.Setting(cookieSuffix: suffix.dropFirst(notificationSettingPrefix.count))
    }

    private static let notificationSettingPrefix = NotificationSettings.notificationCookieSuffix + "_"

    /// The settings the cookies read carry: `nil` when there were none; when some were malformed (each counted
    /// already) or some missing, `nil` too, and the set is named in `ignored` once: only a whole set is read.
    private static func notificationSettings(
        _ read: [NotificationSettings.Setting: Bool?], ignored: inout [String]
    ) -> NotificationSettings? {
        guard !read.isEmpty, !read.values.contains(nil) else { return nil }
        guard read.count == NotificationSettings.Setting.allCases.count else {
            ignored.append("incomplete notification settings")
            return nil
        }
        return NotificationSettings(enabled: Set(read.filter { $0.value == true }.keys))
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

/// What a `Cookie` header tells the server.
package struct CookieReading: Sendable, Hashable {
    /// The installation's report, `nil` when the header names no installation and carries no token.
    package var report: InstallationReport?
    /// Why each cookie Permit reads but could not understand was ignored, such as `malformed token cookie`;
    /// empty when there was none. Never a cookie's value.
    package var ignored: [String]
}

// MARK: - Syntax

private let semicolon = UInt8(ascii: ";")
private let proofSeparator = UInt8(ascii: "~")

/// One `name=value` of a `Cookie` header (RFC 6265's `cookie-pair`), as ranges of the header's bytes: the
/// spaces and tabs around each trimmed, and the value's double quotes, if it has them, taken off.
private struct CookiePair {
    var name: Range<Int>
    var value: Range<Int>

    /// The pair between `start` and `end`, or `nil` when there is no `=` (not a pair Permit could read).
    init?(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        var equals = start
        while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
        guard equals < end else { return nil }
        name = Self.trimmed(bytes, start..<equals)
        var value = Self.trimmed(bytes, (equals + 1)..<end)
        if value.count >= 2, bytes[value.lowerBound] == UInt8(ascii: "\""), bytes[value.upperBound - 1] == UInt8(ascii: "\"") {
            value = (value.lowerBound + 1)..<(value.upperBound - 1)
        }
        self.value = value
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var (lower, upper) = (range.lowerBound, range.upperBound)
        while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
