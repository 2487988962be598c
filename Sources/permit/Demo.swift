import ArgumentParser
import Foundation
import PermitDemo
import PermitPageServer

/// `permit demo`: all of Permit, end to end, in headless Chromium on a simulated device.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run Permit end to end: a hybrid app on a simulated device, its page in headless Chromium or WebKit.",
        discussion: """
            Starts the demo web app's server on loopback and the web view (headless Chromium, or WebKitGTK \
            with --engine webkit), then runs every scenario as a \
            fresh install (its own simulated device, a file store in a temporary folder, an empty cookie \
            store): the permission-cookie scenarios and the relaunch as the page sees them, the page's \
            primer, grant and denial flows, the policy flows of a logging app, the push-token cookie, and the system status with its \
            banner. Ends with a summary table and a screenshot of the demo page. The exit status is 0 only \
            when every scenario passed.
            """
    )

    @Flag(name: .long, help: "Print {\"scenarios\": [{\"name\", \"passed\", \"detail\", \"ms\"}], \"screenshot\"} instead of the transcript.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Where to write the PNG screenshot of the demo page.", valueName: "path"))
    var screenshot = "permit-demo.png"

    @Flag(name: .long, help: "Run every scenario even after one failed (by default the demo stops at the first failure).")
    var keepGoing = false

    @OptionGroup var engineOptions: EngineOptions

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard !screenshot.isEmpty else { throw ValidationError("--screenshot needs a file path") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: screenshot, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ValidationError("--screenshot \(screenshot) is a directory; name a file, such as \(screenshot)/demo.png")
        }
        let parent = URL(fileURLWithPath: screenshot).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--screenshot: the directory \(parent) does not exist")
        }
    }

    func run() async throws {
        let started = ContinuousClock.now
        let logger = options.makeLogger()
        let scenarios = DemoScenario.all
        say(Terminal.bold("Permit demo: \(scenarios.count) scenarios, a hybrid app on a simulated device, its page in \(engineOptions.engineName)"))
        Terminal.progress("starting the demo server and \(engineOptions.engineName)")
        // Tall enough for the whole demo page in the screenshot.
        let stage = try await DemoStage.start(engine: engineOptions.engine, windowSize: (1280, 1100), logger: logger)
        say("page server \(stage.server.origin); each scenario is a fresh install (own device, store and cookies)")
        var results: [DemoResult] = []
        var screenshotPath: String?
        for (index, scenario) in scenarios.enumerated() {
            let header = "[\(index + 1)/\(scenarios.count)] \(scenario.name) (\(scenario.area)): \(scenario.summary)"
            if json { Terminal.progress(header) } else { Terminal.line("\n" + header) }
            let result = await scenario.run(stage: stage, logger: logger) { line in
                if !json { Terminal.line("    " + line) }
            }
            if !json {
                let mark = result.passed ? Terminal.green("PASS") : Terminal.red("FAIL")
                Terminal.line("    \(mark)  \(result.detail) (\(formatMilliseconds(result.milliseconds)))")
            }
            results.append(result)
            if !result.passed && !keepGoing { break }
        }
        // The last scenario leaves the page with a mix of statuses, the token and the banner: the picture.
        do {
            let png = try await stage.webView.screenshot()
            let url = URL(fileURLWithPath: screenshot)
            try png.write(to: url, options: .atomic)
            screenshotPath = url.path
            say("\nscreenshot of the demo page: \(url.path) (\(png.count) bytes)")
        } catch {
            Terminal.progress("demo: could not write the screenshot: \(error)")
        }
        await stage.close()

        let failed = results.filter { !$0.passed }
        let skipped = scenarios.count - results.count
        if json {
            try printJSON(DemoReport(
                    scenarios: results.map {
                        ScenarioReportEntry(name: $0.name, passed: $0.passed, detail: $0.detail, milliseconds: $0.milliseconds)
                    },
                    screenshot: screenshotPath))
        } else {
            print("\n" + Terminal.bold("Summary"))
            let rows = [["scenario", "covers", "result", "time"]]
                + zip(results, scenarios).map { result, scenario in
                    [result.name, scenario.area, result.passed ? "PASS" : "FAIL", formatMilliseconds(result.milliseconds)]
                }
            print(Terminal.table(rows))
            let total = String(format: "%.1f s", started.duration(to: .now).seconds)
            if failed.isEmpty && skipped == 0 {
                print(Terminal.green("All \(results.count) scenarios passed in \(total)."))
            } else {
                print(Terminal.red(
                    "\(failed.count) of \(results.count) scenarios failed: \(failed.map(\.name).joined(separator: ", "))"
                        + (skipped > 0 ? "; \(skipped) not run (use --keep-going to run them all)" : "")))
            }
        }
        if !failed.isEmpty || skipped > 0 || screenshotPath == nil { throw ExitCode.failure }
    }

    private func say(_ line: String) {
        if json { Terminal.progress(line) } else { Terminal.line(line) }
    }
}

/// The JSON `permit demo --json` prints.
struct DemoReport: Encodable {
    var scenarios: [ScenarioReportEntry]
    /// The screenshot's path, or `null` when it could not be written.
    var screenshot: String?

    private enum CodingKeys: String, CodingKey { case scenarios, screenshot }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenarios, forKey: .scenarios)
        try container.encode(screenshot, forKey: .screenshot)  // `null` rather than a missing key
    }
}

extension Duration {
    /// The duration in seconds, as a fraction.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
