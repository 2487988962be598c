import Permit
import PermitSupport

/// A page's call, decoded from a ``BridgeRequest`` with its parameters typed: what ``BridgeResponder``
/// answers.
///
/// Decoding checks the parameters exactly: each method takes the parameters listed here and no other, of
/// the type given, or the call is answered with ``BridgeError/invalidParams(_:)``.
enum BridgeMethod: Hashable, Sendable {
    /// `hello()`: a new document's handshake. The statuses the page sees; the location stream of the document
    /// before, if any, stops.
    case hello
    /// `getPermissions()`: the statuses the page sees.
    case getPermissions
    /// `requestPermission(type[, gesture][, detail])`: ask for a permission, through the app's policy.
    ///
    /// `gesture` is the proof, the bridge's gesture key, that the person's own gesture made the call; `detail` asks for
    /// the answer `{status, asked, reason, next, settingsOffer}` instead of the status string.
    case requestPermission(type: String, gesture: String?, detail: Bool)
    /// `getCurrentLocation([highAccuracy])`: the device's fix, while location is usable; with `highAccuracy`,
    /// precise location is asked for first when it is approximate (the page's `enableHighAccuracy`).
    case getCurrentLocation(highAccuracy: Bool)
    /// `watchLocation([highAccuracy])`: the page's first watch starts the document's stream of fixes, pushed to
    /// the page until `clearLocationWatch()`, the next document, or location stops being usable.
    case watchLocation(highAccuracy: Bool)
    /// `clearLocationWatch()`: the page's last watch ended; the stream stops.
    case clearLocationWatch
    /// `hapticFeedback(style)`: play an impact.
    case hapticFeedback(HapticStyle)
    /// `openSettings([intent])`: send the user to the app's page in Settings, through the app's `SettingsOpener`;
    /// with an intent (`{kind, feature, payload}`), recorded first, for the page to resume from when the person
    /// comes back.
    case openSettings(intent: SettingsIntent?)
    /// `settingsReturnSeen(id)`: the page dispatched the return from Settings with this id; later documents need
    /// not see it again.
    case settingsReturnSeen(id: String)
    /// `getNotificationSettings()`: the person's notification settings with the notifications status, or `null`.
    case getNotificationSettings

    /// Decodes the method and its parameters.
    ///
    /// - Throws: ``BridgeError/unknownMethod`` for a method the bridge does not know;
    ///   ``BridgeError/invalidParams(_:)`` for missing, extra or mistyped parameters.
    init(_ request: BridgeRequest) throws(BridgeError) {
        switch request.method {
        case "hello":
            try Self.expect(request, [])
            self = .hello
        case "getPermissions":
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
            self = .getCurrentLocation(highAccuracy: try Self.highAccuracy(request))
        case "watchLocation":
            self = .watchLocation(highAccuracy: try Self.highAccuracy(request))
        case "clearLocationWatch":
            try Self.expect(request, [])
            self = .clearLocationWatch
        case "hapticFeedback":
            try Self.expect(request, ["style"])
            guard let style = request.params["style"]?.stringValue.flatMap(HapticStyle.init(rawValue:)) else {
                throw .invalidParams("style must be light, medium or heavy")
            }
            self = .hapticFeedback(style)
        case "openSettings":
            try Self.expect(request, [], optional: ["kind", "feature", "payload"])
            self = .openSettings(intent: try Self.intent(request))
        case "getNotificationSettings":
            try Self.expect(request, [])
            self = .getNotificationSettings
        case "settingsReturnSeen":
            try Self.expect(request, ["id"])
            guard let id = request.params["id"]?.stringValue else { throw .invalidParams("id must be a string") }
            self = .settingsReturnSeen(id: id)
        default:
            throw .unknownMethod
        }
    }

    /// The intent `openSettings` carries: `kind` (a permission's name) with an optional `feature` and `payload`
    /// (strings), or none at all.
    private static func intent(_ request: BridgeRequest) throws(BridgeError) -> SettingsIntent? {
        let params = request.params
        guard let kindValue = params["kind"] else {
            guard params.isEmpty else { throw .invalidParams("feature and payload need a kind") }
            return nil
        }
        guard let name = kindValue.stringValue, let kind = PermissionKind(rawValue: name) else {
            throw .invalidParams("kind must be a permission's name")
        }
        var strings: [String: String] = [:]
        for key in ["feature", "payload"] {
            guard let value = params[key] else { continue }
            guard let text = value.stringValue else { throw .invalidParams("\(key) must be a string") }
            strings[key] = text
        }
        if let payload = strings["payload"], payload.utf8.count > SettingsIntent.maximumPayloadSize {
            throw .invalidParams("payload is over \(SettingsIntent.maximumPayloadSize) bytes")
        }
        return SettingsIntent(kind: kind, feature: strings["feature"], payload: strings["payload"])
    }

    /// The optional `highAccuracy` boolean of a location call, which takes no other parameter.
    private static func highAccuracy(_ request: BridgeRequest) throws(BridgeError) -> Bool {
        try expect(request, [], optional: ["highAccuracy"])
        let value = request.params["highAccuracy"]
        guard value == nil || value?.boolValue != nil else { throw .invalidParams("highAccuracy must be a boolean") }
        return value?.boolValue ?? false
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
