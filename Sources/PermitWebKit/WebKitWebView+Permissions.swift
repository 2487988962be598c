#if canImport(WebKit)
public import PermitWeb
import WebKit
import PermitHostSupport

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

    /// The decision on a camera or microphone request from `frame`, as `EngineCaptureDecision` makes it from
    /// what the bridge set for the frame's origin: `nil` when the bridge set nothing for that origin (a page the
    /// app does not bridge): the ``delegate`` or WebKit decides then.
    func engineDecision(for frame: WKFrameInfo, type: WKMediaCaptureType) -> WKPermissionDecision? {
        let needed: [WebEnginePermission] =
            switch type {
            case .camera: [.camera]
            case .microphone: [.microphone]
            case .cameraAndMicrophone: [.camera, .microphone]
            @unknown default: [.camera, .microphone]
            }
        let decision = EngineCaptureDecision.decide(origin: Self.frame(of: frame).origin, needs: needed) {
            enginePermissions[EnginePermissionKey(permission: $0, origin: $1)]
        }
        switch decision {
        case .grant: return .grant
        case .deny: return .deny
        case .notBridged: return nil
        }
    }
}
#endif
