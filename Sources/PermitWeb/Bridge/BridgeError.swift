public import Permit

/// An error the bridge answers a page with: a stable code the page can switch on and a message for people.
///
/// On the wire it is `{"id": 7, "error": {"code": "unknownPermission", "message": "..."}}`; in the page the
/// promise rejects with an `Error` whose `code` is the same string. Messages never echo what the page sent.
public struct BridgeError: CodedError {
    private enum Code: String, Sendable {
        case malformed, tooLarge, unsupportedVersion, unknownMethod, invalidParams, unknownPermission, notMainFrame
        case forbiddenOrigin, permissionDenied, locationUnavailable, timeout, unavailable, requestFailed
    }

    private let member: Code
    /// The sentence the page sees in place of the summary, such as which field of the message is wrong; never
    /// what the page sent. Not part of equality.
    public let detail: String

    private init(_ member: Code, _ detail: String = "") {
        self.member = member
        self.detail = detail
    }

    /// The message is not one JSON object of the form `{v, id, method, params}` with the right types.
    public static func malformed(_ message: String) -> BridgeError { BridgeError(.malformed, message) }
    /// The message is larger than the configured limit.
    public static func tooLarge(limit: Int) -> BridgeError {
        BridgeError(.tooLarge, "message exceeds the \(limit)-byte limit")
    }
    /// The message's protocol version `v` is not 1.
    public static let unsupportedVersion = BridgeError(.unsupportedVersion)
    /// The method is not one the bridge knows.
    public static let unknownMethod = BridgeError(.unknownMethod)
    /// The parameters are missing, extra or of the wrong type.
    public static func invalidParams(_ message: String) -> BridgeError { BridgeError(.invalidParams, message) }
    /// The permission type is not one the app tracks.
    public static let unknownPermission = BridgeError(.unknownPermission)
    /// The message came from an iframe; only the main frame may use the bridge.
    public static let notMainFrame = BridgeError(.notMainFrame)
    /// The message came from an origin that is not allow-listed.
    public static let forbiddenOrigin = BridgeError(.forbiddenOrigin)
    /// The permission the call needs is not granted.
    public static let permissionDenied = BridgeError(.permissionDenied)
    /// The device could not determine its location.
    public static let locationUnavailable = BridgeError(.locationUnavailable)
    /// No answer came in time.
    public static let timeout = BridgeError(.timeout)
    /// The native side of the bridge is gone (its router was released or detached).
    public static let unavailable = BridgeError(.unavailable)
    /// The OS reported an error while requesting the permission.
    public static let requestFailed = BridgeError(.requestFailed)

    /// The same error with `detail` as the sentence the page sees.
    public func withDetail(_ detail: String) -> BridgeError { BridgeError(member, detail) }

    /// The code, such as `forbiddenOrigin`: the `code` of the reply and of the page's `Error`.
    public var code: String { member.rawValue }

    /// A sentence naming the error, which the page sees when there is no detail.
    public var summary: String {
        switch member {
        case .malformed: "the message is not a bridge request"
        case .tooLarge: "the message is larger than the limit"
        case .unsupportedVersion: "protocol version must be 1"
        case .unknownMethod: "no such method"
        case .invalidParams: "the parameters are not valid"
        case .unknownPermission: "the app does not use this permission"
        case .notMainFrame: "only the main frame may use the bridge"
        case .forbiddenOrigin: "this origin may not use the bridge"
        case .permissionDenied: "the permission is not granted"
        case .locationUnavailable: "the location could not be determined"
        case .timeout: "no answer came in time"
        case .unavailable: "the native bridge is not attached"
        case .requestFailed: "the permission request failed"
        }
    }

    /// The sentence the page sees, the `message` of the reply: the detail, or the summary when there is none.
    public var message: String { detail.isEmpty ? summary : detail }

    /// `CODE: MESSAGE`.
    public var description: String { "\(code): \(message)" }
}
