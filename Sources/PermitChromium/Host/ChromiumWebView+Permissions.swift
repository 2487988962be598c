public import PermitWeb

// MARK: - The engine's permissions

extension ChromiumWebView {
    /// Makes Chromium grant or refuse `permission` to pages of `origin` from now on, with no prompt, through
    /// `Browser.setPermission`; a restarted browser is told again.
    public func setEnginePermission(_ permission: WebEnginePermission, granted: Bool, for origin: WebOrigin) async throws {
        enginePermissions[EnginePermissionKey(permission: permission, origin: origin)] = granted
        try await writeEnginePermission(permission, granted: granted, for: origin, try await connection())
    }

    /// Sends one permission setting to the browser.
    func writeEnginePermission(
        _ permission: WebEnginePermission, granted: Bool, for origin: WebOrigin, _ page: DevToolsSession
    ) async throws {
        try await page.browser.send(
            DevTools.Browser.SetPermission(
                permission: .init(name: permission.rawValue), setting: granted ? "granted" : "denied",
                origin: origin.description))
    }

    /// A permission for one origin, as the web view remembers what it set.
    struct EnginePermissionKey: Hashable {
        /// The permission.
        var permission: WebEnginePermission
        /// The origin it applies to.
        var origin: WebOrigin
    }
}
