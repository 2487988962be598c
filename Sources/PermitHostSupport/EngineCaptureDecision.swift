import Permit
package import PermitWeb

/// The answer a host gives a page's camera or microphone request (`getUserMedia`) from the engine permissions
/// the bridge set for the page's origin.
///
/// A request needs each permission of the devices it asks for (both for camera and microphone). When the bridge
/// set any of them for the origin, the page is a bridged one and the native state answers: granted only when
/// every needed permission is granted, denied otherwise (one never set counts as not granted), so that the
/// engine never shows its own prompt to a bridged page. When the bridge set none of them, the page is not the
/// app's bridged page and the host's other rules decide (`WebKitWebView` asks its delegate, then WebKit's
/// prompt). A frame without a usable origin (an opaque origin, say) is denied.
///
/// For example:
///
/// ```swift
/// EngineCaptureDecision.decide(origin: origin, needs: [.camera, .microphone]) { permission, _ in
///     permission == .camera ? true : nil
/// }   // .deny: the microphone was never granted
/// ```
package enum EngineCaptureDecision: Hashable, Sendable {
    /// Allow the capture.
    case grant
    /// Refuse it.
    case deny
    /// The bridge set nothing for this origin: not Permit's to decide.
    case notBridged

    /// The answer to a request from `origin` that needs `needs`, where `granted` reads what the bridge set for a
    /// permission and origin (`nil`: never set).
    package static func decide(
        origin: WebOrigin?, needs: [WebEnginePermission],
        granted: (WebEnginePermission, WebOrigin) -> Bool?
    ) -> EngineCaptureDecision {
        guard let origin else { return .deny }
        let set = needs.map { granted($0, origin) }
        guard set.contains(where: { $0 != nil }) else { return .notBridged }
        return set.allSatisfy { $0 == true } ? .grant : .deny
    }
}
