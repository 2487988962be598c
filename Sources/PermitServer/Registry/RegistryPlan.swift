package import Foundation

/// Decides what a report changes in the registry: a pure function of the record as stored, the report and
/// the time, testable without storage or tasks.
///
/// Nothing is written when the report repeats what is stored and the record was seen within the touch
/// interval; otherwise the merged record is written, with the grant counts its state transitions add
/// (``GrantCounts``, once per installation, kind and day).
package enum RegistryPlan: Sendable, Hashable {
    /// Nothing changed: no write.
    case nothing
    /// Write this record and add these counts, by kind, to the day's aggregates.
    case write(InstallationRecord, counts: [String: GrantCounts])
    /// Change nothing and tell the reporter: the installation has proved itself and the report did not.
    case refused

    /// How far a report was proved to come from its installation: its ``InstallationReport/Proof``, checked.
    package enum Standing: Sendable, Hashable {
        /// It carried no proof (a cookie): it never replaces a stored token, and is refused for an installation
        /// that has proved itself.
        case unproven
        /// A native report without a proof: admitted, and proving the installation, when it is new or has never
        /// proved itself (trust on first proven report); refused when it has.
        case claiming
        /// It carried the installation's proof: admitted, and proving the installation.
        case proven
    }

    /// The plan for `report`, given the stored record (if any), the time and the touch interval.
    ///
    /// A cookie's `no` (``ReportedState/notUsable``) does not replace a stored ``ReportedState/denied`` or
    /// ``ReportedState/notDetermined``: it agrees with both and says less, so an app that reports through both
    /// paths keeps the native state.
    ///
    /// Who may change what (``Standing``): a proven report, or a claiming one for an installation that never
    /// proved itself, changes anything and marks the installation proven; an unproven report changes nothing of
    /// a proven installation (`.refused`), and of another one changes everything but a stored token, so that
    /// nobody can put their token in another installation's place by naming it.
    ///
    /// A report's notification settings (``InstallationReport/notifications``) replace the stored ones; a report
    /// without them keeps them. A change of the settings alone is written like any other change.
    ///
    /// A report whose token is taken refreshes the token's registration time (``InstallationRecord/tokenRegistered``)
    /// whenever the record is written.
    ///
    /// For example, a repeated report a minute later is `.nothing`, and the same report a day later (with a
    /// day's touch interval) rewrites the record with its new `lastSeen` and no counts.
    package static func plan(
        stored: InstallationRecord?, report: InstallationReport, standing: Standing = .unproven, now: Date,
        touchInterval: TimeInterval, defaultPlatform: Platform = .ios
    ) -> RegistryPlan {
        if stored?.proven == true, standing != .proven { return .refused }
        let seconds = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        var day: String?  // worked out only for a change: the report that changes nothing is the hot path
        var merged = stored ?? InstallationRecord(
            installation: report.installation, token: nil, platform: report.platform ?? defaultPlatform,
            firstSeen: seconds, lastSeen: seconds, states: [:])
        if let token = report.token, standing != .unproven || merged.token == nil {
            // A token registered anew, or in another environment, leaves quarantine: the app may have fixed
            // what made APNs refuse it.
            if merged.token != token { merged.quarantined = false }
            merged.token = token
        }
        // The app registered the token it holds: a report carrying the stored token (from any path) refreshes
        // its registration when the record is written.
        let carriesToken = report.token != nil && report.token == merged.token
        if let environment = report.environment, standing != .unproven || stored?.token == nil,
            environment != merged.environment
        {
            merged.environment = environment
            merged.quarantined = false
        }
        if standing != .unproven { merged.proven = true }
        if let platform = report.platform { merged.platform = platform }
        // Settings not reported keep the last ones, as a kind not reported keeps its state.
        if let notifications = report.notifications { merged.notificationSettings = notifications }
        var counts: [String: GrantCounts] = [:]
        for (kind, reported) in report.states {
            let previous = merged.states[kind]
            guard previous != reported else { continue }
            if reported == .notUsable, previous == .denied || previous == .notDetermined { continue }
            let today = day ?? GrantDay.day(of: now)
            day = today
            let transition = GrantCounts.transition(
                from: previous, to: reported, counted: merged.counted[kind] ?? CountedDays(), on: today)
            if !transition.counts.isEmpty { counts[kind] = transition.counts }
            if transition.counted != CountedDays() { merged.counted[kind] = transition.counted }
            merged.states[kind] = reported
        }
        if let stored, merged == stored, seconds.timeIntervalSince(stored.lastSeen) < touchInterval {
            return .nothing
        }
        merged.lastSeen = seconds
        if carriesToken { merged.tokenRegistered = seconds }
        return .write(merged, counts: counts)
    }
}
