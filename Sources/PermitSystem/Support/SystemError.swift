public import Permit

/// An error from Permit's system checks and backup guard.
///
/// Compare against the static members to tell errors apart; new members may be added in later versions
/// without breaking callers. Descriptions name the problem, never user data.
///
/// For example:
///
/// ```swift
/// do {
///     try await backupGuard.ensureBackupPossible()
///     try writeBackup()
/// } catch let error as SystemError where error == .documentsNotAccessible {
///     // tell the person; the banner already says "Cannot Access Storage"
/// }
/// ```
public struct SystemError: CodedError {
    private enum Code: String, Sendable {
        case documentsNotAccessible
        case lowSpace
        case notSupportedOnThisPlatform
        case couldNotDetermine
    }

    private let member: Code
    /// Human-readable detail, such as the check's finding. Not part of equality.
    public let detail: String

    private init(_ member: Code, detail: String = "") {
        self.member = member
        self.detail = detail
    }

    /// The documents directory cannot be written and read back, so a backup would fail.
    public static let documentsNotAccessible = SystemError(.documentsNotAccessible)
    /// The volume holding the documents directory has less free space than a backup needs.
    public static let lowSpace = SystemError(.lowSpace)
    /// The system has no such service, such as iCloud on Linux. A ``CloudAccountProvider`` throws it.
    public static let notSupportedOnThisPlatform = SystemError(.notSupportedOnThisPlatform)
    /// The system gave no answer that a check could use.
    public static let couldNotDetermine = SystemError(.couldNotDetermine)

    /// The same error with `detail` attached.
    public func withDetail(_ detail: String) -> SystemError { SystemError(member, detail: detail) }

    /// The member's name, such as `documentsNotAccessible`.
    public var code: String { member.rawValue }

    /// A sentence naming the error, without the detail.
    public var summary: String {
        switch member {
        case .documentsNotAccessible: "the documents directory is not accessible"
        case .lowSpace: "there is not enough free space"
        case .notSupportedOnThisPlatform: "not supported on this platform"
        case .couldNotDetermine: "could not determine"
        }
    }
}
