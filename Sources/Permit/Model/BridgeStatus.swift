/// The four-valued status that the web bridge's status object has always carried.
public enum BridgeStatus: String, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Usable, fully or partly.
    case granted
    /// The user declined.
    case denied
    /// Never asked.
    case notDetermined
    /// Not available to the user: restricted, or not on this device.
    case restricted

    /// The string a page sees, such as `"notDetermined"`.
    public var description: String { rawValue }
}
