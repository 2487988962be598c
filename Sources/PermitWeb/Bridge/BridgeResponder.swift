import Foundation
import Logging
import Permit
import PermitSupport

/// Answers the page's messages: checks where each comes from, decodes it into a ``BridgeMethod`` and
/// carries it out against the center, the policy and the device. It keeps no state of its own; the page's
/// view of the statuses is the ``WebBridge``'s.
///
/// A message is accepted only from the main frame of an allow-listed origin (scheme, host and port compared),
/// as the web view reports them; anything else is answered with an error and changes nothing. A page's
/// permission request goes through the app's `PromptPolicy` alone (primer, budget, "never twice"), with the
/// app's `PrimerPresenter` showing the primer.
struct BridgeResponder: Sendable {
    let policy: PromptPolicy
    let primers: (any PrimerPresenter)?
    let configuration: BridgeConfiguration
    let location: any LocationProvider
    let haptics: any HapticFeedbackPlayer
    let settings: (any SettingsOpener)?
    let logger: Logger

    var center: PermissionCenter { policy.center }

    /// Answers one message with the reply text: `{id, result}` or `{id, error}`. After a permission request,
    /// `page` catches up with the center before the reply goes out, so that the page's statuses and its update
    /// event come first.
    func reply(to message: WebMessage, page: WebBridge) async -> String {
        guard message.frame.isMainFrame else { return refuse(.notMainFrame, message) }
        guard let origin = message.frame.origin, configuration.allowedOrigins.contains(origin) else {
            return refuse(.forbiddenOrigin, message)
        }
        let request: BridgeRequest
        switch BridgeRequest.decode(message.body, maximumSize: configuration.maximumMessageSize) {
        case .success(let decoded): request = decoded
        case .failure(let failure):
            logger.notice("bridge refused a message", metadata: ["code": "\(failure.error.code)"])
            return BridgeReply.error(id: failure.id, failure.error)
        }
        logger.debug("bridge call", metadata: ["method": "\(request.method)", "id": "\(request.id)"])
        do {
            return BridgeReply.result(id: request.id, try await perform(try BridgeMethod(request), page: page))
        } catch {
            return BridgeReply.error(id: request.id, error)
        }
    }

    private func refuse(_ error: BridgeError, _ message: WebMessage) -> String {
        logger.notice(
            "bridge refused a message",
            metadata: ["code": "\(error.code)", "origin": "\(message.frame.origin?.description ?? "none")"])
        return BridgeReply.error(id: nil, error)
    }

    private func perform(_ method: BridgeMethod, page: WebBridge) async throws(BridgeError) -> JSONValue {
        switch method {
        case .getPermissions:
            return await page.statuses().json
        case .requestPermission(let type):
            return .string(try await request(type, page: page).bridgeStatus.rawValue)
        case .getCurrentLocation:
            return try await currentLocation()
        case .hapticFeedback(let style):
            await haptics.play(style)
            return .null
        case .openSettings:
            guard let settings else { throw .unavailable }
            logger.info("the page opens Settings")
            return .bool(await settings.openSettings())
        }
    }

    private func request(_ type: String, page: WebBridge) async throws(BridgeError) -> PermissionStatus {
        guard let kind = PermissionKind(rawValue: type), center.kinds.contains(kind) else { throw .unknownPermission }
        do {
            let outcome = try await policy.request(kind, presentingPrimerWith: primers)
            await page.catchUp()
            return outcome.state.status
        } catch {
            logger.notice("page permission request failed", metadata: ["kind": "\(kind)", "error": "\(error)"])
            throw .requestFailed
        }
    }

    private func currentLocation() async throws(BridgeError) -> JSONValue {
        // Read without a hop onto the center's actor when it has started (every call of a bridged page).
        let latest = center.latestStatus(for: .location)
        let status = if let latest { latest } else { await center.state(for: .location)?.status }
        guard let status, status.isUsable else { throw .permissionDenied }
        do {
            let fix = try await location.currentLocation()
            return .object([
                "latitude": .number(fix.latitude), "longitude": .number(fix.longitude),
                "accuracy": .number(fix.accuracy),
                "timestamp": .integer(Int64((fix.timestamp.timeIntervalSince1970 * 1000).rounded())),
            ])
        } catch let error as LocationError {
            throw error == .permissionDenied ? .permissionDenied : error == .timedOut ? .timeout : .locationUnavailable
        } catch {
            throw .locationUnavailable
        }
    }
}
