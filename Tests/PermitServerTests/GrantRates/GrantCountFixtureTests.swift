import Foundation
import Logging
import PermitServer
import PermitSupport
import Testing

/// The grant counts of scripted installations, computed by hand: what each report adds, under the one
/// definition ``GrantCounts`` documents.
@Suite struct GrantCountFixtureTests {
    /// A report of the camera's state, from the native endpoint or from a cookie.
    enum Step: Sendable {
        case native(ReportedState)
        case cookie(yes: Bool)

        var state: ReportedState {
            switch self {
            case .native(let state): state
            case .cookie(let yes): yes ? .granted : .notUsable
            }
        }
    }

    /// Plays `script` (installation, its reports in order) through one registry, a day at a time, and returns
    /// the counts of each day.
    func counts(days script: [[(String, [Step])]]) async throws -> [String: GrantCounts] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        return try await RegistryEngine.sqlite(path: folder.file("registry.sqlite")).withStorage(logger: .quiet) { storage in
            let clock = Locked(Date(timeIntervalSince1970: 1_780_000_000))  // 2026-05-28, 20:26 UTC
            let registry = TokenRegistry(storage: storage, logger: .quiet, now: { clock.withLock { $0 } })
            for day in script {
                for (installation, steps) in day {
                    for step in steps {
                        try await registry.record(InstallationReport(installation: installation, states: ["camera": step.state]))
                        clock.withLock { $0 += 1 }
                    }
                }
                clock.withLock { $0 += 86_400 }
            }
            let days = try await storage.grantDays(from: "0000-00-00", through: "9999-99-99")
            return Dictionary(uniqueKeysWithValues: days.map { ($0.day, $0.counts) })
        }
    }

    @Test func eachInstallationAddsOneAnswerADayAndTheRateStaysWithinAHundredPercent() async throws {
        let counts = try await counts(days: [
            [
                ("native-grant", [.native(.notDetermined), .native(.granted)]),           // asked, granted
                ("native-deny", [.native(.notDetermined), .native(.denied)]),             // asked, denied
                ("cookie-no-then-yes", [.cookie(yes: false), .cookie(yes: true)]),         // asked, granted
                ("cookie-yes", [.cookie(yes: true)]),                                      // asked, granted
                ("cookie-no", [.cookie(yes: false)]),                                      // nothing: no answer seen
                ("deny-then-grant", [.native(.denied), .native(.granted)]),               // asked, denied; changed mind
                ("toggler", [.cookie(yes: true), .cookie(yes: false), .cookie(yes: true),
                             .cookie(yes: false), .cookie(yes: true)]),                   // asked, granted; changed mind once
                ("denied-then-cookie-no", [.native(.denied), .cookie(yes: false), .native(.denied)]),  // asked, denied
            ],
            [
                ("native-grant", [.native(.denied)]),                                      // changed mind
                ("toggler", [.cookie(yes: false), .cookie(yes: true)]),                    // changed mind once
                ("native-deny", [.native(.notDetermined), .native(.granted)]),            // asked again (reinstalled), granted
                ("cookie-no", [.cookie(yes: true)]),                                       // asked, granted: its first answer
                ("deny-then-grant", [.native(.granted)]),                                  // nothing: the same state
            ],
        ])
        let first = try #require(counts["2026-05-28"]), second = try #require(counts["2026-05-29"])
        #expect([first.asked, first.granted, first.denied, first.changedMind] == [7, 4, 3, 2] as [Int])
        #expect([second.asked, second.granted, second.denied, second.changedMind] == [2, 2, 0, 2] as [Int])
        for day in [first, second] {
            #expect(day.granted + day.denied == day.asked)
        }
    }
}
