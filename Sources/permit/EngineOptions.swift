import ArgumentParser
import PermitDemo

extension DemoEngine: ExpressibleByArgument {}

/// `--engine`: the browser engine of the web view, shared by `demo`, `shell` and `bench bridge`.
struct EngineOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The web view's engine: chromium (headless Chromium) or webkit (WebKitGTK under Xvfb, the engine iOS runs).",
            valueName: "engine"))
    var engine: DemoEngine = .chromium

    /// The engine's name for progress lines: "headless Chromium" or "WebKitGTK".
    var engineName: String {
        switch engine {
        case .chromium: "headless Chromium"
        case .webkit: "WebKitGTK"
        }
    }
}
