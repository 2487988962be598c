/// What a check established: passed, failed, could not tell, or does not apply on this system.
///
/// Only ``passed`` counts as OK. Which outcomes raise a warning is up to each check's warning rule; see
/// ``SystemWarning/warnings(for:)``.
public enum SystemCheckOutcome: String, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// The system provides what the app needs.
    case passed
    /// The system does not provide it; the detail says what is missing.
    case failed
    /// The check got no clear answer: it threw, timed out, or the system said it could not tell.
    case couldNotDetermine
    /// The system has no such service at all, such as iCloud on Linux.
    case notSupported

    /// Whether the system provides what the app needs.
    public var isOK: Bool { self == .passed }

    /// The raw value.
    public var description: String { rawValue }
}
