package import Foundation

extension Cookie {
    /// The cookie as the value of a `Set-Cookie` header field (RFC 6265 section 4.1).
    ///
    /// Attributes come in a fixed order: `Expires` (an IMF-fixdate in GMT, omitted for a session cookie),
    /// `Domain` (omitted for a host-only cookie), `Path`, then `Secure`, `HttpOnly` and `SameSite` as set
    /// (omitted when it is `SameSite.unspecified`).
    /// The text is only meaningful for a cookie that passes ``validate(forHost:now:)``.
    ///
    /// For example:
    ///
    /// ```swift
    /// let cookie = Cookie(name: "p_Camera", value: "yes", domain: "app.example.com",
    ///                     expires: Date(timeIntervalSince1970: 1_800_000_000))
    /// cookie.setCookieHeader
    /// // "p_Camera=yes; Expires=Fri, 15 Jan 2027 08:00:00 GMT; Path=/; Secure; SameSite=Lax"
    /// ```
    public var setCookieHeader: String {
        var parts = ["\(name)=\(value)"]
        if let expires { parts.append("Expires=\(Self.imfFixdate(expires))") }
        if !isHostOnly { parts.append("Domain=\(domain)") }
        parts.append("Path=\(path)")
        if isSecure { parts.append("Secure") }
        if isHTTPOnly { parts.append("HttpOnly") }
        if sameSite != .unspecified { parts.append("SameSite=\(sameSite.rawValue)") }
        return parts.joined(separator: "; ")
    }

    /// Formats `date` as an IMF-fixdate (RFC 9110 section 5.6.7), such as `Sun, 06 Nov 1994 08:49:37 GMT`.
    ///
    /// The fraction of a second is dropped. The names are the fixed English ones whatever the locale, and
    /// the calendar is the proleptic Gregorian one in GMT, computed here rather than by a formatter so that
    /// no locale or time zone setting can change it. A date outside the years 1 to 9999, which the format's
    /// four-digit year cannot hold, is written as the nearest date inside them.
    package static func imfFixdate(_ date: Date) -> String {
        // Clamped before the conversion to Int64, which traps on a huge or non-finite time (found by fuzzing).
        let interval = date.timeIntervalSince1970
        let seconds = interval.isNaN ? 0 : Int64(min(max(interval, -62_135_596_800), 253_402_300_799).rounded(.down))
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let day = secondOfDay < 0 ? days - 1 : days
        let second = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
        let (year, month, dayOfMonth) = civilDate(daysSince1970: day)
        // 1970-01-01 was a Thursday.
        let weekday = ((day % 7) + 7 + 4) % 7
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[Int(weekday)]), \(twoDigits(dayOfMonth)) \(months[Int(month) - 1]) \(fourDigits(year)) "
            + "\(twoDigits(second / 3600)):\(twoDigits(second / 60 % 60)):\(twoDigits(second % 60)) GMT"
    }

    private static func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func fourDigits(_ value: Int64) -> String {
        String(repeating: "0", count: max(0, 4 - "\(value)".count)) + "\(value)"
    }

    /// The Gregorian year, month and day of a day counted from 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`).
    private static func civilDate(daysSince1970: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = daysSince1970 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
