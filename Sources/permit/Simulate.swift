import ArgumentParser
import Foundation
import PermitTesting

/// `permit simulate`: the permission scenarios on a simulated device, with a readable transcript.
struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the permission-tracking scenarios and a logging app's policy flows on a simulated device.",
        discussion: """
            Each scenario gets a fresh simulated device and a file store in a temporary folder, and checks \
            what the app and its store see. The exit status is 0 only when every scenario passed.
            """
    )

    @Option(name: .long, help: ArgumentHelp("Run only this scenario (see --list); repeatable.", valueName: "name"))
    var scenario: [String] = []

    @Flag(name: .long, help: "List the scenarios and exit.")
    var list = false

    @Flag(name: .long, help: "Print {\"scenarios\": [{\"name\", \"passed\", \"detail\", \"ms\"}]} instead of the transcript.")
    var json = false

    @OptionGroup var options: GlobalOptions

    static var available: [Scenario] { Scenario.seed + Scenario.ashTrail }

    func validate() throws {
        let names = Set(Self.available.map(\.name))
        for name in scenario where !names.contains(name) {
            throw ValidationError(
                "unknown scenario '\(name)'; choose from: \(Self.available.map(\.name).joined(separator: ", "))")
        }
    }

    func run() async throws {
        if list {
            print(Terminal.table(Self.available.map { [$0.name, $0.summary] }, indent: ""))
            return
        }
        let selected = scenario.isEmpty ? Self.available : Self.available.filter { scenario.contains($0.name) }
        let logger = options.makeLogger()
        if !json {
            Terminal.line(Terminal.bold("Simulating \(selected.count) scenario(s) on a simulated device, file store in a temporary folder"))
        }
        var results: [ScenarioResult] = []
        for (index, scenario) in selected.enumerated() {
            let header = "[\(index + 1)/\(selected.count)] \(scenario.name): \(scenario.summary)"
            if json { Terminal.progress(header) } else { Terminal.line("\n" + header) }
            let result = await scenario.run(logger: logger) { line in
                if !json { Terminal.line("      " + line) }
            }
            if !json {
                let mark = result.passed ? Terminal.green("PASS") : Terminal.red("FAIL")
                Terminal.line("      \(mark)  \(result.detail) (\(formatMilliseconds(result.milliseconds)))")
            }
            results.append(result)
        }
        let failed = results.filter { !$0.passed }
        if json {
            try printJSON(SimulationReport(scenarios: results.map(ScenarioReportEntry.init)))
        } else {
            print("\n" + Terminal.bold("Summary"))
            let rows = [["scenario", "result", "time", "detail"]]
                + results.map {
                    [$0.name, $0.passed ? "PASS" : "FAIL", formatMilliseconds($0.milliseconds), $0.detail]
                }
            print(Terminal.table(rows))
            print(
                failed.isEmpty
                    ? Terminal.green(results.count == 1 ? "The scenario passed." : "All \(results.count) scenarios passed.")
                    : Terminal.red("\(failed.count) of \(results.count) scenarios failed: \(failed.map(\.name).joined(separator: ", "))"))
        }
        if !failed.isEmpty { throw ExitCode.failure }
    }
}

/// The JSON `permit simulate --json` prints.
struct SimulationReport: Encodable {
    var scenarios: [ScenarioReportEntry]
}

/// One scenario in the JSON of `permit simulate` and `permit demo`: `{"name", "passed", "detail", "ms"}`.
struct ScenarioReportEntry: Encodable {
    var name: String
    var passed: Bool
    var detail: String
    /// Milliseconds, to the microsecond.
    var ms: Double

    init(name: String, passed: Bool, detail: String, milliseconds: Double) {
        self.name = name
        self.passed = passed
        self.detail = detail
        ms = (milliseconds * 1000).rounded() / 1000
    }

    init(_ result: ScenarioResult) {
        self.init(name: result.name, passed: result.passed, detail: result.detail, milliseconds: result.milliseconds)
    }
}
