/// What made Permit read a permission's status from the OS.
///
/// Causes are an extensible set of names; the static members are the ones Permit itself records.
public struct ChangeCause: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The cause's name, such as `"launch"`.
    public let rawValue: String

    /// Creates a cause from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The check at launch, comparing the OS with the persisted snapshot.
    public static let launch = ChangeCause(rawValue: "launch")
    /// A re-check when the app came back to the foreground or became active.
    public static let foreground = ChangeCause(rawValue: "foreground")
    /// The answer to a permission request.
    public static let request = ChangeCause(rawValue: "request")
    /// A change the OS reported while the app was running, such as a location authorization callback.
    public static let osCallback = ChangeCause(rawValue: "osCallback")
    /// A refresh the app asked for.
    public static let manual = ChangeCause(rawValue: "manual")

    /// The cause's name.
    public var description: String { rawValue }

    /// Decodes a cause from its name.
    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the cause as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
