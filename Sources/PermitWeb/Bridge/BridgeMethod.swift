import Permit
import PermitSupport

/// A page's call, decoded from a ``BridgeRequest`` with its parameters typed: what ``BridgeResponder``
/// answers.
///
/// Decoding checks the parameters exactly: each method takes the parameters listed here and no other, of
/// the type given, or the call is answered with ``BridgeError/invalidParams(_:)``.
enum BridgeMethod: Hashable, Sendable {
    /// `hello()` and `getPermissions()`: the statuses the page sees.
    case getPermissions
    /// `requestPermission(type)`: ask for a permission, through the app's policy.
    case requestPermission(type: String)
    /// `getCurrentLocation()`: the device's fix, while location is usable.
    case getCurrentLocation
    /// `hapticFeedback(style)`: play an impact.
    case hapticFeedback(HapticStyle)
    /// `openSettings()`: send the user to the app's page in Settings, through the app's `SettingsOpener`.
    case openSettings

    /// Decodes the method and its parameters.
    ///
    /// - Throws: ``BridgeError/unknownMethod`` for a method the bridge does not know;
    ///   ``BridgeError/invalidParams(_:)`` for missing, extra or mistyped parameters.
    init(_ request: BridgeRequest) throws(BridgeError) {
        switch request.method {
        case "hello", "getPermissions":
            try Self.expect(request, [])
            self = .getPermissions
        case "requestPermission":
            try Self.expect(request, ["type"])
            guard let type = request.params["type"]?.stringValue else { throw .invalidParams("type must be a string") }
            self = .requestPermission(type: type)
        case "getCurrentLocation":
            try Self.expect(request, [])
            self = .getCurrentLocation
        case "hapticFeedback":
            try Self.expect(request, ["style"])
            guard let style = request.params["style"]?.stringValue.flatMap(HapticStyle.init(rawValue:)) else {
                throw .invalidParams("style must be light, medium or heavy")
            }
            self = .hapticFeedback(style)
        case "openSettings":
            try Self.expect(request, [])
            self = .openSettings
        default:
            throw .unknownMethod
        }
    }

    private static func expect(_ request: BridgeRequest, _ names: Set<String>) throws(BridgeError) {
        guard Set(request.params.keys) == names else {
            throw .invalidParams(
                names.isEmpty
                    ? "\(request.method) takes no parameters"
                    : "\(request.method) takes exactly: \(names.sorted().joined(separator: ", "))")
        }
    }
}
