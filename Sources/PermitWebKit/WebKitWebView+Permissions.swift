#if canImport(WebKit)
public import PermitWeb
import WebKit

// MARK: - The engine's permissions

extension WebKitWebView {
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

    /// The decision on a camera or microphone request from `frame` when the bridge set the permissions it needs
    /// for the frame's origin: granted when every one is granted, denied otherwise, so that WebKit never shows its
    /// own prompt to a bridged page. `nil` when the bridge set nothing for that origin (a page the app does not
    /// bridge): the ``delegate`` or WebKit decides then.
    func engineDecision(for frame: WKFrameInfo, type: WKMediaCaptureType) -> WKPermissionDecision? {
        let needed: [WebEnginePermission] =
            switch type {
            case .camera: [.camera]
            case .microphone: [.microphone]
            case .cameraAndMicrophone: [.camera, .microphone]
            @unknown default: [.camera, .microphone]
            }
        guard let webOrigin = Self.frame(of: frame).origin else { return .deny }
        let set = needed.map { enginePermissions[EnginePermissionKey(permission: $0, origin: webOrigin)] }
        guard set.contains(where: { $0 != nil }) else { return nil }
        return set.allSatisfy { $0 == true } ? .grant : .deny
    }
}
#endif
