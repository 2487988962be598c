package import Foundation

/// Decodes and checks a native app's report: the same limits as the cookies, so that a malformed report is
/// refused whole, and the same kinds.
package enum NativeReport {
    /// The report in `body` (JSON), or ``ServerError/badRequest`` when it is not one or breaks a limit.
    package static func decode(_ body: Data, limits: ReportLimits) throws(ServerError) -> InstallationReport {
        guard body.count <= limits.maxBodyBytes else { throw ServerError.badRequest.withDetail("body too large") }
        let report: InstallationReport
        do {
            report = try JSONDecoder().decode(InstallationReport.self, from: body)
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
