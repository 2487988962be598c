import Foundation
public import Logging
public import Permit

/// Connects a web page to the permission center: installs the bridge script, answers the page's calls and
/// pushes every native change to the page.
///
/// The router accepts a message only from the main frame of an allow-listed origin (scheme, host and port
/// compared), as the web view reports them; anything else is answered with an error and changes nothing.
/// Page requests reach the OS only for a permission never asked before, so however often a page asks, the
/// user sees at most one prompt per permission.
///
/// For example:
///
/// ```swift
/// let router = BridgeRouter(
///     center: center, configuration: .zoobox(allowedOrigins: [try WebOrigin("https://app.zoobox.com")]),
///     location: locationProvider, haptics: haptics, logger: logger)
/// try await router.attach(to: webViewHost)
/// ```
public actor BridgeRouter {
    /// Asks the OS for a permission on the page's behalf and returns the resulting status.
    public typealias PermissionRequester = @Sendable (PermissionKind) async throws -> PermissionStatus

    private let center: PermissionCenter
    private let configuration: BridgeConfiguration
    private let location: any LocationProvider
    private let haptics: any HapticFeedbackPlayer
    private let requester: PermissionRequester
    private let logger: Logger

    private var host: (any WebViewHost)?
    /// A secret shared with this router's bridge scripts: the page cannot forge a push without it.
    private let nonce = UUID().uuidString
    private var scriptID: UserScriptID?
    private var installedStatuses: BridgeStatuses?
    private var changesTask: Task<Void, Never>?
    /// The latest page update; each waits for the one before, so updates never interleave.
    private var updateChain: Task<Void, Never>?

    /// Creates a router; call ``attach(to:)`` to connect it to a web view.
    ///
    /// - Parameters:
    ///   - center: The permission center whose state the page sees.
    ///   - configuration: The names the page uses and the origins allowed to use the bridge.
    ///   - location: Answers `getCurrentLocation()` while the location permission is usable.
    ///   - haptics: Plays `hapticFeedback(style)`.
    ///   - requester: Asks the OS for a permission the page requested; by default the center's
    ///     `request(_:)`. Pass the app's prompt policy here to rate-limit page requests like native ones.
    ///   - logger: Receives refused messages at `notice` and calls at `debug`.
    public init(
        center: PermissionCenter, configuration: BridgeConfiguration, location: any LocationProvider,
        haptics: any HapticFeedbackPlayer, requester: PermissionRequester? = nil, logger: Logger
    ) {
        self.center = center
        self.configuration = configuration
        self.location = location
        self.haptics = haptics
        self.requester = requester ?? { kind in try await center.request(kind).status }
        self.logger = logger
    }

    /// Creates a router whose page requests go through the app's prompt policy, so that the page is held to
    /// the same rules as native code: no prompt during startup for a lazy permission, the prompt budget and
    /// cooldown, never a second prompt after an answer.
    ///
    /// - Parameters:
    ///   - policy: The app's prompt policy; its center is the one the page sees.
    ///   - configuration: The names the page uses and the origins allowed to use the bridge.
    ///   - location: Answers `getCurrentLocation()` while the location permission is usable.
    ///   - haptics: Plays `hapticFeedback(style)`.
    ///   - logger: Receives refused messages at `notice` and calls at `debug`.
    public init(
        policy: PromptPolicy, configuration: BridgeConfiguration, location: any LocationProvider,
        haptics: any HapticFeedbackPlayer, logger: Logger
    ) {
        self.init(
            center: policy.center, configuration: configuration, location: location, haptics: haptics,
            requester: { kind in try await policy.request(kind).state.status }, logger: logger)
    }

    // MARK: - Attaching

    /// Installs the bridge in `host`: the document-start script holding the current statuses, the message
    /// handler, and the push of every change from now on. Pages loaded from then on have the bridge.
    ///
    /// - Throws: ``BridgeSetupError`` for a bad configuration, or the host's error when it refused a step.
    public func attach(to host: any WebViewHost) async throws {
        try configuration.validate()
        precondition(self.host == nil, "BridgeRouter.attach(to:) called twice")
        self.host = host
        let changes = center.changes()
        await center.start()
        try await installScript(BridgeStatuses(await center.states()))
        try await host.addMessageHandler(named: configuration.messageHandlerName) { [weak self] message in
            guard let self else { return BridgeReply.error(id: nil, .unavailable) }
            return await self.handle(message)
        }
        changesTask = Task { [weak self] in
            for await _ in changes {
                await self?.updatePage()
            }
        }
    }

    /// Stops pushing changes and removes the bridge script and message handler from the web view; the page
    /// loaded now keeps its bridge objects, but its calls fail from now on, and later documents have none.
    public func detach() async {
        changesTask?.cancel()
        changesTask = nil
        await updateChain?.value
        guard let host else { return }
        do {
            try await host.removeMessageHandler(named: configuration.messageHandlerName)
            if let scriptID { try await host.removeUserScript(scriptID) }
        } catch {
            logger.debug("bridge could not remove itself from the web view", metadata: ["error": "\(error)"])
        }
        scriptID = nil
        installedStatuses = nil
        self.host = nil
    }

    private func installScript(_ statuses: BridgeStatuses) async throws {
        guard let host, statuses != installedStatuses else { return }
        let newID = try await host.addUserScript(BridgeScript.source(configuration: configuration, statuses: statuses, nonce: nonce))
        if let scriptID { try await host.removeUserScript(scriptID) }
        scriptID = newID
        installedStatuses = statuses
    }

    /// Brings the loaded page and the document-start script up to date with the center, after any update
    /// already under way.
    private func updatePage() async {
        let previous = updateChain
        let task = Task {
            await previous?.value
            await self.pushCurrentStatuses()
        }
        updateChain = task
        await task.value
    }

    private func pushCurrentStatuses() async {
        guard let host else { return }
        let statuses = BridgeStatuses(await center.states())
        // A change the page cannot see (a first observation, a status with the same seed string) is not pushed.
        guard statuses != installedStatuses else { return }
        // The page first, then the script for the next document: a document that loads in between fetches
        // the statuses in its handshake.
        do {
            try await host.evaluateJavaScript(BridgeScript.push(configuration: configuration, statuses: statuses, nonce: nonce))
            logger.debug("bridge pushed permission statuses", metadata: ["statuses": "\(statuses.statuses)"])
        } catch {
            logger.debug("bridge could not push statuses to the page", metadata: ["error": "\(error)"])
        }
        do {
            try await installScript(statuses)
        } catch {
            // The web view is restarting or closed; the next install will carry the latest statuses.
            logger.debug("bridge could not update its document-start script", metadata: ["error": "\(error)"])
        }
    }

    // MARK: - Messages

    /// Answers one message from the page with the reply text: `{id, result}` or `{id, error}`.
    func handle(_ message: WebMessage) async -> String {
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
            return BridgeReply.result(id: request.id, try await route(request))
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

    private func route(_ request: BridgeRequest) async throws(BridgeError) -> JSONValue {
        switch request.method {
        case "hello", "getPermissions":
            try expectParams(request, [])
            return BridgeStatuses(await center.states()).json
        case "requestPermission":
            try expectParams(request, ["type"])
            guard let type = request.params["type"]?.stringValue else {
                throw .invalidParams("type must be a string")
            }
            return .string(try await requestFromPage(type).bridgeStatus.rawValue)
        case "getCurrentLocation":
            try expectParams(request, [])
            return try await currentLocation()
        case "hapticFeedback":
            try expectParams(request, ["style"])
            guard let style = request.params["style"]?.stringValue.flatMap(HapticStyle.init(rawValue:)) else {
                throw .invalidParams("style must be light, medium or heavy")
            }
            await haptics.play(style)
            return .null
        default:
            throw .unknownMethod
        }
    }

    private func expectParams(_ request: BridgeRequest, _ names: Set<String>) throws(BridgeError) {
        guard Set(request.params.keys) == names else {
            throw .invalidParams(
                names.isEmpty ? "\(request.method) takes no parameters"
                    : "\(request.method) takes exactly: \(names.sorted().joined(separator: ", "))")
        }
    }

    private func requestFromPage(_ type: String) async throws(BridgeError) -> PermissionStatus {
        guard let kind = PermissionKind(rawValue: type), let state = await center.state(for: kind) else {
            throw .unknownPermission
        }
        // Only a permission never asked before reaches the OS: after an answer, the page gets the status.
        guard state.status == .notDetermined, !state.hasPrompted else { return state.status }
        do {
            let status = try await requester(kind)
            // The page's statuses and its update event come before the promise resolves.
            await updatePage()
            return status
        } catch {
            logger.notice("page permission request failed", metadata: ["kind": "\(kind)", "error": "\(error)"])
            throw .requestFailed
        }
    }

    private func currentLocation() async throws(BridgeError) -> JSONValue {
        guard let state = await center.state(for: .location), state.isUsable else { throw .permissionDenied }
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
