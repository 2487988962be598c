/// An error from Permit's core.
///
/// Compare against the static members to tell errors apart; new members may be added in later versions
/// without breaking callers. Descriptions name the permission and the operation, never user data.
///
/// For example:
///
/// ```swift
/// do {
///     try await center.request(.camera)
/// } catch let error as PermitError where error == .kindNotTracked {
///     // the center was not configured with `.camera`
/// }
/// ```
public struct PermitError: CodedError {
    private enum Code: String, Sendable {
        case kindNotTracked
        case requestFailed
        case storeWriteFailed
        case storeUnavailable
        case invalidValue
    }

    private let member: Code
    /// Human-readable detail, such as the permission involved. Not part of equality.
    public let detail: String

    private init(_ member: Code, detail: String = "") {
        self.member = member
        self.detail = detail
    }

    /// The permission is not among the kinds the center was configured with.
    public static let kindNotTracked = PermitError(.kindNotTracked)
    /// The OS reported an error while asking for a permission.
    public static let requestFailed = PermitError(.requestFailed)
    /// The snapshot could not be written to the store.
    public static let storeWriteFailed = PermitError(.storeWriteFailed)
    /// The store exists but cannot be read right now, for example before the device's first unlock.
    public static let storeUnavailable = PermitError(.storeUnavailable)
    /// A value for ``PermitStorage`` cannot be encoded as JSON, or its JSON is too large.
    public static let invalidValue = PermitError(.invalidValue)

    /// The same error with `detail` attached, for implementations of Permit's seams.
    public func withDetail(_ detail: String) -> PermitError { PermitError(member, detail: detail) }

    /// The member's name, such as `kindNotTracked`.
    public var code: String { member.rawValue }

    /// A sentence naming the error, without the detail.
    public var summary: String {
        switch member {
        case .kindNotTracked: "permission kind is not tracked by this center"
        case .requestFailed: "the OS reported an error while requesting a permission"
        case .storeWriteFailed: "the permission snapshot could not be saved"
        case .storeUnavailable: "the permission store exists but cannot be read now"
        case .invalidValue: "the value cannot be stored"
        }
    }
}
