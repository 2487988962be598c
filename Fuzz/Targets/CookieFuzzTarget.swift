// libFuzzer target: the cookie validator `Cookie.validate(forHost:now:)` and the writer `setCookieHeader`.
//
// Built and run by scripts/fuzz. An input is read as:
//
//     byte 0      flags: 1 host-only, 2 Secure, 4 HttpOnly, 8|16 SameSite (Strict, Lax, None, unspecified),
//                 32 has an expiry, 64 the expiry is the raw bit pattern of a Double (else whole seconds from
//                 the fixed "now", as a signed 32-bit number)
//     bytes 1-8   the expiry, little-endian
//     the rest    name, value, domain, path and host, separated by 0xFF (a byte UTF-8 never holds)
//
// The validator and the writer must never crash, the validator must give the same answer twice, and a cookie it accepts must be written as
// a header that a browser parses back (RFC 6265 section 5.2) to the very same cookie: name, value, scope, path,
// flags, SameSite and the expiry to the second; with no control character, and a host-only cookie only for
// its own host.

import Foundation
import PermitWeb

private let now = Date(timeIntervalSince1970: 1_800_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func cookieFuzzTarget(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: bytes, count: count))
    guard input.count >= 9 else { return 0 }
    let flags = input[0]
    let raw = input[1...8].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    let expires: Date? =
        flags & 32 == 0 ? nil
        : flags & 64 != 0 ? Date(timeIntervalSince1970: Double(bitPattern: raw))
        : now.addingTimeInterval(Double(Int32(truncatingIfNeeded: raw)))
    var fields = input[9...].split(separator: 0xFF, maxSplits: 4, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    while fields.count < 5 { fields.append("") }
    let sameSite: Cookie.SameSite = [.strict, .lax, .none, .unspecified][Int(flags >> 3) & 3]
    let cookie = Cookie(
        name: fields[0], value: fields[1], domain: fields[2], isHostOnly: flags & 1 != 0, path: fields[3],
        expires: expires, isSecure: flags & 2 != 0, isHTTPOnly: flags & 4 != 0, sameSite: sameSite)
    let host = fields[4]
    // The writer never crashes, whatever the cookie (its text is only meaningful for a valid one).
    _ = cookie.setCookieHeader

    let first = Result { () throws(CookieError) in try cookie.validate(forHost: host, now: now) }
    let second = Result { () throws(CookieError) in try cookie.validate(forHost: host, now: now) }
    switch (first, second) {
    case (.success, .success): break
    case (.failure(let a), .failure(let b)): check(a == b, "the validator gives the same error twice")
    default: fail("the validator gives the same answer twice")
    }
    guard case .success = first else { return 0 }

    check((try? Cookie.validateValue(cookie.value)) != nil, "an accepted cookie's value passes validateValue")
    if cookie.isHostOnly { check(cookie.domain.lowercased() == host.lowercased(), "host-only means this host") }
    let header = cookie.setCookieHeader
    check(!header.utf8.contains { $0 < 0x20 || $0 == 0x7F }, "the header holds no control character")
    guard let parsed = BrowserCookieParser.parse(header) else { fail("a browser parses the header") }
    check(parsed.name == cookie.name && parsed.value == cookie.value, "name and value survive")
    check(parsed.domain == (cookie.isHostOnly ? nil : cookie.domain), "the scope survives")
    check(parsed.path == cookie.path, "the path survives")
    check(parsed.secure == cookie.isSecure && parsed.httpOnly == cookie.isHTTPOnly, "the flags survive")
    check(parsed.sameSite == (sameSite == .unspecified ? nil : sameSite.rawValue), "SameSite survives")
    check(
        parsed.expires == expires.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) },
        "the expiry survives to the second")
    return 0
}

/// The parts of a `Set-Cookie` header as a browser reads them (RFC 6265 section 5.2, simplified to what a
/// valid Permit header can hold).
private struct BrowserCookieParser {
    var name = "", value = ""
    var domain: String?, path: String?, sameSite: String?
    var expires: Date?
    var secure = false, httpOnly = false

    static func parse(_ header: String) -> BrowserCookieParser? {
        let parts = header.split(separator: ";", omittingEmptySubsequences: false)
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return nil }
        var cookie = BrowserCookieParser()
        cookie.name = trimmed(pair[..<equals])
        cookie.value = trimmed(pair[pair.index(after: equals)...])
        for attribute in parts.dropFirst() {
            let (key, value) = attribute.firstIndex(of: "=").map {
                (trimmed(attribute[..<$0]), trimmed(attribute[attribute.index(after: $0)...]))
            } ?? (trimmed(attribute), "")
            switch key.lowercased() {
            case "expires": guard let date = imfFixdate(value) else { return nil }; cookie.expires = date
            case "domain": cookie.domain = value.hasPrefix(".") ? String(value.dropFirst()) : value
            case "path": cookie.path = value
            case "secure": cookie.secure = true
            case "httponly": cookie.httpOnly = true
            case "samesite": cookie.sameSite = value
            default: return nil  // Permit writes no other attribute
            }
        }
        return cookie
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, read with Foundation's Gregorian calendar as an independent check
    /// (weekday included).
    private static func imfFixdate(_ text: String) -> Date? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekdays = ["Sun,", "Mon,", "Tue,", "Wed,", "Thu,", "Fri,", "Sat,"]
        guard fields.count == 6, fields[5] == "GMT", let weekday = weekdays.firstIndex(of: fields[0]),
            let month = months.firstIndex(of: fields[2]), fields[1].count == 2, let day = Int(fields[1]),
            let year = Int(fields[3])
        else { return nil }
        let clock = fields[4].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let hour = Int(clock[0]),
            let minute = Int(clock[1]), let second = Int(clock[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let components = DateComponents(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components),
            calendar.component(.weekday, from: date) == weekday + 1
        else { return nil }
        return date
    }
}

private func check(_ condition: Bool, _ property: @autoclosure () -> String) {
    if !condition { fail(property()) }
}

private func fail(_ property: String) -> Never {
    fatalError("cookie fuzz target: property broken: \(property)")
}
