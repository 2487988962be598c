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
public struct PolicyError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case kindNotDeclared
    }

    private let code: Code
    /// Human-readable detail, such as the permission involved. Not part of equality.
    public let detail: String

    private init(_ code: Code, detail: String = "") {
        self.code = code
        self.detail = detail
    }

    /// The permission is not declared in the policy's manifest.
    public static let kindNotDeclared = PolicyError(.kindNotDeclared)

    /// The same error with `detail` attached.
    func withDetail(_ detail: String) -> PolicyError { PolicyError(code, detail: detail) }

    /// Errors are equal when they are the same member, whatever their detail.
    public static func == (lhs: PolicyError, rhs: PolicyError) -> Bool { lhs.code == rhs.code }

    /// Hashes the member only, consistent with equality.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// A sentence naming the error and its detail.
    public var description: String {
        let summary =
            switch code {
            case .kindNotDeclared: "permission kind is not declared in the manifest"
            }
        return detail.isEmpty ? summary : "\(summary): \(detail)"
    }
}
