import Foundation
import PermitSystem
import PermitTesting
import Testing

/// The model of the "System Status" screens (seed 004): ✓/✗ rows with each check's purpose, the Refresh
/// Status button, the "Last checked" footer, and the banner's colours by severity, checked on Linux where the
/// SwiftUI views that draw them cannot run.
@Suite(.timeLimit(.minutes(1))) struct SystemStatusPresentationTests {
    let logger = makeTestLogger().0

    func report() async throws -> SystemReport {
        let cloud = SimulatedCloud(signedIn: false, driveReachable: false, cloudKitStatus: .noAccount)
        return try await SystemCheckRunner(
            checks: [ICloudAccountCheck(provider: cloud), CloudKitAccountCheck(provider: cloud)],
            now: { referenceDate }, logger: logger
        ).run()
    }

    @Test func rowsHaveTheirSymbolTitlePurposeAndASentenceForVoiceOver() async throws {
        let screen = SystemStatusPresentation(
            report: try await report(), now: referenceDate.addingTimeInterval(300), locale: Locale(identifier: "en_US"))
        #expect(screen.title == "System Status")
        #expect(screen.rows.map(\.symbol) == ["✗", "✗"])
        #expect(screen.rows.map(\.title) == ["iCloud", "CloudKit"])
        #expect(screen.rows.first?.purpose == "Required for sync and backups")
        #expect(screen.rows.first?.accessibilityLabel
            == "iCloud: failed. No one is signed in to iCloud. Required for sync and backups.")
        #expect(screen.footer == "Last checked: 5 minutes ago")
        #expect(screen.refreshLabel == "Refresh Status" && !screen.isRefreshing)

        let passing = SystemStatusPresentation(
            report: SystemReport(checkedAt: referenceDate, results: [
                SystemCheckResult(id: .documents, title: "Documents", purpose: "Stores your backups", outcome: .passed,
                    detail: "read and write work", checkedAt: referenceDate),
                SystemCheckResult(id: .iCloud, title: "iCloud", purpose: "Required for sync and backups",
                    outcome: .notSupported, detail: "iCloud is not available on this system", checkedAt: referenceDate),
            ]), now: referenceDate, isRefreshing: true)
        #expect(passing.rows.map(\.symbol) == ["✓", "–"])
        #expect(passing.rows.map(\.isOK) == [true, false])
        #expect(passing.refreshLabel == "Checking…" && passing.isRefreshing)
    }

    @Test func beforeTheFirstCheckThereAreNoRowsAndTheFooterSaysSo() {
        let screen = SystemStatusPresentation(report: nil, now: referenceDate)
        #expect(screen.rows.isEmpty)
        #expect(screen.footer == "Not checked yet")
    }

    @Test func theBannerIsRedOrangeOrBlueBySeverityWithAClose() {
        #expect(SystemBannerStyle(warning: .iCloudNotAvailable).color == .red)
        #expect(SystemBannerStyle(warning: .cloudKitUnavailable).color == .orange)
        #expect(SystemBannerStyle(warning: .offline).color == .blue)
        let style = SystemBannerStyle(warning: .offline)
        #expect(style.closeSymbol == "✗" && style.closeLabel == "Dismiss")
        #expect(SystemBannerStyle(warning: .offline, wording: .init(dismiss: "Schließen")).closeLabel == "Schließen")
    }

    @Test func theWordingComesFromTheAppsStringsTable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-status-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let strings = folder.appendingPathComponent("en.lproj", isDirectory: true)
        try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
        try Data(
            """
            "permit.systemStatus.title" = "Systemstatus";
            "permit.systemStatus.refresh" = "Status prüfen";
            "permit.systemStatus.failed" = "fehlgeschlagen";
            "permit.systemStatus.never" = "Noch nie geprüft";
            "permit.systemStatus.dismiss" = "Schließen";
            """.utf8
        ).write(to: strings.appendingPathComponent("Permit.strings"))
        let wording = SystemStatusPresentation.Wording.localized(bundle: try #require(Bundle(path: folder.path)))
        let screen = SystemStatusPresentation(
            report: SystemReport(checkedAt: referenceDate, results: [
                SystemCheckResult(id: .iCloud, title: "iCloud", purpose: "Sync", outcome: .failed, detail: "signed out",
                    checkedAt: referenceDate),
            ]), now: referenceDate, wording: wording)
        #expect(screen.title == "Systemstatus" && screen.refreshLabel == "Status prüfen")
        #expect(screen.rows.first?.accessibilityLabel == "iCloud: fehlgeschlagen. Signed out. Sync.")
        #expect(SystemStatusPresentation(report: nil, now: referenceDate, wording: wording).footer == "Noch nie geprüft")
        #expect(wording.dismiss == "Schließen" && wording.openSettings == "Open Settings")
    }
}
