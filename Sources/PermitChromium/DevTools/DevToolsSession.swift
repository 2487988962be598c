import PermitWeb
/// Typed DevTools commands over a ``DevToolsPipe``: to the browser as a whole, or to one attached page.
///
/// A session is a value: the pipe it sends on and the page session it names, if any. Each command is encoded
/// from its ``DevToolsCommand`` value and its answer decoded into the command's `Result`, and fails with
/// `WebViewError.timedOut` when the browser does not answer in time.
///
/// For example:
///
/// ```swift
/// let (page, _) = try await DevToolsSession(pipe: process.pipe).attachToPage()
/// let navigated = try await page.send(DevTools.Page.Navigate(url: "http://localhost:8080/"))
/// ```
struct DevToolsSession: Sendable {
    /// How long one command may take before it fails with `WebViewError.timedOut`.
    static let commandTimeout = Duration.seconds(30)

    /// The transport.
    let pipe: DevToolsPipe
    /// The page session commands go to, or `nil` for the browser.
    let sessionID: String?

    /// A session on the browser as a whole.
    init(pipe: DevToolsPipe) {
        self.pipe = pipe
        self.sessionID = nil
    }

    /// A session on the attached page `sessionID`.
    private init(pipe: DevToolsPipe, sessionID: String) {
        self.pipe = pipe
        self.sessionID = sessionID
    }

    /// The session on the browser as a whole, for browser-wide commands such as `Storage.getCookies`.
    var browser: DevToolsSession { DevToolsSession(pipe: pipe) }

    // MARK: - Commands

    /// Sends `command` and returns its typed result.
    ///
    /// - Parameter cancellable: Whether a cancelled task stops waiting at once; `false` waits for the answer (or
    ///   the timeout) whatever happens to the task (`DevToolsPipe/send(_:_:session:timeout:cancellable:)`).
    /// - Throws: `WebViewError.timedOut` after `timeout`, `WebViewError.webContentTerminated` when the browser
    ///   goes away, `WebViewError.engineRefused` when it refuses the command or answers in another shape.
    @discardableResult
    func send<Command: DevToolsCommand>(
        _ command: Command, timeout: Duration = commandTimeout, cancellable: Bool = true
    ) async throws -> Command.Result {
        let parameters = try DevTools.parameters(of: command)
        let answer = try await pipe.send(
            Command.method, parameters, session: sessionID, timeout: timeout, cancellable: cancellable)
        return try DevTools.decode(Command.Result.self, from: answer, method: Command.method)
    }

    // MARK: - Attaching

    /// Finds the browser's page (or opens one) and attaches a session to it.
    ///
    /// - Returns: the page session and the page's target identifier, which is also its main frame's.
    /// - Throws: `WebViewError.launchFailed` when no session could be attached, or what a command threw.
    func attachToPage() async throws -> (page: DevToolsSession, mainFrameID: String) {
        let targets = try await send(DevTools.Target.GetTargets()).targetInfos ?? []
        let targetID: String
        if let page = targets.first(where: { $0.type == "page" }) {
            targetID = page.targetId
        } else {
            targetID = try await send(DevTools.Target.CreateTarget(url: "about:blank")).targetId ?? ""
        }
        let attached = try await send(DevTools.Target.AttachToTarget(targetId: targetID, flatten: true))
        guard let sessionID = attached.sessionId else {
            throw WebViewError.launchFailed.withDetail("could not attach to the page")
        }
        return (DevToolsSession(pipe: pipe, sessionID: sessionID), targetID)
    }

    /// Turns on, in this page session, the events the web view follows and the binding named `bindingName`
    /// that the transport shim posts on.
    func enablePageEvents(bindingName: String) async throws {
        try await send(DevTools.Page.Enable())
        try await send(DevTools.Runtime.Enable())
        try await send(DevTools.Network.Enable())
        try await send(DevTools.Inspector.Enable())
        try await send(DevTools.Page.SetLifecycleEventsEnabled(enabled: true))
        try await send(DevTools.Runtime.AddBinding(name: bindingName))
    }
}
