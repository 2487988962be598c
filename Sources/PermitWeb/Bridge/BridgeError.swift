/// An error the bridge answers a page with: a stable code the page can switch on and a message for people.
///
/// On the wire it is `{"id": 7, "error": {"code": "unknownPermission", "message": "..."}}`; in the page the
/// promise rejects with an `Error` whose `code` is the same string. Messages never echo what the page sent.
public struct BridgeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The code, such as `forbiddenOrigin`.
    public let code: String
    /// A sentence saying what went wrong.
    public let message: String

    private init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message is not one JSON object of the form `{v, id, method, params}` with the right types.
    public static func malformed(_ message: String) -> BridgeError { BridgeError("malformed", message) }
    /// The message is larger than the configured limit.
    public static func tooLarge(limit: Int) -> BridgeError {
        BridgeError("tooLarge", "message exceeds the \(limit)-byte limit")
    }
    /// The message's protocol version `v` is not 1.
    public static let unsupportedVersion = BridgeError("unsupportedVersion", "protocol version must be 1")
    /// The method is not one the bridge knows.
    public static let unknownMethod = BridgeError("unknownMethod", "no such method")
    /// The parameters are missing, extra or of the wrong type.
    public static func invalidParams(_ message: String) -> BridgeError { BridgeError("invalidParams", message) }
    /// The permission type is not one the app tracks.
    public static let unknownPermission = BridgeError("unknownPermission", "the app does not use this permission")
    /// The message came from an iframe; only the main frame may use the bridge.
    public static let notMainFrame = BridgeError("notMainFrame", "only the main frame may use the bridge")
    /// The message came from an origin that is not allow-listed.
    public static let forbiddenOrigin = BridgeError("forbiddenOrigin", "this origin may not use the bridge")
    /// The permission the call needs is not granted.
    public static let permissionDenied = BridgeError("permissionDenied", "the permission is not granted")
    /// The device could not determine its location.
    public static let locationUnavailable = BridgeError("locationUnavailable", "the location could not be determined")
    /// No answer came in time.
    public static let timeout = BridgeError("timeout", "no answer came in time")
    /// The native side of the bridge is gone (its router was released or detached).
    public static let unavailable = BridgeError("unavailable", "the native bridge is not attached")
    /// The OS reported an error while requesting the permission.
    public static let requestFailed = BridgeError("requestFailed", "the permission request failed")

    /// `CODE: MESSAGE`.
    public var description: String { "\(code): \(message)" }
}
