import ArgumentParser
import Foundation

/// The `permit` command-line tool: runs Permit's scenarios and benchmarks on a simulated device.
@main
struct PermitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "permit",
        abstract: "Permission tracking for iOS apps, exercised on a simulated device.",
        discussion: """
            Permit tracks the OS permissions an app uses, persists their last-known status and detects \
            changes made in Settings. These commands run Permit's core against a simulated device, so the \
            whole flow can be seen and measured on any machine.
            """,
        subcommands: [Demo.self, Shell.self, Simulate.self, Bench.self, Status.self, Lint.self, Generate.self, Server.self, Registry.self, Push.self]
    )

    /// Runs the tool; `permit server` first takes the options its `PERMIT_*` variables give (``ServerEnvironment``).
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "server" {
            arguments = ["server"] + ServerEnvironment.arguments(
                Array(arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
        }
        await main(arguments)
    }
}

/// Options every subcommand shares.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Log Permit's own messages to standard error at this level or above (trace, debug, info, notice, warning, error, critical).",
            valueName: "level"))
    var logLevel: LogLevelArgument?
}
