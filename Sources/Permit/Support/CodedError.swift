/// An error that is one of a fixed set of members, named by a stable code, with an optional detail.
///
/// Permit's errors are structs wrapping a private enum, with one static member per case, so that members can be
/// added in later versions without breaking callers. Adopting this protocol gives such a type its equality,
/// hashing, description and pattern matching: two errors are equal when they are the same member, whatever their
/// detail, and `catch .member` works with typed throws (through the standard library's `~=` for `Equatable`
/// values), and `catch PermitError.member` with untyped throws.
///
/// A conforming type provides ``code``, ``summary``, ``detail`` and ``withDetail(_:)``; it may replace
/// `description` when its sentence has a fixed form of its own, such as one naming a file. Neither the summary
/// nor the detail may echo a token or other user data: both reach logs.
///
/// For example:
///
/// ```swift
/// do {
///     try await center.request(.camera)
/// } catch PermitError.kindNotTracked {
///     // the center was not configured with `.camera`, whatever the detail says
/// } catch let error as PermitError {
///     logger.notice("request failed", metadata: ["code": "\(error.code)"])
/// }
/// ```
public protocol CodedError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The member's stable name, such as `kindNotTracked`: what logs and telemetry may record.
    var code: String { get }
    /// More about this occurrence, such as the permission involved; never user data. Not part of equality.
    var detail: String { get }
    /// The sentence that names the member, without the detail.
    var summary: String { get }
    /// The same error with `detail` attached.
    func withDetail(_ detail: String) -> Self
}

extension CodedError {
    /// Errors are equal when they are the same member, whatever their detail.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    /// Hashes the member only, consistent with equality.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The summary, then the detail when there is one: `SUMMARY` or `SUMMARY: DETAIL`.
    public var description: String { detail.isEmpty ? summary : "\(summary): \(detail)" }

    /// Pattern-matches any error against a member, so that `catch PermitError.member` works with untyped throws.
    public static func ~= (pattern: Self, value: any Error) -> Bool { (value as? Self).map { $0 == pattern } ?? false }
}
