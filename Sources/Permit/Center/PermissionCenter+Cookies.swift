// MARK: - Cookie values

extension PermissionCenter {
    /// The `yes`/`no` cookie value of one permission, or `nil` when the center does not track it.
    public func cookieValue(for kind: PermissionKind) async -> PermissionCookieValue? {
        await state(for: kind)?.cookieValue
    }

    /// Every tracked permission's cookie, keyed by cookie name.
    ///
    /// For example, `["p_Location": "yes", "p_Camera": "no", "p_Notification": "yes"]`.
    public func cookies() async -> [String: String] {
        Dictionary(uniqueKeysWithValues: await states().map { ($0.kind.cookieName, $0.cookieValue.rawValue) })
    }
}
