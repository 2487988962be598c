import Foundation
import Permit
import PermitWeb

/// A web view that reports the bridge's traffic: every message a page posts to a handler added through it,
/// and every reply, go to `emit` as ``AppEvent/bridgeCall(_:)`` and ``AppEvent/bridgeReply(_:)``. Everything
/// else passes straight through to the web view it wraps.
final class TracingWebViewHost: WebViewHost {
    private let inner: any WebViewHost
    private let emit: @Sendable (AppEvent) -> Void

    init(_ inner: any WebViewHost, emit: @escaping @Sendable (AppEvent) -> Void) {
        self.inner = inner
        self.emit = emit
    }

    func addUserScript(_ source: String) async throws -> UserScriptID { try await inner.addUserScript(source) }

    func removeUserScript(_ id: UserScriptID) async throws { try await inner.removeUserScript(id) }

    func addMessageHandler(
        named name: String, _ handler: @escaping @Sendable (WebMessage) async -> String
    ) async throws {
        let emit = emit
        try await inner.addMessageHandler(named: name) { message in
            emit(.bridgeCall(Self.hidingGestureProof(message.body)))
            let reply = await handler(message)
            emit(.bridgeReply(reply))
            return reply
        }
    }

    /// `body` with the gesture a call claims (the bridge's secret gesture key, or a forgery) shown as `(proof)`
    /// instead: a transcript or a JSON log must not carry the secret.
    static func hidingGestureProof(_ body: String) -> String {
        body.replacing(/"gesture":"[^"]*"/, with: #""gesture":"(proof)""#)
    }

    func removeMessageHandler(named name: String) async throws { try await inner.removeMessageHandler(named: name) }

    func evaluateJavaScript(_ source: String) async throws -> String? { try await inner.evaluateJavaScript(source) }

    func load(_ url: URL) async throws { try await inner.load(url) }

    func setEnginePermission(_ permission: WebEnginePermission, granted: Bool, for origin: WebOrigin) async throws {
        try await inner.setEnginePermission(permission, granted: granted, for: origin)
    }

    func events() -> WebViewEvents { inner.events() }

    var cookieStore: any WebCookieStore { inner.cookieStore }
}
