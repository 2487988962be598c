import Permit
package import PermitWeb

/// Whether a host hands a page's message to its handler, from what the engine reports about the message: the
/// first of the host's checks that fails, or `nil` when the message is admitted.
///
/// A message must come from the main frame; when the host has an allow-list, from a frame whose security origin
/// (scheme, host and port, as the engine reports it, never as the page claims it) is on it; it must be text; and
/// a handler must be registered under its name. A refused message is answered with an error and reaches no
/// handler; `WebBridge` applies its own list again.
///
/// For example:
///
/// ```swift
/// WebMessageAdmission.refusal(
///     frame: WebFrame(isMainFrame: false, origin: site), allowedOrigins: [site], isText: true, hasHandler: true)
/// // .notMainFrame
/// ```
package enum WebMessageAdmission: String, Hashable, Sendable {
    /// The message came from an embedded frame.
    case notMainFrame = "not the main frame"
    /// The frame's origin is not on the allow-list, or the frame has none.
    case originNotAllowed = "origin not allowed"
    /// The message's body is not a string.
    case notText = "the message is not text"
    /// No handler is registered under the message's name.
    case noHandler = "no handler"

    /// The reason to refuse a message, or `nil` to admit it. An empty `allowedOrigins` admits any main-frame
    /// origin.
    package static func refusal(
        frame: WebFrame, allowedOrigins: Set<WebOrigin>, isText: Bool, hasHandler: Bool
    ) -> WebMessageAdmission? {
        guard frame.isMainFrame else { return .notMainFrame }
        if !allowedOrigins.isEmpty {
            guard let origin = frame.origin, allowedOrigins.contains(origin) else { return .originNotAllowed }
        }
        guard isText else { return .notText }
        guard hasHandler else { return .noHandler }
        return nil
    }
}
