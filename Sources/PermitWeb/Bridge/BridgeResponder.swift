import Foundation
package import Logging
import Permit
import PermitSupport

/// Answers the page's messages: checks where each comes from, decodes it into a ``BridgeMethod`` and
/// carries it out against the center, the policy and the device. It keeps no state of its own; the page's
/// view of the statuses is the ``WebBridge``'s.
///
/// A message is accepted only from the main frame of an allow-listed origin (scheme, host and port compared),
/// as the web view reports them; anything else is answered with an error and changes nothing. A page's
/// permission request goes through the app's `PromptPolicy` alone (primer, budget, "never twice"), with the
/// app's `PrimerPresenter` showing the primer, and the person's own request for a denied kind is offered
/// Settings through the app's `SettingsOfferPresenter` before it is answered.
struct BridgeResponder: Sendable {
    let policy: PromptPolicy
    let primers: (any PrimerPresenter)?
    let settingsOffers: (any SettingsOfferPresenter)?
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
        case .hello:
            // A new document: the stream of the one before stops (bridge state resets on navigation).
            page.locationWatch.stop()
            return await page.statuses().json
        case .getPermissions:
            return await page.statuses().json
        case .requestPermission(let type, let gesture, let detail):
            // The person's own only with the proof that the bridge's script saw their gesture.
            let initiator: RequestInitiator = gesture == page.gestureKey ? .person : .app
            if gesture != nil, initiator == .app {
                logger.notice("bridge request claimed a gesture without the bridge's proof", metadata: ["kind": "\(type)"])
            }
            let answer = try await request(type, initiatedBy: initiator, page: page)
            if detail { return answer.json }
            // The plain answer of 1.0: a kind the manifest does not declare fails the request.
            guard answer.reason != BridgeRequestAnswer.undeclaredReason else { throw .requestFailed }
            return .string(answer.status.rawValue)
        case .getCurrentLocation(let highAccuracy):
            if highAccuracy { try await preciseLocation(page: page) }
            return try await currentLocation()
        case .watchLocation(let highAccuracy):
            if highAccuracy { try await preciseLocation(page: page) }
            guard try await usableLocation() else { throw .permissionDenied }
            guard page.locationWatch.watch() else { throw .unavailable }
            return .null
        case .clearLocationWatch:
            page.locationWatch.stop()
            return .null
        case .hapticFeedback(let style):
            await haptics.play(style)
            return .null
        case .openSettings(let intent):
            guard let settings else { throw .unavailable }
            logger.info("the page opens Settings", metadata: ["kind": "\(intent?.kind.rawValue ?? "none")"])
            guard let intent else { return .bool(await settings.openSettings()) }
            guard center.kinds.contains(intent.kind) else { throw .unknownPermission }
            do {
                return .bool(try await center.openSettings(for: intent, with: settings))
            } catch {
                throw .invalidParams("the intent cannot be recorded")
            }
        case .getNotificationSettings:
            guard let state = await center.state(for: .notifications), let details = state.notificationDetails else { return .null }
            return BridgeScript.notificationSettings(status: state.status, details: details)
        case .settingsReturnSeen(let id):
            await page.settingsReturnSeen(id: id)
            return .null
        }
    }

    /// Asks for `type` through the policy, and says what came of it. A kind the manifest does not declare is
    /// never asked: its answer says so (the plain answer is then ``BridgeError/requestFailed``, as in 1.0).
    private func request(
        _ type: String, initiatedBy initiator: RequestInitiator, page: WebBridge
    ) async throws(BridgeError) -> BridgeRequestAnswer {
        guard let kind = PermissionKind(rawValue: type), center.kinds.contains(kind) else { throw .unknownPermission }
        do {
            let outcome = try await policy.request(
                kind, presentingPrimerWith: primers, offeringSettingsWith: settingsOffers, opener: settings,
                initiatedBy: initiator)
            await page.catchUp()
            let answer = BridgeRequestAnswer(outcome)
            if let reason = answer.reason, !outcome.askedSystem {
                logger.info(
                    WebBridge.requestNotPromptedMessage,
                    metadata: [
                        "kind": "\(kind)", "initiator": "\(initiator)", "reason": "\(reason)", "next": "\(answer.next)",
                        "settingsOffer": "\(outcome.settingsOffer.map(\.rawValue) ?? "none")",
                    ])
            }
            return answer
        } catch let error as PolicyError where error == .kindNotDeclared {
            logger.notice("page asked for a permission the manifest does not declare", metadata: ["kind": "\(kind)"])
            guard let state = await center.state(for: kind) else { throw .requestFailed }
            return BridgeRequestAnswer(undeclared: state)
        } catch {
            logger.notice("page permission request failed", metadata: ["kind": "\(kind)", "error": "\(error)"])
            throw .requestFailed
        }
    }

    /// Whether location is usable: read without a hop onto the center's actor when it has started (every call
    /// of a bridged page).
    private func usableLocation() async throws(BridgeError) -> Bool {
        let latest = center.latestStatus(for: .location)
        let status = if let latest { latest } else { await center.state(for: .location)?.status }
        return status?.isUsable == true
    }

    /// The page's `enableHighAccuracy`: asks for precise location through the policy when location is
    /// approximate (at most once per launch, never without the declared purpose key), and catches the page up
    /// with the answer. The fix that follows is whatever accuracy the person allowed; the reason it is not
    /// precise is logged.
    private func preciseLocation(page: WebBridge) async throws(BridgeError) {
        guard center.latestStatus(for: .location) == .approximate else { return }
        do {
            let outcome = try await policy.requestTemporaryFullAccuracy(for: .location)
            if outcome.asked { await page.catchUp() }
            if let reason = outcome.reason {
                logger.info(
                    "the page asked for high accuracy; location stays approximate",
                    metadata: ["reason": "\(reason)", "asked": "\(outcome.asked)"])
            }
        } catch {
            logger.notice("the page asked for high accuracy; not asked", metadata: ["error": "\(error)"])
        }
    }

    private func currentLocation() async throws(BridgeError) -> JSONValue {
        guard try await usableLocation() else { throw .permissionDenied }
        do {
            return try await location.currentLocation().bridgeJSON
        } catch let error as LocationError {
            throw error == .permissionDenied ? .permissionDenied : error == .timedOut ? .timeout : .locationUnavailable
        } catch {
            throw .locationUnavailable
        }
    }
}

extension WebBridge {
    /// The `info` message the bridge logs when a page's permission request did not prompt, with the metadata
    /// `kind`, `initiator`, `reason`, `next` and `settingsOffer` (the person's choice at the offer of Settings,
    /// or `none`): what `permit shell` shows a person.
    package static let requestNotPromptedMessage: Logger.Message = "page permission request not prompted"
}
