public import Foundation
public import Logging
import Permit
public import PermitWeb

/// A `WebViewHost` over headless Chromium, driven by the DevTools protocol on a pipe: the web view that
/// stands in for `WKWebView` on Linux, in tests, the demo and the shell.
///
/// Chromium runs in a process group of its own, resolves only loopback host names, and cannot reach anything
/// outside the machine. When it dies, the web view starts it again, re-applies every script, handler and
/// cookie it was given, reloads the last page, and reports `WebViewEvent.terminated(reason:)` then
/// `WebViewEvent.restarted`. ``close()`` shuts it down cleanly, which is when Chromium writes its cookies
/// to disk; a web view released without closing kills its process group.
///
/// Message handlers get the frame and origin of the execution context that posted, as Chromium reports it.
/// A cross-site iframe runs in a process of its own and has no handlers at all (`WKWebView` gives every frame
/// the handlers, and the bridge refuses them by frame). JavaScript dialogs are dismissed at once, as
/// `WKWebView` does without a UI delegate: `alert` returns, `confirm` answers `false`, `prompt` `null`, and a
/// `beforeunload` dialog lets the navigation go on.
///
/// Creating a web view sets SIGPIPE to be ignored in this process, so that writing to a browser that just
/// died fails with an error instead of ending the process.
///
/// For example:
///
/// ```swift
/// let webView = try await ChromiumWebView.launch(logger: logger)
/// try await router.attach(to: webView)
/// try await webView.load(URL(string: "http://localhost:8080/")!)
/// let title = try await webView.evaluateJavaScript("document.title")   // "\"Permit demo\""
/// await webView.close()
/// ```
public actor ChromiumWebView: WebViewHost {
    private struct Context {
        var frameID: String
        var origin: WebOrigin?
        var uniqueID: String
    }

    private struct CookieKey: Hashable {
        var name: String
        var domain: String
        var path: String
    }

    private enum Phase {
        case running
        case restarting(Task<Void, any Error>)
        case closed
    }

    /// How long one DevTools command may take before it fails with ``ChromiumError/timedOut``.
    private static let commandTimeout = Duration.seconds(30)
    /// More terminations than this within ``restartWindow`` and the web view gives up restarting.
    private static let restartLimit = 5
    private static let restartWindow = Duration.seconds(60)

    private let configuration: ChromiumConfiguration
    private let executable: URL
    private let profile: URL
    private let ownsProfile: Bool
    private let logger: Logger
    /// A secret the transport's reply hook requires, so that page script cannot settle its promises.
    private let replyNonce = UUID().uuidString

    private var phase = Phase.running
    private var process: ChromiumProcess?
    private var generation = 0
    private var sessionID = ""
    private var mainFrameID = ""
    private var contexts: [Int64: Context] = [:]
    private var recentTerminations: [ContinuousClock.Instant] = []

    private var scripts: [(id: UserScriptID, source: String)] = []
    private var nextScriptNumber = 0
    /// The browser's identifiers of the installed transport shim and user scripts.
    private var installedShim: String?
    private var installedScripts: [UserScriptID: String] = [:]
    private var scriptSync: Task<Void, any Error>?
    private var handlers: [String: @Sendable (WebMessage) async -> String] = [:]
    private var cookiesSet: [CookieKey: Cookie] = [:]

    private var lastURL: URL?
    private var currentURL: URL?
    private var loadWaiters: [String: CheckedContinuation<Void, any Error>] = [:]
    private var finishedLoads: [String] = []

    private var observers: [(id: WebViewObserverID, handler: @Sendable (WebViewEvent) async -> Void)] = []
    private var nextObserverNumber = 0
    private let observerEvents: AsyncStream<WebViewEvent>
    private let observerContinuation: AsyncStream<WebViewEvent>.Continuation
    private var observerTask: Task<Void, Never>?

    private init(configuration: ChromiumConfiguration, executable: URL, profile: URL, ownsProfile: Bool, logger: Logger) {
        self.configuration = configuration
        self.executable = executable
        self.profile = profile
        self.ownsProfile = ownsProfile
        self.logger = logger
        (observerEvents, observerContinuation) = AsyncStream.makeStream(of: WebViewEvent.self)
    }

    deinit {
        // Released without close(): nothing may outlive the web view.
        process?.pipe.close()
        process?.killGroup()
        observerContinuation.finish()
        if ownsProfile { try? FileManager.default.removeItem(at: profile) }
    }

    // MARK: - Launching

    /// The Chromium executable to run: `PERMIT_CHROMIUM` when it is set (and only it), else the binary Debian's
    /// `chromium` package installs under `lib/chromium/` (run directly, not through its wrapper script); `nil`
    /// when that file is not an executable.
    public static func locateExecutable() -> URL? {
        let path = ProcessInfo.processInfo.environment["PERMIT_CHROMIUM"] ?? "/usr/lib/chromium/chromium"
        return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
    }

    /// Starts Chromium with a blank page and returns the web view once it answers.
    ///
    /// - Throws: ``ChromiumError/notInstalled`` when no executable is found, ``ChromiumError/launchFailed``
    ///   when it does not start or answer within 20 seconds, or when a loopback host name is not a plain
    ///   host name.
    public static func launch(
        configuration: ChromiumConfiguration = ChromiumConfiguration(), logger: Logger
    ) async throws -> ChromiumWebView {
        try configuration.validate()
        guard let executable = configuration.executable ?? locateExecutable() else { throw ChromiumError.notInstalled }
        let profile =
            configuration.userDataDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "permit-chromium-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let webView = ChromiumWebView(
            configuration: configuration, executable: executable, profile: profile,
            ownsProfile: configuration.userDataDirectory == nil, logger: logger)
        do {
            try await webView.startBrowser()
        } catch {
            await webView.close()
            throw error
        }
        await webView.startObserverDelivery()
        return webView
    }

    /// The process ID of the running browser (its process group has the same ID), or `nil` once closed.
    public func processID() -> Int32? {
        if case .closed = phase { return nil }
        return process?.pid
    }

    private func startObserverDelivery() {
        let events = observerEvents
        observerTask = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                for handler in await self.currentObservers() { await handler(event) }
            }
        }
    }

    private func currentObservers() -> [@Sendable (WebViewEvent) async -> Void] { observers.map(\.handler) }

    private func emit(_ event: WebViewEvent) {
        observerContinuation.yield(event)
    }

    /// Spawns Chromium, attaches to its page and applies everything this web view was given.
    private func startBrowser() async throws {
        generation += 1
        let generation = generation
        contexts = [:]
        let process = try ChromiumProcess.spawn(
            executable: executable.path, arguments: configuration.arguments(userDataDirectory: profile),
            logFile: configuration.logFile?.path)
        self.process = process
        logger.debug("chromium started", metadata: ["pid": "\(process.pid)"])
        let events = process.pipe.events
        Task { [weak self] in
            for await event in events {
                await self?.handle(event, generation: generation)
            }
            await self?.pipeClosed(generation: generation)
        }
        let pipe = process.pipe
        do {
            _ = try await withTimeout(.seconds(20)) { try await pipe.send("Browser.getVersion") }
        } catch {
            throw ChromiumError.launchFailed.withDetail("no answer on the DevTools pipe: \(error)")
        }
        let targets = try await command(pipe, "Target.getTargets")["targetInfos"]?.arrayValue ?? []
        let targetID: String
        if let page = targets.first(where: { $0["type"]?.stringValue == "page" })?["targetId"]?.stringValue {
            targetID = page
        } else {
            let created = try await command(pipe, "Target.createTarget", ["url": .string("about:blank")])
            targetID = created["targetId"]?.stringValue ?? ""
        }
        let attached = try await command(
            pipe, "Target.attachToTarget", ["targetId": .string(targetID), "flatten": .bool(true)])
        guard let session = attached["sessionId"]?.stringValue else {
            throw ChromiumError.launchFailed.withDetail("could not attach to the page")
        }
        sessionID = session
        mainFrameID = targetID
        for method in ["Page.enable", "Runtime.enable", "Network.enable", "Inspector.enable"] {
            _ = try await command(pipe, method, session: session)
        }
        _ = try await command(pipe, "Page.setLifecycleEventsEnabled", ["enabled": .bool(true)], session: session)
        _ = try await command(pipe, "Runtime.addBinding", ["name": .string(HostShim.bindingName)], session: session)
        installedShim = nil
        installedScripts = [:]
        // Not through connection(): during a restart that would wait for this very start to finish.
        try await installScripts(pipe: pipe, session: session)
        for cookie in cookiesSet.values {
            try await writeCookie(cookie, pipe: pipe, session: session)
        }
    }

    /// Sends a command, failing with ``ChromiumError/timedOut`` when the browser does not answer in time.
    private func command(
        _ pipe: DevToolsPipe, _ method: String, _ params: [String: JSONValue] = [:], session: String? = nil,
        timeout: Duration = commandTimeout
    ) async throws -> JSONValue {
        try await withTimeout(timeout) { try await pipe.send(method, params, session: session) }
    }

    // MARK: - Events

    private func handle(_ event: DevToolsPipe.Event, generation: Int) async {
        guard generation == self.generation else { return }
        let params = event.params
        switch event.method {
        case "Runtime.executionContextCreated":
            guard let context = params["context"], let id = context["id"]?.integerValue,
                let frameID = context["auxData"]?["frameId"]?.stringValue,
                context["auxData"]?["isDefault"]?.boolValue == true,
                let uniqueID = context["uniqueId"]?.stringValue
            else { return }
            let origin = context["origin"]?.stringValue.flatMap { try? WebOrigin($0) }
            contexts[id] = Context(frameID: frameID, origin: origin, uniqueID: uniqueID)
        case "Runtime.executionContextDestroyed":
            if let id = params["executionContextId"]?.integerValue { contexts[id] = nil }
        case "Runtime.executionContextsCleared":
            contexts = [:]
        case "Runtime.bindingCalled":
            bindingCalled(params, generation: generation)
        case "Page.frameNavigated":
            guard let frame = params["frame"], frame["parentId"] == nil, let id = frame["id"]?.stringValue,
                let url = frame["url"]?.stringValue.flatMap(URL.init(string:))
            else { return }
            mainFrameID = id
            currentURL = url
            if url.scheme == "http" || url.scheme == "https" { lastURL = url }
            emit(.navigated(url))
        case "Page.lifecycleEvent":
            guard params["name"]?.stringValue == "load", params["frameId"]?.stringValue == mainFrameID,
                let loader = params["loaderId"]?.stringValue
            else { return }
            finishedLoads.append(loader)
            if finishedLoads.count > 16 { finishedLoads.removeFirst() }
            loadWaiters.removeValue(forKey: loader)?.resume()
            if let currentURL { emit(.loaded(currentURL)) }
        case "Page.javascriptDialogOpening":
            // As WKWebView without a UI delegate: dismissed at once; only beforeunload lets the page go.
            let accept = params["type"]?.stringValue == "beforeunload"
            if let pipe = process?.pipe {
                let session = sessionID
                Task { _ = try? await self.command(pipe, "Page.handleJavaScriptDialog", ["accept": .bool(accept)], session: session) }
            }
        case "Inspector.targetCrashed", "Inspector.detached":
            // Browser.close detaches the page too; only an unexpected loss means a restart.
            guard case .running = phase else { return }
            logger.warning("chromium's page went away; restarting the browser", metadata: ["event": "\(event.method)"])
            process?.killGroup()
        default:
            break
        }
    }

    private func bindingCalled(_ params: JSONValue, generation: Int) {
        guard params["name"]?.stringValue == HostShim.bindingName,
            let contextID = params["executionContextId"]?.integerValue,
            let payload = params["payload"]?.stringValue, payload.utf8.count <= HostShim.maximumPayloadSize,
            let message = try? JSONValue.parse(Data(payload.utf8)),
            let name = message["h"]?.stringValue, let n = message["n"]?.integerValue,
            let body = message["b"]?.stringValue,
            let context = contexts[contextID]
        else { return }
        let frame = WebFrame(isMainFrame: context.frameID == mainFrameID, origin: context.origin)
        guard let handler = handlers[name] else {
            Task { await self.reply(n, text: "no handler named \(name)", failed: true, to: context.uniqueID, generation: generation) }
            return
        }
        Task {
            let reply = await handler(WebMessage(body: body, frame: frame))
            await self.reply(n, text: reply, failed: false, to: context.uniqueID, generation: generation)
        }
    }

    /// Settles the page's promise, only in the very document that posted: a context of a later document or
    /// a restarted browser may reuse the number, never the unique id.
    private func reply(_ n: Int64, text: String, failed: Bool, to uniqueID: String, generation: Int) async {
        guard generation == self.generation, contexts.values.contains(where: { $0.uniqueID == uniqueID }),
            let pipe = process?.pipe
        else { return }
        _ = try? await command(
            pipe, "Runtime.evaluate",
            [
                "expression": .string(HostShim.reply(n, text: text, failed: failed, nonce: replyNonce)),
                "uniqueContextId": .string(uniqueID),
            ],
            session: sessionID, timeout: .seconds(10))
    }

    private func pipeClosed(generation: Int) async {
        guard generation == self.generation else { return }
        for waiter in loadWaiters.values { waiter.resume(throwing: ChromiumError.disconnected) }
        loadWaiters = [:]
        guard case .running = phase else { return }
        let reason = "Chromium exited"
        logger.warning("chromium went away", metadata: ["pid": "\(process?.pid ?? 0)"])
        emit(.terminated(reason: reason))
        let now = ContinuousClock.now
        recentTerminations = recentTerminations.filter { now - $0 < Self.restartWindow } + [now]
        guard configuration.restartsAfterTermination, recentTerminations.count <= Self.restartLimit else {
            if configuration.restartsAfterTermination {
                logger.error("chromium keeps dying; not restarting it", metadata: ["terminations": "\(recentTerminations.count)"])
            }
            phase = .closed
            return
        }
        let task = Task { try await self.restart() }
        phase = .restarting(task)
    }

    private var isRestarting: Bool {
        if case .restarting = phase { true } else { false }
    }

    private func restart() async throws {
        if let process {
            _ = await process.killGroupAndWait(timeout: .seconds(5))
        }
        guard isRestarting else { return }
        do {
            try await startBrowser()
        } catch {
            logger.error("chromium could not be restarted", metadata: ["error": "\(error)"])
            if isRestarting { phase = .closed }
            throw error
        }
        // Closed while starting: what was started belongs to nobody.
        guard isRestarting else {
            process?.pipe.close()
            if let process { _ = await process.killGroupAndWait(timeout: .seconds(5)) }
            return
        }
        phase = .running
        if let lastURL {
            _ = try? await navigate(to: lastURL)
        }
        logger.info("chromium restarted", metadata: ["pid": "\(process?.pid ?? 0)"])
        emit(.restarted)
    }

    /// The pipe and session to send on, once any restart in progress has finished.
    private func connection() async throws -> (DevToolsPipe, String) {
        switch phase {
        case .closed: throw ChromiumError.closed
        case .restarting(let task): try await task.value
        case .running: break
        }
        guard let process, case .running = phase else { throw ChromiumError.closed }
        return (process.pipe, sessionID)
    }

    // MARK: - Scripts and handlers

    public func addUserScript(_ source: String) async throws -> UserScriptID {
        nextScriptNumber += 1
        let id = UserScriptID(rawValue: nextScriptNumber)
        scripts.append((id, source))
        try await changeScripts { pipe, session in try await self.installIfNeeded(id, pipe: pipe, session: session) }
        return id
    }

    public func removeUserScript(_ id: UserScriptID) async throws {
        guard scripts.contains(where: { $0.id == id }) else { return }
        scripts.removeAll { $0.id == id }
        try await changeScripts { pipe, session in try await self.uninstall(id, pipe: pipe, session: session) }
    }

    /// Adds a script after every installed one, so after the shim: no reinstall needed.
    private func installIfNeeded(_ id: UserScriptID, pipe: DevToolsPipe, session: String) async throws {
        guard installedScripts[id] == nil, let script = scripts.first(where: { $0.id == id }) else { return }
        try await install(script, pipe: pipe, session: session)
    }

    private func uninstall(_ id: UserScriptID, pipe: DevToolsPipe, session: String) async throws {
        guard let identifier = installedScripts.removeValue(forKey: id) else { return }
        _ = try await command(
            pipe, "Page.removeScriptToEvaluateOnNewDocument", ["identifier": .string(identifier)], session: session)
    }

    public func addMessageHandler(
        named name: String, _ handler: @escaping @Sendable (WebMessage) async -> String
    ) async throws {
        let isNew = handlers[name] == nil
        handlers[name] = handler
        guard isNew else { return }  // a replaced handler needs no new shim
        try await changeScripts { pipe, session in try await self.installScripts(pipe: pipe, session: session) }
    }

    public func removeMessageHandler(named name: String) async throws {
        guard handlers.removeValue(forKey: name) != nil else { return }
        try await changeScripts { pipe, session in try await self.installScripts(pipe: pipe, session: session) }
    }

    /// Runs one change to the browser's document-start scripts after the changes before it, so that
    /// concurrent changes never install a script twice or orphan one.
    private func changeScripts(
        _ change: @escaping @Sendable (DevToolsPipe, String) async throws -> Void
    ) async throws {
        let previous = scriptSync
        let task = Task {
            _ = try? await previous?.value
            let (pipe, session) = try await self.connection()
            try await change(pipe, session)
        }
        scriptSync = task
        try await task.value
    }

    /// Reinstalls everything: the transport shim first, then every user script in order, so that each script
    /// sees every handler at document start whatever order they were added in.
    private func installScripts(pipe: DevToolsPipe, session: String) async throws {
        let stale = (installedShim.map { [$0] } ?? []) + Array(installedScripts.values)
        installedShim = nil
        installedScripts = [:]
        for identifier in stale {
            _ = try await command(
                pipe, "Page.removeScriptToEvaluateOnNewDocument", ["identifier": .string(identifier)], session: session)
        }
        if !handlers.isEmpty {
            installedShim = try await addScript(
                HostShim.source(handlerNames: Array(handlers.keys), nonce: replyNonce), pipe: pipe, session: session)
        }
        for script in scripts {
            try await install(script, pipe: pipe, session: session)
        }
    }

    private func install(_ script: (id: UserScriptID, source: String), pipe: DevToolsPipe, session: String) async throws {
        installedScripts[script.id] = try await addScript(script.source, pipe: pipe, session: session)
    }

    private func addScript(_ source: String, pipe: DevToolsPipe, session: String) async throws -> String? {
        let added = try await command(
            pipe, "Page.addScriptToEvaluateOnNewDocument", ["source": .string(source)], session: session)
        return added["identifier"]?.stringValue
    }

    // MARK: - Page

    @discardableResult
    public func evaluateJavaScript(_ source: String) async throws -> String? {
        let (pipe, session) = try await connection()
        let evaluated = try await command(
            pipe, "Runtime.evaluate",
            ["expression": .string(source), "returnByValue": .bool(true), "awaitPromise": .bool(true)],
            session: session)
        if let exception = evaluated["exceptionDetails"] {
            // The page's own text stays out of the error: it may hold user data.
            let kind = exception["exception"]?["className"]?.stringValue ?? "exception"
            throw ChromiumError.javaScriptException.withDetail(kind)
        }
        guard let result = evaluated["result"], result["type"]?.stringValue != "undefined" else { return nil }
        return result["value"]?.jsonText
    }

    public func load(_ url: URL) async throws {
        _ = try await connection()
        lastURL = url
        try await navigate(to: url)
    }

    private func navigate(to url: URL) async throws {
        let (pipe, session) = try await connection()
        let navigated = try await command(pipe, "Page.navigate", ["url": .string(url.absoluteString)], session: session)
        if let error = navigated["errorText"]?.stringValue {
            throw ChromiumError.navigationFailed.withDetail("\(url.absoluteString): \(error)")
        }
        guard let loader = navigated["loaderId"]?.stringValue else { return }  // same-document navigation
        try await withTimeout(configuration.loadTimeout) {
            try await self.waitForLoad(loader)
        }
    }

    private func waitForLoad(_ loader: String) async throws {
        if finishedLoads.contains(loader) { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                loadWaiters[loader] = continuation
            }
        } onCancel: {
            Task { await self.cancelLoadWait(loader) }
        }
    }

    private func cancelLoadWait(_ loader: String) {
        loadWaiters.removeValue(forKey: loader)?.resume(throwing: CancellationError())
    }

    /// A PNG screenshot of the page as it is shown now.
    public func screenshot() async throws -> Data {
        let (pipe, session) = try await connection()
        let captured = try await command(pipe, "Page.captureScreenshot", ["format": .string("png")], session: session)
        guard let base64 = captured["data"]?.stringValue, let data = Data(base64Encoded: base64) else {
            throw ChromiumError.protocolError.withDetail("no screenshot data")
        }
        return data
    }

    // MARK: - Cookies

    public func setCookie(_ cookie: Cookie) async throws {
        // Recorded first, so that a delete that follows wins whatever order the writes finish in.
        cookiesSet[CookieKey(name: cookie.name, domain: cookie.domain, path: cookie.path)] = cookie
        let (pipe, session) = try await connection()
        try await writeCookie(cookie, pipe: pipe, session: session)
    }

    private func writeCookie(_ cookie: Cookie, pipe: DevToolsPipe, session: String) async throws {
        var params: [String: JSONValue] = [
            "name": .string(cookie.name), "value": .string(cookie.value), "path": .string(cookie.path),
            "secure": .bool(cookie.isSecure), "httpOnly": .bool(cookie.isHTTPOnly),
        ]
        if cookie.sameSite != .unspecified { params["sameSite"] = .string(cookie.sameSite.rawValue) }
        if cookie.isHostOnly {
            params["url"] = .string("\(cookie.isSecure ? "https" : "http")://\(cookie.domain)\(cookie.path)")
        } else {
            params["domain"] = .string("." + cookie.domain)
        }
        if let expires = cookie.expires { params["expires"] = .number(expires.timeIntervalSince1970) }
        let result = try await command(pipe, "Network.setCookie", params, session: session)
        if result["success"]?.boolValue == false {
            throw ChromiumError.protocolError.withDetail("Chromium refused cookie \(cookie.name)")
        }
    }

    public func cookies() async throws -> [Cookie] {
        let (pipe, _) = try await connection()
        let all = try await command(pipe, "Storage.getCookies")["cookies"]?.arrayValue ?? []
        return all.compactMap { entry in
            guard let name = entry["name"]?.stringValue, let value = entry["value"]?.stringValue,
                let domain = entry["domain"]?.stringValue
            else { return nil }
            let isSession = entry["session"]?.boolValue ?? true
            return Cookie(
                name: name, value: value, domain: domain.hasPrefix(".") ? String(domain.dropFirst()) : domain,
                isHostOnly: !domain.hasPrefix("."), path: entry["path"]?.stringValue ?? "/",
                expires: isSession ? nil : entry["expires"]?.doubleValue.map(Date.init(timeIntervalSince1970:)),
                isSecure: entry["secure"]?.boolValue ?? false, isHTTPOnly: entry["httpOnly"]?.boolValue ?? false,
                sameSite: entry["sameSite"]?.stringValue.flatMap(Cookie.SameSite.init(rawValue:)) ?? .unspecified)
        }
    }

    public func deleteCookie(named name: String, domain: String, path: String) async throws {
        cookiesSet[CookieKey(name: name, domain: domain, path: path)] = nil
        let (pipe, session) = try await connection()
        for scope in [domain, "." + domain] {
            _ = try await command(
                pipe, "Network.deleteCookies", ["name": .string(name), "domain": .string(scope), "path": .string(path)],
                session: session)
        }
    }

    // MARK: - Events and closing

    public func addEventObserver(_ handler: @escaping @Sendable (WebViewEvent) async -> Void) -> WebViewObserverID {
        nextObserverNumber += 1
        let id = WebViewObserverID(rawValue: nextObserverNumber)
        observers.append((id, handler))
        return id
    }

    public func removeEventObserver(_ id: WebViewObserverID) {
        observers.removeAll { $0.id == id }
    }

    /// Shuts Chromium down cleanly (it writes its cookies to disk then), kills anything left in its process
    /// group, and removes a temporary profile. A restart under way is stopped first. Calling it again does
    /// nothing.
    public func close() async {
        if case .closed = phase, process == nil { return }
        let restart: Task<Void, any Error>? = if case .restarting(let task) = phase { task } else { nil }
        phase = .closed
        if let restart {
            restart.cancel()
            _ = try? await restart.value
        }
        for waiter in loadWaiters.values { waiter.resume(throwing: ChromiumError.closed) }
        loadWaiters = [:]
        if let process {
            let pipe = process.pipe
            _ = try? await withTimeout(.seconds(5)) { try await pipe.send("Browser.close") }
            let exited = (try? await withTimeout(.seconds(5)) { await process.waitForExit() }) != nil && process.hasExited
            if !exited { logger.warning("chromium did not exit after Browser.close; killing it") }
            pipe.close()
            if await !process.killGroupAndWait(timeout: .seconds(5)) {
                logger.warning("chromium helpers still running after close", metadata: ["pgid": "\(process.pid)"])
            }
        }
        process = nil
        observerContinuation.finish()
        if ownsProfile { try? FileManager.default.removeItem(at: profile) }
    }
}

/// Runs `operation`, throwing ``ChromiumError/timedOut`` if it takes longer than `duration`; the operation is
/// cancelled then, and must end promptly when it is.
func withTimeout<Value: Sendable>(
    _ duration: Duration, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: duration)
            throw ChromiumError.timedOut
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() else { throw ChromiumError.timedOut }
        return value
    }
}
