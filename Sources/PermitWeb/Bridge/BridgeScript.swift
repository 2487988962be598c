import Foundation
import Permit
import PermitSupport

/// The bridge's page script: the `bridge.js` resource with its configuration filled in as JSON.
enum BridgeScript {
    static let placeholder = "__PERMIT_CONFIG__"
    /// Where `bridge.js` takes `web-permissions.js`, `web-requests.js` and `web-push.js`, inside its closure.
    static let platformMarker = "/*__PERMIT_WEB_PLATFORM__*/"

    /// The resources' text, read once: `bridge.js` with the web platform's files in their place.
    static let template: String = {
        let platform = resource("web-permissions") + "\n" + resource("web-requests") + "\n" + resource("web-push")
        let bridge = resource("bridge")
        guard let range = bridge.range(of: platformMarker) else { return bridge }
        return bridge.replacingCharacters(in: range, with: platform)
    }()

    private static func resource(_ name: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: "js"), let data = try? Data(contentsOf: url)
        else {
            preconditionFailure("PermitWeb's \(name).js resource is missing from its bundle")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// How long after a trusted input event a page's permission call still counts as the person's own: the
    /// transient-activation window of Chromium and WebKit, 5 seconds.
    static let gestureWindow: Duration = .seconds(5)

    /// The global the bridge receives native pushes through (non-writable, and useless without the nonce).
    static func receiverName(_ configuration: BridgeConfiguration) -> String {
        "__permitBridge_" + configuration.messageHandlerName
    }

    /// The script to install, with the statuses the page sees before its first script runs.
    static func source(
        configuration: BridgeConfiguration, statuses: BridgeStatuses, nonce: String, gestureKey: String
    ) -> String {
        let config = JSONValue.object([
            "handler": .string(configuration.messageHandlerName),
            "receiver": .string(receiverName(configuration)),
            "nonce": .string(nonce),
            "gestureKey": .string(gestureKey),
            "origins": .array(configuration.allowedOrigins.map { .string($0.description) }.sorted { $0.jsonText < $1.jsonText }),
            "permissionsObject": .string(configuration.permissionsObjectName),
            "bridgeObject": .string(configuration.bridgeObjectName),
            "updateEvent": .string(configuration.updateEventName),
            "answersQuery": .bool(configuration.answersPermissionsQuery),
            "answersRequests": .bool(configuration.answersWebPermissionRequests),
            "gestureWindow": .integer(gestureWindow.components.seconds * 1000),
            "statuses": statuses.statusesJSON,
            "details": statuses.detailsJSON,
            "webPush": configuration.webPush.map { options in
                JSONValue.object(["path": .string(options.subscriptionPath), "replace": .bool(options.replacesEnginePush)])
            } ?? .null,
        ])
        // Only the argument of the final call is filled in: one occurrence, at the end of the template.
        guard let range = template.range(of: placeholder, options: .backwards) else { return template }
        return template.replacingCharacters(in: range, with: config.jsonText)
    }

    /// JavaScript that hands `update`, a JSON object, to the bridge of the current document, if it has one, with
    /// the nonce that proves it native: the one shape of every push (statuses, a Web Push message, a location fix,
    /// a return from Settings, notification settings), evaluated in the loaded page or installed as a document-start
    /// script. It runs in every frame; only the bridge of a trusted main frame applies it.
    static func deliver(_ update: JSONValue, configuration: BridgeConfiguration, nonce: String) -> String {
        let key = JSONValue.string(receiverName(configuration)).jsonText
        return "(function (h) { if (typeof h === 'function') { h(\(JSONValue.string(nonce).jsonText), "
            + "\(update.jsonText)); } })(window[\(key)]);"
    }

    /// JavaScript that hands a Web Push message to the bridge of the current document, if it has one, for the
    /// `push` event of its registration.
    static func push(configuration: BridgeConfiguration, message: WebPushMessage, nonce: String) -> String {
        let push = JSONValue.object([
            "subscription": .string(message.subscription),
            "origin": message.origin.map(JSONValue.string) ?? .null,
            "payload": message.payload.map { .string(Data($0).base64EncodedString()) } ?? .null,
        ])
        return deliver(.object(["push": push]), configuration: configuration, nonce: nonce)
    }

    /// JavaScript that hands the location stream's next fix, or its failure, to the bridge of the current
    /// document, if it has one, for the page's watches: `{location: {fix}}` with the fix as `getCurrentLocation()`
    /// answers it, or `{location: {error: {code}}}` with a ``BridgeError`` code.
    static func push(configuration: BridgeConfiguration, location: JSONValue, nonce: String) -> String {
        deliver(.object(["location": location]), configuration: configuration, nonce: nonce)
    }

    /// JavaScript that hands `statuses` to the bridge of the current document, if it has one: evaluated to push
    /// a change to the loaded page, and installed after the bridge's script as the status script that gives later
    /// documents the change.
    static func push(configuration: BridgeConfiguration, statuses: BridgeStatuses, nonce: String) -> String {
        deliver(statuses.json, configuration: configuration, nonce: nonce)
    }
}

/// The statuses a page sees: the bridge's strings per kind, plus the raw status where the bridge's string hides
/// a detail (limited, provisional, unavailable, approximate, ...: ``PermissionStatus/hasBridgeDetail``).
struct BridgeStatuses: Hashable, Sendable {
    /// What the page's `statuses` shows for each kind.
    var statuses: [PermissionKind: BridgeStatus]
    /// The exact status of each kind whose bridge status hides a detail.
    var details: [PermissionKind: PermissionStatus]

    init(_ states: [PermissionState]) {
        statuses = Dictionary(uniqueKeysWithValues: states.map { ($0.kind, $0.status.bridgeStatus) })
        details = Dictionary(
            uniqueKeysWithValues: states.compactMap { state in state.status.hasBridgeDetail ? (state.kind, state.status) : nil })
    }

    /// Sets one kind's status, as the page sees it.
    mutating func set(_ status: PermissionStatus, for kind: PermissionKind) {
        statuses[kind] = status.bridgeStatus
        details[kind] = status.hasBridgeDetail ? status : nil
    }

    var statusesJSON: JSONValue { Self.object(statuses, \.rawValue) }
    var detailsJSON: JSONValue { Self.object(details, \.rawValue) }
    var json: JSONValue { .object(["statuses": statusesJSON, "details": detailsJSON]) }

    /// A JSON object of strings keyed by the kinds' web names.
    private static func object<Value>(_ values: [PermissionKind: Value], _ text: (Value) -> String) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, JSONValue.string(text($0.value))) }))
    }
}
