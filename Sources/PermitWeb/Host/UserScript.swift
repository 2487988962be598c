/// Identifies a script added with ``WebViewHost/addUserScript(_:)``, to remove it later.
public struct UserScriptID: Hashable, Sendable, CustomStringConvertible {
    /// The host's number for the script.
    public let rawValue: Int

    /// Creates an identifier; hosts number their scripts.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// `script #N`.
    public var description: String { "script #\(rawValue)" }
}
