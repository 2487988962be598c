import Foundation
import Logging
import Permit
import PermitChromium
import PermitDemo
import PermitPageServer
import PermitWeb
#if canImport(PermitWebKitGTK)
import PermitWebKitGTK
#endif
import Testing

/// Whether the browser tests run: always under `CI=true` (where a missing Chromium must fail them), else only
/// when Chromium is installed.
let browserAvailable =
    ProcessInfo.processInfo.environment["CI"] == "true" || ChromiumWebView.locateExecutable() != nil

/// The trait every browser suite carries: skipped with a visible reason outside CI when Chromium is missing.
let requiresChromium = Testing.ConditionTrait.enabled(
    if: browserAvailable, "Chromium is not installed (scripts/setup installs it); under CI=true this fails instead")

/// The engines the shell tests run on: both under `CI=true` (where a missing one must fail), else those
/// installed.
let shellEngines: [DemoEngine] = {
    guard ProcessInfo.processInfo.environment["CI"] != "true" else { return DemoEngine.allCases }
    return DemoEngine.allCases.filter { engine in
        switch engine {
        case .chromium: ChromiumWebView.locateExecutable() != nil
        case .webkit:
            #if canImport(PermitWebKitGTK)
            WebKitGTKWebView.canLaunch
            #else
            false
            #endif
        }
    }
}()

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

/// A page that shows location's status as it hears of it, with a banner while it is denied, as a web team's
/// page does.
let locationPage = """
    <!doctype html><title>where</title>
    <p id="geo-state">unknown</p><p id="banner" hidden>Location is off: turn it on in Settings</p>
    <script>
      function render() {
        const status = (window.permitPermissions || {}).location;
        document.querySelector('#geo-state').textContent = status;
        document.querySelector('#banner').hidden = status !== 'denied';
      }
      addEventListener('permitPermissionsUpdate', render);
      render();
      window.askLocation = () => PermitBridge.requestPermission('location').catch(error => error.code);
      setTimeout(() => { window.late = 'arrived'; }, 300);
    </script>
    """

@Suite(.serialized, requiresChromium) struct ShellInBrowserTests {
    /// Runs `script` in a shell on `page` (the team page by default), on `engine`, waits (up to ten seconds)
    /// until `settled` holds for what the page logged, and returns every record the shell reported.
    func runShell(
        _ script: [String], engine: DemoEngine = .chromium, page: String = "/team", manifest: PermissionManifest? = nil,
        settled: @escaping ([String]) -> Bool
    ) async throws -> [ShellRecord] {
        var logger = Logger(label: "permit.tests.shell")
        logger.logLevel = .critical
        let records = RecordList()
        let stage = try await DemoStage.start(engine: engine, logger: logger)
        stage.setConsoleSink { records.append(ShellRecord($0)) }
        let pages = try await PageServer.start(logger: Logger(label: "permit.tests.shell", factory: { _ in SwiftLogNoOpLogHandler() })) { path in
            switch path {
            case "/team": .html(teamPage)
            case "/where": .html(locationPage)
            case "/buttons": .html(buttonPage)
            case "/thief": .html(stealingPage)
            case "/timed": .html(timedPage)
            case "/gone": PageServer.Page(status: 404, contentType: "text/html", body: "<p>not here</p>")
            default: nil
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-shell-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = HybridApp(
            stage: stage,
            configuration: HybridApp.Configuration(
                pageURL: pages.url(page), bridge: .init(allowedOrigins: [try .init(pages.origin)]), manifest: manifest),
            folder: folder, logger: logger
        ) { records.append(ShellRecord($0)) }
        let session = ShellSession(stage: stage, app: app) { records.append($0) }
        await app.running {
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
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        await stage.close()
        await pages.stop()
        return records.all
    }

    func console(_ records: [ShellRecord]) -> [String] {
        records.filter { $0.type == "console" }.compactMap { $0.fields["text"] }
    }

    @Test(arguments: shellEngines) func aScriptDrivesThePageAndThePageLogsWhatItSaw(engine: DemoEngine) async throws {
        let records = try await runShell([
            "answer camera grant",
            "eval askCamera()",
            "revoke camera",
            "quit",
            "grant location",  // after quit: never runs
        ], engine: engine) { $0.count >= 4 }
        let logged = console(records)
        let fresh = #"{"camera":"notDetermined","location":"notDetermined","notifications":"notDetermined"}"#
        let granted = #"{"camera":"granted","location":"notDetermined","notifications":"notDetermined"}"#
        let denied = #"{"camera":"denied","location":"notDetermined","notifications":"notDetermined"}"#
        // The page's own view, in order: loaded fresh, the update, the answer; then revoked in Settings: iOS
        // terminated the app, `foreground` launched it from cold, and the reloaded page sees camera denied.
        #expect(logged == ["loaded " + fresh, "update " + granted, "camera answer granted", "loaded " + denied])
        #expect(records.contains { $0.type == "call" && $0.fields["body"]?.contains(#""method":"requestPermission""#) == true })
        #expect(records.contains { $0.type == "change" && $0.fields["kind"] == "camera" && $0.fields["current"] == "denied" })
        #expect(!records.contains { $0.type == "command" && $0.fields["command"] == "grant location" })
    }

    @Test(arguments: shellEngines) func aTapOnNothingOrOnACoveredElementIsAnError(engine: DemoEngine) async throws {
        let records = try await runShell([
            "tap #missing",
            "eval document.body.insertAdjacentHTML('beforeend', '<div style=\"position: fixed; inset: 0\"></div>')",
            "tap #ask",
        ], engine: engine, page: "/buttons", manifest: buttonManifest) { _ in true }
        let errors = records.filter { $0.type == "error" }.map(\.line)
        #expect(errors.count == 2)
        #expect(errors.first?.contains("tap: no element matches #missing") == true)
        #expect(errors.last?.contains("tap: #ask is covered by another element at (140, 70)") == true)
    }

    @Test(arguments: shellEngines) func resetPutsAPermissionBackToNotDeterminedAndThePageHearsIt(engine: DemoEngine) async throws {
        // No wait between the two: `grant` returns once the app recorded the grant and the page heard it.
        let records = try await runShell(["grant location", "reset location"], engine: engine) { $0.count >= 3 }
        let granted = #"{"camera":"notDetermined","location":"granted","notifications":"notDetermined"}"#
        let fresh = #"{"camera":"notDetermined","location":"notDetermined","notifications":"notDetermined"}"#
        // Location's changes reach the running app: the page hears the grant, then the reset.
        #expect(console(records) == ["loaded " + fresh, "update " + granted, "update " + fresh])
        #expect(records.contains { $0.type == "change" && $0.fields["kind"] == "location" && $0.fields["current"] == "notDetermined" })
    }

    /// Issue 30's race: a switch followed at once by a single-shot `expect` on what the page rendered. Twenty
    /// rounds of grant, deny and revoke in one session: each of the sixty switches must have reached the page
    /// before the next line runs, with no `wait`.
    @Test(arguments: shellEngines) func aSwitchHasReachedThePageWhenTheNextLineRuns(engine: DemoEngine) async throws {
        let geo = "document.querySelector('#geo-state').textContent"
        let round = [
            "grant location", "expect \(geo) === 'granted' && document.querySelector('#banner').hidden",
            "deny location", "expect \(geo) === 'denied' && !document.querySelector('#banner').hidden",
            "grant location", "expect \(geo) === 'granted'",
            "revoke location", "expect \(geo) === 'denied'",
        ]
        let records = try await runShell(Array(Array(repeating: round, count: 20).joined()), engine: engine, page: "/where") { _ in true }
        #expect(records.filter { $0.type == "error" }.map(\.line) == [])
        #expect(records.filter { $0.type == "result" && $0.fields["expect"] != nil }.count == 80)
    }

    @Test(arguments: shellEngines) func aSwitchThatEndsTheAppReturnsWithTheRelaunchedPageShowingIt(engine: DemoEngine) async throws {
        let records = try await runShell([
            "grant camera",
            "expect window.permitPermissions.camera === 'granted'",
            "deny camera",
            "expect window.permitPermissions.camera === 'denied'",
        ], engine: engine) { _ in true }
        #expect(records.filter { $0.type == "error" }.map(\.line) == [])
        #expect(records.filter { $0.type == "app" && $0.line.contains("launching it from cold") }.count == 2)
    }

    @Test(arguments: shellEngines) func expectIsSingleShotAndExpectWithinWaitsNamingTheLastValue(engine: DemoEngine) async throws {
        // Counters make the retries visible whatever the machine's speed: each evaluation adds one.
        let records = try await runShell([
            "expect (window.once = (window.once || 0) + 1) >= 3",
            "expect window.once === 1",
            "expect-within 10000 (window.tries = (window.tries || 0) + 1) >= 3",
            "expect window.tries === 3",
            "expect-within 100 window.never",
            "eval setTimeout(() => { window.late = 'arrived'; }, 200); 'armed'",
            "expect-within 10000 window.late === 'arrived'",
        ], engine: engine, page: "/where") { _ in true }
        let errors = records.filter { $0.type == "error" }.compactMap { $0.fields["message"] }
        #expect(errors.count == 2)
        #expect(errors.first == "expect failed: (window.once = (window.once || 0) + 1) >= 3 is false")
        #expect(errors.last?.hasPrefix("expect-within failed: window.never is still undefined after 100 ms (") == true)
        let passed = records.filter { $0.type == "result" && $0.fields["expect"] != nil }
        #expect(passed.map { $0.fields["expect"] } == [
            "window.once === 1", "(window.tries = (window.tries || 0) + 1) >= 3", "window.tries === 3",
            "window.late === 'arrived'",
        ])
        #expect(records.filter { $0.type == "error" }.allSatisfy { $0.failure == .command })
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
        let records = try await runShell(["jump camera", "answer camera deny", "eval askCamera()", "eval 1 +", "deny camra"]) {
            $0.contains("camera answer denied")
        }
        let errors = records.filter { $0.type == "error" }
        #expect(errors.count == 3)
        #expect(errors.first?.line == "error: line 1: unknown command 'jump'; type help for the list")
        #expect(errors.first?.fields["line"] == "1" && errors.first?.fields["command"] == "jump camera")
        #expect(errors.dropFirst().first?.line.hasPrefix("error: line 4: ") == true)
        #expect(errors.last?.line.contains("unknown permission 'camra' (did you mean 'camera'?)") == true)
        #expect(console(records).contains("camera answer denied"))
    }

    @Test(arguments: shellEngines) func aThrowingEvalAndAFailedExpectAreErrorsWithTheMessageAndTheStack(engine: DemoEngine) async throws {
        let records = try await runShell([
            "eval (function placeOrder() { throw new TypeError('basket is empty') })()",
            "expect Promise.resolve(window.permitPermissions.camera === 'granted')",
            "expect Promise.resolve(window.permitPermissions.camera)",
        ], engine: engine) { _ in true }
        let errors = records.filter { $0.type == "error" }.compactMap { $0.fields["message"] }
        #expect(errors.count == 2)
        #expect(errors.first?.contains("TypeError") == true)
        if engine == .chromium {
            // WebKitGTK's evaluation error names the class only; its stack is not reported.
            #expect(errors.first?.contains("TypeError: basket is empty") == true)
            #expect(errors.first?.contains("at placeOrder") == true)
        }
        #expect(errors.last == "expect failed: Promise.resolve(window.permitPermissions.camera === 'granted') is false")
        let passed = records.filter { $0.type == "result" && $0.fields["expect"] != nil }
        #expect(passed.map { $0.fields["value"] } == [#""notDetermined""#])
    }

    @Test(arguments: shellEngines) func anUncaughtExceptionIsReportedWithItsMessageAndItsFrames(engine: DemoEngine) async throws {
        let records = try await runShell(
            ["eval setTimeout(function checkout() { throw new RangeError('boom from page') }, 0); 'armed'"], engine: engine
        ) { $0.contains { $0.contains("boom from page") } }
        let thrown = records.filter { $0.type == "console" && $0.fields["level"] == "exception" }
        #expect(thrown.count == 1)
        let text = thrown.first?.fields["text"] ?? ""
        #expect(text.hasPrefix("RangeError: boom from page\n"), "the message, then the stack: \(text)")
        #expect(text.contains("checkout"), "the frame that threw: \(text)")
        #expect(thrown.first?.failure == .exception)
    }

    @Test(arguments: shellEngines) func aPromptNobodyAnsweredIsAFailureThatNamesTheCommandToScript(engine: DemoEngine) async throws {
        let records = try await runShell(["eval askCamera()"], engine: engine) { $0.contains("camera failed requestFailed") }
        #expect(console(records).contains("camera failed requestFailed"))
        let failures = records.filter { $0.failure == .unansweredPrompt }
        #expect(failures.count == 1)
        #expect(failures.first?.fields["message"]?.contains("answer camera grant|deny") == true)
        #expect(!records.contains { $0.line.contains("answerNextPrompt") }, "a shell user scripts commands, not Swift")
    }

    @Test func aRequestWhileTheAppIsInTheBackgroundSaysSo() async throws {
        let records = try await runShell(["answer location grant", "background", "eval askLocation()"], page: "/where") { _ in true }
        let failures = records.filter { $0.failure == .promptNotShown }
        #expect(failures.count == 1)
        #expect(failures.first?.fields["message"]?.contains("the app is in the background") == true)
        #expect(!records.contains { $0.line.contains("script the answer first") })
    }

    @Test(arguments: shellEngines) func aPageThatAnswersAnHTTPErrorIsAFailure(engine: DemoEngine) async throws {
        let records = try await runShell(["relaunch"], engine: engine, page: "/gone") { _ in true }
        let failures = records.filter { $0.failure == .httpStatus }
        // Once at launch, once at the relaunch.
        #expect(failures.count == 2)
        #expect(failures.first?.fields["message"]?.hasPrefix("the page answered HTTP 404: http://") == true)
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
