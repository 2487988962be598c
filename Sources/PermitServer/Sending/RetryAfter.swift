package import Foundation

/// Reads an HTTP `Retry-After` header: a number of seconds, or an HTTP date.
package enum RetryAfter {
    /// The wait the header asks for at `now`, or `nil` when it is absent or unreadable; a date in the past
    /// is no wait.
    package static func parse(_ header: String?, now: Date) -> Duration? {
        guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { return nil }
        if let seconds = Int(header), seconds >= 0 { return .seconds(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: header) else { return nil }
        return .seconds(max(0, Int(date.timeIntervalSince(now).rounded(.up))))
    }
}
