/// How serious a finding is.
///
/// An error is a fault App Review or the OS acts on: a missing purpose string makes App Store Connect reject
/// the build (ITMS-90683) or the app crash when it asks; a missing Android permission makes the request fail.
/// A warning asks for a look: permission creep, a weak purpose string, a module that looks unused.
/// `permit lint` exits with status 1 when an error stands, and 0 when only warnings do.
public enum LintSeverity: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// A fault that blocks a submission or breaks a permission request.
    case error
    /// Something to review; the app can ship with it.
    case warning

    /// The severity's name, as the JSON report writes it: `error` or `warning`.
    public var description: String { rawValue }
}
