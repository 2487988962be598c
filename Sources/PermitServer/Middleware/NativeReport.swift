package import Foundation

/// Decodes and checks a native app's report: the same limits as the cookies, so that a malformed report is
/// refused whole, and the same kinds.
///
/// A report may carry the installation's notification settings as `notifications`, an object of the eight
/// settings (``NotificationSettings``) each `true` or `false`, all required; keys beyond them are passed over. A
/// `notifications` that is not such an object refuses the report with ``notificationsReason``.
package enum NativeReport {
    /// Why a report whose `notifications` is not the eight settings is refused.
    package static let notificationsReason =
        "notifications must be an object of the eight settings (alerts, sounds, badges, lockScreen, center, critical, timeSensitive, summary), each true or false"

    /// The report in `body` (JSON), or ``ServerError/badRequest`` when it is not one or breaks a limit.
    package static func decode(_ body: Data, limits: ReportLimits) throws(ServerError) -> InstallationReport {
        guard body.count <= limits.maxBodyBytes else { throw ServerError.badRequest.withDetail("body too large") }
        let report: InstallationReport
        do {
            report = try JSONDecoder().decode(InstallationReport.self, from: body)
        } catch let error as DecodingError where error.isAboutNotifications {
            throw ServerError.badRequest.withDetail(Self.notificationsReason)
        } catch {
            throw ServerError.badRequest.withDetail("body is not a report")
        }
        guard limits.isValidInstallation(report.installation) else {
            throw ServerError.badRequest.withDetail("malformed installation")
        }
        if let token = report.token, !limits.isValidToken(token) {
            throw ServerError.badRequest.withDetail("malformed token")
        }
        // A kind the server does not count (neither built in nor declared) is left out, not refused: an app newer
        // than its server may track more.
        var counted = report
        counted.states = report.states.filter { limits.counts(kind: $0.key) }
        // A native report without a proof asks for one (trust on first proven report); the registry decides.
        if counted.proof == .absent { counted.proof = .claim }
        return counted
    }
}

extension DecodingError {
    /// Whether the error is in a report's `notifications` object (its first coding key).
    fileprivate var isAboutNotifications: Bool {
        let path: [any CodingKey]
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            path = context.codingPath
        @unknown default:
            return false
        }
        return path.first?.stringValue == "notifications"
    }
}
