/// An error from the prompt policy or the feature gates.
///
/// Compare against the static members to tell errors apart; new members may be added later without breaking
/// callers.
///
/// For example:
///
/// ```swift
/// do {
///     _ = try await policy.nextStep(for: .camera)
/// } catch let error as PolicyError where error == .kindNotDeclared {
///     // the manifest does not declare the camera
/// }
/// ```
public struct PolicyError: CodedError {
    private enum Code: String, Sendable {
        case kindNotDeclared
    }

    private let member: Code
    /// Human-readable detail, such as the permission involved. Not part of equality.
    public let detail: String

    private init(_ member: Code, detail: String = "") {
        self.member = member
        self.detail = detail
    }

    /// The permission is not declared in the policy's manifest.
    public static let kindNotDeclared = PolicyError(.kindNotDeclared)

    /// The same error with `detail` attached.
    public func withDetail(_ detail: String) -> PolicyError { PolicyError(member, detail: detail) }

    /// The member's name, such as `kindNotDeclared`.
    public var code: String { member.rawValue }

    /// A sentence naming the error, without the detail.
    public var summary: String {
        switch member {
        case .kindNotDeclared: "permission kind is not declared in the manifest"
        }
    }
}
