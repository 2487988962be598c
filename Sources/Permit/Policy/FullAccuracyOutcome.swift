/// What came of ``PromptPolicy/requestTemporaryFullAccuracy(for:)``: whether location is precise now, whether the
/// OS was asked, and why not when it was not upgraded.
///
/// For example:
///
/// ```swift
/// import Permit
///
/// func preciseFix(_ policy: PromptPolicy) async throws -> Bool {
///     let outcome = try await policy.requestTemporaryFullAccuracy(for: .location)
///     if let reason = outcome.reason { print("still approximate:", reason) }
///     return outcome.isPrecise
/// }
/// ```
public struct FullAccuracyOutcome: Hashable, Sendable, CustomStringConvertible {
    /// Why location is not precise after the request.
    public enum Reason: String, Hashable, Sendable, CustomStringConvertible {
        /// The manifest declares no ``PermissionDeclaration/fullAccuracyPurposeKey`` for the kind: iOS shows the
        /// entry's text, so without one the app never asks.
        case noPurposeKey
        /// Location is not usable at all: ask for location itself first (its ``NextStep``).
        case notUsable
        /// The app asked already this launch; iOS keeps the person's answer until the app is next launched.
        case alreadyAsked
        /// The person was asked and kept approximate location.
        case declined

        /// The reason's name, such as `noPurposeKey`.
        public var description: String { rawValue }
    }

    /// The location state after the request.
    public var state: PermissionState
    /// Whether the OS was asked by this call.
    public var asked: Bool
    /// Why location is not precise now; `nil` when it is.
    public var reason: Reason?

    /// Creates an outcome.
    package init(state: PermissionState, asked: Bool, reason: Reason?) {
        self.state = state
        self.asked = asked
        self.reason = reason
    }

    /// Whether location is usable and precise: ``PermissionStatus/granted`` or another usable status but
    /// ``PermissionStatus/approximate``.
    public var isPrecise: Bool { state.isUsable && state.status != .approximate }

    /// A one-line description, such as `location: approximate -> noPurposeKey` or `location: granted (asked)`.
    public var description: String {
        "\(state.kind): \(state.status)\(asked ? " (asked)" : "")" + (reason.map { " -> \($0)" } ?? "")
    }
}
