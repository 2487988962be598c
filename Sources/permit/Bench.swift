import ArgumentParser

/// `permit bench`: benchmarks, meant for a release build.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure Permit's performance (build with -c release for meaningful figures).",
        subcommands: [BenchCore.self, BenchBridge.self]
    )
}
