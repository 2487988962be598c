import Foundation
import Permit

/// The bridge's page script: the `bridge.js` resource with its configuration filled in as JSON.
enum BridgeScript {
    static let placeholder = "__PERMIT_CONFIG__"

    /// The resource's text, read once.
    static let template: String = {
        guard let url = Bundle.module.url(forResource: "bridge", withExtension: "js"),
            let data = try? Data(contentsOf: url)
        else {
            preconditionFailure("PermitWeb's bridge.js resource is missing from its bundle")
        }
        return String(decoding: data, as: UTF8.self)
    }()

    /// The script to install, with the statuses the page sees before its first script runs.
    static func source(configuration: BridgeConfiguration, statuses: BridgeStatuses) -> String {
        let config = JSONValue.object([
            "handler": .string(configuration.messageHandlerName),
            "permissionsObject": .string(configuration.permissionsObjectName),
            "bridgeObject": .string(configuration.bridgeObjectName),
            "updateEvent": .string(configuration.updateEventName),
            "answersQuery": .bool(configuration.answersPermissionsQuery),
            "statuses": statuses.statusesJSON,
            "details": statuses.detailsJSON,
        ])
        return template.replacingOccurrences(of: placeholder, with: config.jsonText)
    }

    /// JavaScript that hands `statuses` to the bridge of the current document, if it has one.
    static func push(configuration: BridgeConfiguration, statuses: BridgeStatuses) -> String {
        let key = JSONValue.string("permit.bridge." + configuration.messageHandlerName).jsonText
        return "(function (h) { if (typeof h === 'function') { h(\(statuses.json.jsonText)); } })"
            + "(window[Symbol.for(\(key))]);"
    }
}

/// The statuses a page sees: the seed's strings per kind, plus the raw status where the seed's string hides
/// a detail (limited, provisional, unavailable).
struct BridgeStatuses: Hashable, Sendable {
    var statuses: [String: String]
    var details: [String: String]

    init(_ states: [PermissionState]) {
        statuses = Dictionary(uniqueKeysWithValues: states.map { ($0.kind.rawValue, $0.status.bridgeStatus.rawValue) })
        details = Dictionary(
            uniqueKeysWithValues: states.compactMap { state in
                [.limited, .provisional, .unavailable].contains(state.status)
                    ? (state.kind.rawValue, state.status.rawValue) : nil
            })
    }

    var statusesJSON: JSONValue { .object(statuses.mapValues(JSONValue.string)) }
    var detailsJSON: JSONValue { .object(details.mapValues(JSONValue.string)) }
    var json: JSONValue { .object(["statuses": statusesJSON, "details": detailsJSON]) }
}
