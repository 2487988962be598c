import Foundation
import Logging
import Permit
import PermitSupport

// MARK: - Back from Settings

extension WebBridge {
    /// Gives the page the person's return from Settings: to the loaded page at once, and, until the page
    /// dispatched it, to every document that loads, at document start (the page of a relaunch loads after the
    /// center reported it). The page's `settingsReturn` property holds it from document start, and one
    /// `permitsettingsreturn` event carries it after the load; the page then says it was seen, and later
    /// documents no longer get it. A return the page dispatched already is not given again.
    func deliver(_ back: SettingsReturn) async {
        guard let host, !seenReturnIDs.contains(back.id) else { return }
        let script = BridgeScript.push(configuration: configuration, settingsReturn: back, nonce: nonce)
        do {
            let newID = try await host.addUserScript(script)
            if let settingsReturnScriptID { try await host.removeUserScript(settingsReturnScriptID) }
            settingsReturnScriptID = newID
        } catch {
            logger.debug("bridge could not keep the return from Settings for the next document", metadata: ["error": "\(error)"])
        }
        do {
            try await host.evaluateJavaScript(script)
        } catch {
            logger.debug("bridge could not give the loaded page the return from Settings", metadata: ["error": "\(error)"])
        }
        logger.info("bridge gave the page the return from Settings", metadata: ["kind": "\(back.intent.kind)"])
    }

    /// The page dispatched the return with `id`: later documents do not get it again.
    func settingsReturnSeen(id: String) async {
        guard let seen = UUID(uuidString: id), seenReturnIDs.insert(seen).inserted else { return }
        guard let host, let settingsReturnScriptID else { return }
        self.settingsReturnScriptID = nil
        do {
            try await host.removeUserScript(settingsReturnScriptID)
        } catch {
            logger.debug("bridge could not remove the return from Settings", metadata: ["error": "\(error)"])
        }
    }
}

extension BridgeScript {
    /// JavaScript that hands a return from Settings to the bridge of the current document, if it has one: the
    /// page's `settingsReturn` and its `permitsettingsreturn` event.
    static func push(configuration: BridgeConfiguration, settingsReturn back: SettingsReturn, nonce: String) -> String {
        let value = JSONValue.object([
            "id": .string(back.id.uuidString),
            "kind": .string(back.intent.kind.rawValue),
            "feature": back.intent.feature.map(JSONValue.string) ?? .null,
            "payload": back.intent.payload.map(JSONValue.string) ?? .null,
            "before": .string(back.before.bridgeStatus.rawValue),
            "after": .string(back.after.bridgeStatus.rawValue),
            "changed": .bool(back.before.bridgeStatus != back.after.bridgeStatus),
            "durationMs": .integer(Int64((back.duration / .milliseconds(1)).rounded())),
            "processWasTerminated": .bool(back.processWasTerminated),
        ])
        return deliver(.object(["settingsReturn": value]), configuration: configuration, nonce: nonce)
    }
}
