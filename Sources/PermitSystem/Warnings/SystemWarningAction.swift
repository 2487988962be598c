/// What a ``SystemWarning`` offers the person to do about it.
public enum SystemWarningAction: String, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// An "Open Settings" button, which opens the Settings app.
    case openSettings
    /// No button: the problem is not one the person can fix from Settings.
    case none

    /// The raw value.
    public var description: String { rawValue }
}
