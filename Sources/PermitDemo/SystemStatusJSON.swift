package import PermitSystem

/// One system check as Permit's tools write it in JSON: `permit status --json` and the demo page's
/// `/api/system-status`.
package struct SystemCheckJSON: Encodable, Sendable {
    /// The check's identifier, such as `iCloudAccount`.
    package let id: String
    /// Whether the check passed.
    package let ok: Bool
    /// What the check found, in a sentence.
    package let detail: String

    /// The JSON form of `result`.
    package init(_ result: SystemCheckResult) {
        id = result.id.rawValue
        ok = result.isOK
        detail = result.detail
    }
}

/// One system warning as Permit's tools write it in JSON: `permit status --json` and the demo page's banner.
package struct SystemWarningJSON: Encodable, Sendable {
    /// `info`, `warning` or `critical`.
    package let severity: String
    /// The warning's title, as shown to the person.
    package let title: String
    /// What the person should do, as shown to them.
    package let message: String
    /// The action the warning offers, such as `openSettings`.
    package let action: String

    /// The JSON form of `warning`.
    package init(_ warning: SystemWarning) {
        severity = warning.severity.rawValue
        title = warning.title
        message = warning.message
        action = warning.action.rawValue
    }
}
