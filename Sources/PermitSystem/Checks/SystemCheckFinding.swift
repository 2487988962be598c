/// What one run of a ``SystemCheck`` found: an outcome and a detail a person can read.
///
/// For example:
///
/// ```swift
/// return signedIn ? .passed("signed in to iCloud") : .failed("no one is signed in to iCloud")
/// ```
public struct SystemCheckFinding: Hashable, Sendable {
    /// What the check established.
    public var outcome: SystemCheckOutcome
    /// A short sentence, without user data, such as "read and write work".
    public var detail: String

    /// Creates a finding.
    public init(outcome: SystemCheckOutcome, detail: String) {
        self.outcome = outcome
        self.detail = detail
    }

    /// The system provides what the app needs.
    public static func passed(_ detail: String) -> SystemCheckFinding { SystemCheckFinding(outcome: .passed, detail: detail) }

    /// The system does not provide what the app needs.
    public static func failed(_ detail: String) -> SystemCheckFinding { SystemCheckFinding(outcome: .failed, detail: detail) }

    /// The check asked and got no clear answer.
    public static func couldNotDetermine(_ detail: String) -> SystemCheckFinding {
        SystemCheckFinding(outcome: .couldNotDetermine, detail: detail)
    }
}
