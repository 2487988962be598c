#if canImport(WebKit)
public import PermitWeb
public import WebKit

// MARK: - The engine's permissions

extension WebKitWebView: WKUIDelegate {
    /// A permission for one origin, as the host remembers what the bridge set.
    struct EnginePermissionKey: Hashable {
        /// The permission.
        var permission: WebEnginePermission
        /// The origin it applies to.
        var origin: WebOrigin
    }

    /// Records what WebKit is to answer `origin`'s pages for `permission`: the media-capture decision reads it.
    /// Geolocation and notifications have no public decision in `WKWebView`; the bridge's page script answers
    /// those.
    public func setEnginePermission(_ permission: WebEnginePermission, granted: Bool, for origin: WebOrigin) async throws {
        enginePermissions[EnginePermissionKey(permission: permission, origin: origin)] = granted
    }

    /// Grants camera or microphone capture when the bridge set every permission it needs as granted for the
    /// frame's origin, and denies it otherwise: WebKit never shows its own prompt.
    public func webView(
        _ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType,
        decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
    ) {
        let needed: [WebEnginePermission] =
            switch type {
            case .camera: [.camera]
            case .microphone: [.microphone]
            case .cameraAndMicrophone: [.camera, .microphone]
            @unknown default: [.camera, .microphone]
            }
        guard let webOrigin = Self.frame(of: frame).origin else {
            decisionHandler(.deny)
            return
        }
        let granted = needed.allSatisfy { enginePermissions[EnginePermissionKey(permission: $0, origin: webOrigin)] == true }
        decisionHandler(granted ? .grant : .deny)
    }
}
#endif
