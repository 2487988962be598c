import Logging

extension Logger {
    /// A logger that drops everything, for tests that check behaviour rather than log lines.
    static var quiet: Logger { Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }) }
}
