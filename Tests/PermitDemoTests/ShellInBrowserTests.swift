import Foundation
import Logging
import Permit
import PermitChromium
import PermitDemo
import PermitPageServer
import PermitWeb
import Testing

/// Whether the browser tests run: always under `CI=true` (where a missing Chromium must fail them), else only
/// when Chromium is installed.
let browserAvailable =
    ProcessInfo.processInfo.environment["CI"] == "true" || ChromiumWebView.locateExecutable() != nil

/// The trait every browser suite carries: skipped with a visible reason outside CI when Chromium is missing.
let requiresChromium = Testing.ConditionTrait.enabled(
    if: browserAvailable, "Chromium is not installed (scripts/setup installs it); under CI=true this fails instead")

/// A page of a team's own, with Permit's default bridge names, that logs what it sees to its console.
let teamPage = """
    <!doctype html><title>team page</title>
    <script>
      var seen = () => JSON.stringify(window.permitPermissions);
      console.log('loaded ' + seen());
      addEventListener('permitPermissionsUpdate', () => console.log('update ' + seen()));
      window.askCamera = () => PermitBridge.requestPermission('camera')
        .then(status => { console.log('camera answer ' + status); return status; },
              error => { console.warn('camera failed ' + error.code); return error.code; });
    </script>
    """

@Suite(.serialized, requiresChromium) struct ShellInBrowserTests {
    /// Runs `script` in a shell on `teamPage`, waits (up to ten seconds) until `settled` holds for what the
    /// page logged, and returns every record the shell reported.
    func runShell(_ script: [String], settled: @escaping ([String]) -> Bool) async throws -> [ShellRecord] {
        var logger = Logger(label: "permit.tests.shell")
        logger.logLevel = .warning
        let records = RecordList()
        let stage = try await DemoStage.start(logger: logger)
        stage.setConsoleSink { records.append(ShellRecord($0)) }
        let pages = try await PageServer.start(logger: Logger(label: "permit.tests.shell", factory: { _ in SwiftLogNoOpLogHandler() })) { path in
            path == "/team" ? .html(teamPage) : nil
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-shell-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = HybridApp(
            stage: stage,
            configuration: HybridApp.Configuration(
                pageURL: pages.url("/team"), bridge: .init(allowedOrigins: [try .init(pages.origin)])),
            folder: folder, logger: logger
        ) { records.append(ShellRecord($0)) }
        let session = ShellSession(stage: stage, app: app) { records.append($0) }
        do {
            try await session.start()
            for (index, line) in script.enumerated() {
                if !(await session.run(line: line, number: index + 1)) { break }
            }
        } catch {
            Issue.record("the shell failed: \(error)")
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while !settled(console(records.all)), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        await app.shutDown()
        await stage.close()
        await pages.stop()
        return records.all
    }

    func console(_ records: [ShellRecord]) -> [String] {
        records.filter { $0.type == "console" }.compactMap { $0.fields["text"] }
    }

    @Test func aScriptDrivesThePageAndThePageLogsWhatItSaw() async throws {
        let records = try await runShell([
            "answer camera grant",
            "eval askCamera()",
            "revoke camera",
            "quit",
            "grant location",  // after quit: never runs
        ]) { $0.count >= 4 }
        let logged = console(records)
        let fresh = #"{"camera":"notDetermined","location":"notDetermined","notifications":"notDetermined"}"#
        let granted = #"{"camera":"granted","location":"notDetermined","notifications":"notDetermined"}"#
        let denied = #"{"camera":"denied","location":"notDetermined","notifications":"notDetermined"}"#
        // The page's own view, in order: loaded fresh, the update, the answer; then revoked in Settings: iOS
        // terminated the app, `foreground` launched it from cold, and the reloaded page sees camera denied.
        #expect(logged == ["loaded " + fresh, "update " + granted, "camera answer granted", "loaded " + denied])
        #expect(records.contains { $0.type == "call" && $0.fields["body"]?.contains(#""method":"requestPermission""#) == true })
        #expect(records.contains { $0.type == "change" && $0.fields["kind"] == "camera" && $0.fields["current"] == "denied" })
        #expect(!records.contains { $0.type == "command" && $0.fields["line"] == "grant location" })
    }

    @Test func resetPutsAPermissionBackToNotDeterminedAndThePageHearsIt() async throws {
        // The app reads the device when the callback arrives: the wait lets it see the grant before the reset.
        let records = try await runShell(["grant location", "wait 300", "reset location"]) { $0.count >= 3 }
        let granted = #"{"camera":"notDetermined","location":"granted","notifications":"notDetermined"}"#
        let fresh = #"{"camera":"notDetermined","location":"notDetermined","notifications":"notDetermined"}"#
        // Location's changes reach the running app: the page hears the grant, then the reset.
        #expect(console(records) == ["loaded " + fresh, "update " + granted, "update " + fresh])
        #expect(records.contains { $0.type == "change" && $0.fields["kind"] == "location" && $0.fields["current"] == "notDetermined" })
    }

    @Test func aSwitchTurnedWhileTheAppIsActiveIsSeenAfterBackgroundAndForegroundAndTheNextCommandSeesIt() async throws {
        let records = try await runShell([
            "grant notifications",
            "foreground",
            "expect window.permitPermissions.notifications === 'notDetermined'",
            "background",
            "foreground",
            // No wait: `foreground` returns once the page has heard what the app re-read.
            "expect window.permitPermissions.notifications === 'granted'",
            "revoke notifications",
            "expect window.permitPermissions.notifications === 'denied'",
        ]) { _ in true }
        #expect(records.filter { $0.type == "error" }.map(\.line) == [])
        #expect(records.filter { $0.type == "result" && $0.fields["expect"] != nil }.count == 3)
        // Turning a switch while the app is active does not bring it back; `foreground` says so.
        #expect(records.contains { $0.type == "app" && $0.line.contains("sees it when it next becomes active") })
        #expect(records.contains { $0.type == "app" && $0.line.contains("already in the foreground") })
    }

    @Test func aBadCommandIsOneErrorAndTheShellGoesOn() async throws {
        let records = try await runShell(["jump camera", "answer camera deny", "eval askCamera()", "eval 1 +"]) {
            $0.contains("camera answer denied")
        }
        let errors = records.filter { $0.type == "error" }.map(\.line)
        #expect(errors.count == 2)
        #expect(errors.first == "error: line 1: unknown command 'jump'; type help for the list")
        #expect(errors.last?.hasPrefix("error: line 4: ") == true)
        #expect(console(records).contains("camera answer denied"))
    }

    @Test func aThrowingEvalAndAFailedExpectAreErrorsWithTheMessageAndTheStack() async throws {
        let records = try await runShell([
            "eval (function placeOrder() { throw new TypeError('basket is empty') })()",
            "expect Promise.resolve(window.permitPermissions.camera === 'granted')",
            "expect Promise.resolve(window.permitPermissions.camera)",
        ]) { _ in true }
        let errors = records.filter { $0.type == "error" }.compactMap { $0.fields["message"] }
        #expect(errors.count == 2)
        #expect(errors.first?.contains("TypeError: basket is empty") == true)
        #expect(errors.first?.contains("at placeOrder") == true)
        #expect(errors.last == "expect failed: Promise.resolve(window.permitPermissions.camera === 'granted') is false")
        let passed = records.filter { $0.type == "result" && $0.fields["expect"] != nil }
        #expect(passed.map { $0.fields["value"] } == [#""notDetermined""#])
    }

    @Test func aPromptNobodyAnsweredFailsThePagesRequestAndSaysWhatToDo() async throws {
        let records = try await runShell(["eval askCamera()"]) { $0.contains("camera failed requestFailed") }
        #expect(console(records).contains("camera failed requestFailed"))
        #expect(records.contains { $0.type == "app" && $0.line.contains("answer camera grant|deny") })
    }
}

/// Records collected from several tasks.
final class RecordList: @unchecked Sendable {
    // @unchecked: every access to `records` holds `lock`.
    private let lock = NSLock()
    private var records: [ShellRecord] = []

    func append(_ record: ShellRecord) { lock.withLock { records.append(record) } }

    var all: [ShellRecord] { lock.withLock { records } }
}
