/// Shortens a push token for logs: tokens are secrets, so a log line shows its first six characters and its
/// length, never the whole value.
package enum TokenRedaction {
    /// `abcdef…(152)` for a 152-character token, `none` for `nil`, `…(n)` for a token of six characters or
    /// fewer.
    package static func redact(_ token: String?) -> String {
        guard let token else { return "none" }
        guard token.count > 6 else { return "…(\(token.count))" }
        return "\(token.prefix(6))…(\(token.count))"
    }
}
