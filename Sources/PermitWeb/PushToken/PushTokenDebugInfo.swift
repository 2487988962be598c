/// What the push-token manager knows, for a debug screen or a support log.
///
/// The full values are here for the app to use; ``description`` and ``fields`` shorten every token, so
/// they are safe to print.
public struct PushTokenDebugInfo: Hashable, Sendable, CustomStringConvertible, CustomReflectable {
    /// The token in the web view's cookie, or `nil` when there is no cookie.
    public var cookieToken: String?
    /// The token in the backup, or `nil` when none is saved.
    public var backupToken: String?
    /// The token last received from the provider or saved in this launch.
    public var currentToken: String?
    /// Whether a token is saved (the backup holds one).
    public var isTokenSaved: Bool { backupToken != nil }
    /// The cookie's domain.
    public var domain: String
    /// The cookie's name.
    public var cookieName: String

    /// Creates debug info.
    package init(cookieToken: String?, backupToken: String?, currentToken: String?, domain: String, cookieName: String) {
        self.cookieToken = cookieToken
        self.backupToken = backupToken
        self.currentToken = currentToken
        self.domain = domain
        self.cookieName = cookieName
    }

    /// The keys (`cookie_fcm_token`, `saved_fcm_token`, `current_fcm_token`, `is_token_saved`,
    /// `domain`, `cookie_name`) with tokens shortened; an absent token reads `none`.
    public var fields: [(key: String, value: String)] {
        [
            ("cookie_fcm_token", Self.shortened(cookieToken)), ("saved_fcm_token", Self.shortened(backupToken)),
            ("current_fcm_token", Self.shortened(currentToken)), ("is_token_saved", "\(isTokenSaved)"),
            ("domain", domain), ("cookie_name", cookieName),
        ]
    }

    /// One line per field, tokens shortened.
    public var description: String { fields.map { "\($0.key): \($0.value)" }.joined(separator: "\n") }

    /// The fields with tokens shortened, so that `dump` and debuggers do not show whole tokens either.
    public var customMirror: Mirror {
        Mirror(self, children: fields.map { (label: $0.key, value: $0.value as Any) }, displayStyle: .struct)
    }

    /// A token cut to its first six characters and its length, such as `fMEP0v…(163 chars)`; `none` for
    /// `nil`. Logs and transcripts show tokens only this way.
    package static func shortened(_ token: String?) -> String {
        guard let token else { return "none" }
        return token.count <= 6 ? "…(\(token.count) chars)" : "\(token.prefix(6))…(\(token.count) chars)"
    }
}

/// The outcome of ``PushTokenCookieManager/validate()``.
public enum PushTokenValidation: Hashable, Sendable {
    /// The cookie is present and holds the saved token.
    case valid
    /// The cookie was missing or different, and was written again from the backup.
    case restored
    /// No token is saved, so there is nothing to validate.
    case noToken
}
