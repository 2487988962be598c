import CPermitWebKitGTK
public import PermitWeb

// MARK: - The engine's permissions

extension WebKitGTKWebView {
    /// Makes WebKit grant or refuse `permission` to pages of `origin` from now on, with no prompt: the web
    /// view's `permission-request` signal allows or denies the page's request (`getUserMedia`,
    /// `navigator.geolocation`, `Notification.requestPermission()`) from it, and `query-permission-state`
    /// answers `navigator.permissions.query()` with it. A request for a permission never set is denied.
    ///
    /// The decisions live in the web view, not in the web content process: they hold across a restart.
    public func setEnginePermission(_ permission: WebEnginePermission, granted: Bool, for origin: WebOrigin) async throws {
        try await ready()
        let view = view.pointer
        _ = try await PendingCall<String?>.run { token in
            permit_wk_set_permission(view, permission.rawValue, origin.description, granted ? 1 : 0, GTKCallbacks.text, token)
        }
    }
}
