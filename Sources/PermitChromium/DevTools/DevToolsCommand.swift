/// A DevTools protocol command: its method name, its parameters (the encoded value) and the type of its
/// result.
///
/// A command is sent with ``DevToolsSession/send(_:timeout:)``, which returns its typed result. For example:
///
/// ```swift
/// let added = try await page.send(DevTools.Page.AddScriptToEvaluateOnNewDocument(source: script))
/// print(added.identifier ?? "none")
/// ```
protocol DevToolsCommand: Encodable, Sendable {
    /// What the browser answers.
    associatedtype Result: Decodable, Sendable

    /// The protocol method, such as `Page.navigate`.
    static var method: String { get }
}
