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
    /// `requestPermission(type[, gesture][, detail])`: ask for a permission, through the app's policy.
    ///
    /// `gesture` is the proof, the bridge's gesture key, that the person's own gesture made the call; `detail` asks for
    /// the answer `{status, asked, reason, next, settingsOffer}` instead of the status string.
    case requestPermission(type: String, gesture: String?, detail: Bool)
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
            try Self.expect(request, ["type"], optional: ["gesture", "detail"])
            guard let type = request.params["type"]?.stringValue else { throw .invalidParams("type must be a string") }
            let gesture = request.params["gesture"]
            guard gesture == nil || gesture?.stringValue != nil else { throw .invalidParams("gesture must be a string") }
            let detail = request.params["detail"]
            guard detail == nil || detail?.boolValue != nil else { throw .invalidParams("detail must be a boolean") }
            self = .requestPermission(type: type, gesture: gesture?.stringValue, detail: detail?.boolValue ?? false)
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

    /// Checks that `request` has every parameter of `names`, and no other but those of `optional`.
    private static func expect(
        _ request: BridgeRequest, _ names: Set<String>, optional: Set<String> = []
    ) throws(BridgeError) {
        let given = Set(request.params.keys)
        guard names.isSubset(of: given), given.isSubset(of: names.union(optional)) else {
            let optionals = optional.isEmpty ? "" : ", and may take: \(optional.sorted().joined(separator: ", "))"
            throw .invalidParams(
                names.isEmpty
                    ? "\(request.method) takes no parameters"
                    : "\(request.method) takes exactly: \(names.sorted().joined(separator: ", "))\(optionals)")
        }
    }
}
