public import Foundation
public import Permit
public import PermitWeb

/// A scriptable `WebViewHost` and `WebCookieStore` with no browser behind it: it records what is installed and
/// lets a test post messages as a page would, from any frame and origin.
///
/// One simplification keeps tests short: the cookie jar keys cookies by name, domain and path only, so it
/// cannot hold a host-only and a domain cookie under the same key.
///
/// For example:
///
/// ```swift
/// let host = FakeWebViewHost()
/// try await bridge.install(in: host)
/// let reply = try await host.post(#"{"v":1,"id":1,"method":"hello"}"#, to: "permit",
///                                 from: WebFrame(isMainFrame: true, origin: try WebOrigin("https://app.example")))
/// ```
public actor FakeWebViewHost: WebViewHost, WebCookieStore {
    /// The installed document-start scripts, in order.
    public private(set) var userScripts: [(id: UserScriptID, source: String)] = []
    /// Every script passed to ``evaluateJavaScript(_:)``, in order.
    public private(set) var evaluations: [String] = []
    /// Every URL passed to ``load(_:)``, in order.
    public private(set) var loadedURLs: [URL] = []
    /// The number of cookie writes and deletions.
    public private(set) var cookieWriteCount = 0
    /// What the engine was last told to answer, per permission and origin.
    public private(set) var enginePermissions: [EnginePermissionKey: Bool] = [:]

    /// A permission for one origin, as ``enginePermissions`` keys it.
    public struct EnginePermissionKey: Hashable, Sendable {
        /// The engine permission.
        public var permission: WebEnginePermission
        /// The origin it was set for.
        public var origin: WebOrigin

        /// Creates a key.
        public init(permission: WebEnginePermission, origin: WebOrigin) {
            self.permission = permission
            self.origin = origin
        }
    }

    private var handlers: [String: @Sendable (WebMessage) async -> String] = [:]
    private var jar: [String: Cookie] = [:]
    private var failsCookieWrites = false
    private let eventBroadcaster = UpdateBroadcaster<WebViewEvent>()
    private let cookieBroadcaster = UpdateBroadcaster<Void>()
    private var nextScript = 0
    private var evaluationResult: @Sendable (String) -> String? = { _ in nil }

    /// Creates a fake with no scripts, handlers or cookies.
    public init() {}

    // MARK: - Driving it as a page would

    /// Posts `body` to the handler named `name` as the given frame would, and returns the handler's reply.
    ///
    /// - Throws: `WebViewError` when no handler has that name.
    public func post(_ body: String, to name: String, from frame: WebFrame) async throws -> String {
        guard let handler = handlers[name] else {
            throw WebViewError.noMessageHandler.withDetail("no message handler named \(name)")
        }
        return await handler(WebMessage(body: body, frame: frame))
    }

    /// The number of live ``events()`` sequences.
    public nonisolated var eventSubscriberCount: Int { eventBroadcaster.subscriberCount }

    /// Whether a handler with this name is registered.
    public func hasHandler(named name: String) -> Bool { handlers[name] != nil }

    /// Sends an event to every ``events()`` sequence, as the web view would.
    public func send(_ event: WebViewEvent) {
        eventBroadcaster.publish(event)
    }

    /// Sets what ``evaluateJavaScript(_:)`` returns for each script; by default `nil`.
    public func setEvaluationResult(_ result: @escaping @Sendable (String) -> String?) {
        evaluationResult = result
    }

    // MARK: - WebViewHost

    /// Records the script and returns its identifier.
    public func addUserScript(_ source: String) -> UserScriptID {
        nextScript += 1
        let id = UserScriptID(rawValue: nextScript)
        userScripts.append((id, source))
        return id
    }

    /// Removes a recorded script.
    public func removeUserScript(_ id: UserScriptID) {
        userScripts.removeAll { $0.id == id }
    }

    /// Registers the handler that ``post(_:to:from:)`` calls.
    public func addMessageHandler(named name: String, _ handler: @escaping @Sendable (WebMessage) async -> String) {
        handlers[name] = handler
    }

    /// Removes the handler registered under `name`.
    public func removeMessageHandler(named name: String) {
        handlers[name] = nil
    }

    /// Records the script and returns what ``setEvaluationResult(_:)`` says.
    @discardableResult
    public func evaluateJavaScript(_ source: String) -> String? {
        evaluations.append(source)
        return evaluationResult(source)
    }

    /// Records what the engine was told to answer.
    public func setEnginePermission(_ permission: WebEnginePermission, granted: Bool, for origin: WebOrigin) {
        enginePermissions[EnginePermissionKey(permission: permission, origin: origin)] = granted
    }

    /// Records the URL and reports it navigated and loaded.
    public func load(_ url: URL) {
        loadedURLs.append(url)
        send(.navigated(url))
        send(.loaded(url))
    }

    /// A sequence of the events ``load(_:)`` and ``send(_:)`` report from now on.
    public nonisolated func events() -> WebViewEvents { eventBroadcaster.subscribe() }

    /// The fake's cookie jar: the fake itself.
    public nonisolated var cookieStore: any WebCookieStore { self }

    /// Makes cookie writes and deletions throw (or stop throwing), as a web view whose cookie store fails.
    public func setFailsCookieWrites(_ fails: Bool) { failsCookieWrites = fails }

    /// Stores the cookie, replacing one with the same name, domain and path.
    ///
    /// - Throws: `WebViewError` after ``setFailsCookieWrites(_:)``.
    public func setCookie(_ cookie: Cookie) throws {
        guard !failsCookieWrites else {
            throw WebViewError.cookieRefused.withDetail("cookie store failed writing \(cookie.name)")
        }
        cookieWriteCount += 1
        jar[Self.key(cookie.name, cookie.domain, cookie.path)] = cookie
        cookieBroadcaster.publish(())
    }

    /// Every stored cookie, sorted by name.
    public func allCookies() -> [Cookie] {
        jar.values.sorted { ($0.name, $0.domain, $0.path) < ($1.name, $1.domain, $1.path) }
    }

    /// Deletes the cookie with this name, domain and path.
    ///
    /// - Throws: `WebViewError` after ``setFailsCookieWrites(_:)``.
    public func deleteCookie(named name: String, domain: String, path: String) throws {
        guard !failsCookieWrites else {
            throw WebViewError.cookieRefused.withDetail("cookie store failed deleting \(name)")
        }
        cookieWriteCount += 1
        jar[Self.key(name, domain, path)] = nil
        cookieBroadcaster.publish(())
    }

    /// A sequence that receives a value after every cookie write and deletion.
    public nonisolated func changes() -> CookieStoreChanges { cookieBroadcaster.subscribe() }

    private static func key(_ name: String, _ domain: String, _ path: String) -> String { "\(name)\u{0}\(domain)\u{0}\(path)" }
}
