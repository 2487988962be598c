public import Foundation

extension Cookie {
    /// The longest lifetime browsers keep a cookie for (RFC 6265bis caps `Expires` and `Max-Age` at 400 days).
    public static let maximumLifetime: TimeInterval = 400 * 86_400

    /// The most bytes a cookie's name and value may hold together.
    public static let maximumNameAndValueSize = 4_096

    /// Checks the cookie against RFC 6265 and the rules browsers add, for pages served from `host`.
    ///
    /// The rules, each with its error:
    ///
    /// - the name is a non-empty RFC 6265 `token` (``CookieError/invalidName``), and the value is
    ///   `cookie-octet` text, optionally inside one pair of double quotes (``CookieError/invalidValue``);
    ///   together at most 4,096 bytes (``CookieError/tooLarge``);
    /// - the domain is a host name of letters, digits and hyphens, or an IPv4 address
    ///   (``CookieError/invalidDomain``). A host-only cookie's domain is `host` itself; a domain cookie's
    ///   domain is `host` or one of its parent domains, has at least two labels and is not an address
    ///   (``CookieError/domainMismatch``, ``CookieError/invalidDomain``). Browsers also refuse public
    ///   suffixes such as `co.uk`; Permit has no public-suffix list, so that one check is left to the browser;
    /// - the path starts with `/`, holds only printable ASCII other than `;`, percent-encoded as request
    ///   paths are, and does not end with a space, which browsers trim (``CookieError/invalidPath``);
    /// - an expiry lies in the future, in whole seconds (``CookieError/expired``), and at most 400 days ahead
    ///   (``CookieError/expiryTooFar``);
    /// - `SameSite=None` comes with `Secure` (``CookieError/sameSiteNoneRequiresSecure``);
    /// - a `__Secure-` name comes with `Secure` (``CookieError/securePrefix``), and a `__Host-` name with
    ///   `Secure`, host-only scope and `Path=/` (``CookieError/hostPrefix``); prefixes are matched without
    ///   regard to case, as current browsers do.
    ///
    /// For example:
    ///
    /// ```swift
    /// let token = Cookie(name: "FCM_token", value: "fMEP0vJqS0:APA91b...", domain: "example.com",
    ///                    isHostOnly: false, expires: Date().addingTimeInterval(365 * 86_400))
    /// try token.validate(forHost: "app.example.com")
    /// ```
    ///
    /// - Parameters:
    ///   - host: The host of the app's pages, such as `app.example.com`.
    ///   - now: The current time, against which the expiry is checked.
    /// - Throws: The ``CookieError`` of the first rule the cookie breaks.
    public func validate(forHost host: String, now: Date = Date()) throws(CookieError) {
        try Self.validateName(name)
        try Self.validateValue(value)
        let size = name.utf8.count + value.utf8.count
        guard size <= Self.maximumNameAndValueSize else {
            throw .tooLarge.withDetail("\(size) bytes")
        }
        try validateScope(forHost: host)
        try Self.validatePath(path)
        if let expires {
            // The Set-Cookie writer drops the fraction of a second.
            guard expires.timeIntervalSince1970.rounded(.down) > now.timeIntervalSince1970 else { throw .expired }
            let ahead = expires.timeIntervalSince(now)
            guard ahead <= Self.maximumLifetime else {
                // An absurd date (found by fuzzing: 1e52 seconds) must not trap converting the days to Int.
                let days = ahead / 86_400
                throw .expiryTooFar.withDetail(days < 1e9 ? "\(Int(days)) days ahead" : "more than 10^9 days ahead")
            }
        }
        if sameSite == .none, !isSecure { throw .sameSiteNoneRequiresSecure }
        if Self.hasPrefix("__Secure-", name), !isSecure { throw .securePrefix }
        if Self.hasPrefix("__Host-", name) {
            guard isSecure else { throw .hostPrefix.withDetail("Secure is off") }
            guard isHostOnly else { throw .hostPrefix.withDetail("the cookie has a Domain") }
            guard path == "/" else { throw .hostPrefix.withDetail("the path is not /") }
        }
    }

    /// Checks that `value` is RFC 6265 `cookie-value` text: `cookie-octet`s, optionally inside one pair of
    /// double quotes.
    ///
    /// - Throws: ``CookieError/invalidValue``, naming the position of the first character not allowed.
    package static func validateValue(_ value: String) throws(CookieError) {
        var bytes = Array(value.utf8)[...]
        if bytes.count >= 2, bytes.first == 0x22, bytes.last == 0x22 { bytes = bytes.dropFirst().dropLast() }
        if let bad = bytes.firstIndex(where: { !isCookieOctet($0) }) {
            throw .invalidValue.withDetail("character at byte \(bad) is not allowed")
        }
    }

    // MARK: - Rules

    private static func validateName(_ name: String) throws(CookieError) {
        guard !name.isEmpty else { throw .invalidName.withDetail("the name is empty") }
        if let bad = name.utf8.firstIndex(where: { !isTokenCharacter($0) }) {
            let offset = name.utf8.distance(from: name.utf8.startIndex, to: bad)
            throw .invalidName.withDetail("character at byte \(offset) is not allowed")
        }
    }

    private func validateScope(forHost host: String) throws(CookieError) {
        let domain = domain.lowercased()
        let host = host.lowercased()
        guard Self.isIPv4Address(domain) || Self.isHostName(domain) else {
            throw .invalidDomain.withDetail(
                domain.hasPrefix(".") ? "give the domain without a leading dot" : "\(domain) is not a host name")
        }
        if isHostOnly {
            guard domain == host else {
                throw .domainMismatch.withDetail("a host-only cookie for \(domain) never reaches \(host)")
            }
            return
        }
        guard !Self.isIPv4Address(domain) else {
            throw .invalidDomain.withDetail("an address takes host-only cookies")
        }
        guard domain.contains(".") else {
            throw .invalidDomain.withDetail("\(domain) is a single label; browsers make such cookies host-only")
        }
        guard host == domain || host.hasSuffix("." + domain) else {
            throw .domainMismatch.withDetail("\(host) is not \(domain) or one of its subdomains")
        }
    }

    private static func validatePath(_ path: String) throws(CookieError) {
        guard path.hasPrefix("/") else { throw .invalidPath.withDetail("the path must start with /") }
        guard path.utf8.count <= 1_024 else { throw .invalidPath.withDetail("the path is over 1024 bytes") }
        // RFC 6265bis path-value: %x20-3A / %x3C-7E. A request path arrives percent-encoded, so a raw
        // non-ASCII byte would never match it.
        guard path.utf8.allSatisfy({ (0x20...0x7E).contains($0) && $0 != 0x3B }) else {
            throw .invalidPath.withDetail("the path holds a control character, a non-ASCII character or ;")
        }
        // Browsers trim whitespace around an attribute's value, so `/a ` would be stored as `/a` and never
        // match the cookie Permit keeps (found by fuzzing).
        guard path.utf8.last != 0x20 else { throw .invalidPath.withDetail("the path ends with a space") }
    }

    // MARK: - Grammar

    /// RFC 6265 `cookie-octet`: US-ASCII except controls, space, `"`, `,`, `;` and `\`.
    static func isCookieOctet(_ byte: UInt8) -> Bool {
        byte == 0x21 || (0x23...0x2B).contains(byte) || (0x2D...0x3A).contains(byte)
            || (0x3C...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
    }

    /// RFC 2616 `token` character, which RFC 6265 uses for cookie names.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte) && !Array(#"()<>@,;:\"/[]?={}"#.utf8).contains(byte)
    }

    private static func hasPrefix(_ prefix: String, _ name: String) -> Bool {
        name.utf8.count >= prefix.utf8.count && name.prefix(prefix.count).lowercased() == prefix.lowercased()
    }

    private static func isHostName(_ domain: String) -> Bool {
        guard !domain.isEmpty, domain.utf8.count <= 253 else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            let bytes = Array(label.utf8)
            guard (1...63).contains(bytes.count), bytes.first != 0x2D, bytes.last != 0x2D else { return false }
            return bytes.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
        } && !(labels.last.map { $0.allSatisfy(\.isNumber) } ?? true)
    }

    private static func isIPv4Address(_ domain: String) -> Bool {
        let parts = domain.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy(\.isASCIIDigit) && Int(part).map { $0 <= 255 } == true
                    && (part.count == 1 || part.first != "0")
            }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
