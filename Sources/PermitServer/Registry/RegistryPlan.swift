package import Foundation

/// Decides what a report changes in the registry: a pure function of the record as stored, the report and
/// the time, testable without storage or tasks.
///
/// Nothing is written when the report repeats what is stored and the record was seen within the touch
/// interval; otherwise the merged record is written, with the grant counts its state transitions add.
package enum RegistryPlan: Sendable, Hashable {
    /// Nothing changed: no write.
    case nothing
    /// Write this record and add these counts, by kind, to the day's aggregates.
    case write(InstallationRecord, counts: [String: GrantCounts])

    /// The plan for `report`, given the stored record (if any), the time and the touch interval.
    ///
    /// For example, a repeated report a minute later is `.nothing`, and the same report a day later (with a
    /// day's touch interval) rewrites the record with its new `lastSeen` and no counts.
    package static func plan(
        stored: InstallationRecord?, report: InstallationReport, now: Date, touchInterval: TimeInterval,
        defaultPlatform: Platform = .ios
    ) -> RegistryPlan {
        let seconds = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        var merged = stored ?? InstallationRecord(
            installation: report.installation, token: nil, platform: report.platform ?? defaultPlatform,
            firstSeen: seconds, lastSeen: seconds, states: [:])
        if let token = report.token { merged.token = token }
        if let platform = report.platform { merged.platform = platform }
        var counts: [String: GrantCounts] = [:]
        for (kind, state) in report.states {
            let transition = GrantCounts.transition(from: merged.states[kind], to: state)
            if !transition.isEmpty { counts[kind] = transition }
            merged.states[kind] = state
        }
        if let stored, merged == stored, seconds.timeIntervalSince(stored.lastSeen) < touchInterval {
            return .nothing
        }
        merged.lastSeen = seconds
        return .write(merged, counts: counts)
    }
}
