import ArgumentParser
import Foundation
import Logging

/// A log level named on the command line.
struct LogLevelArgument: ExpressibleByArgument {
    let level: Logger.Level

    init?(argument: String) {
        guard let level = Logger.Level(rawValue: argument.lowercased()) else { return nil }
        self.level = level
    }

    static var allValueStrings: [String] { Logger.Level.allCases.map(\.rawValue) }
}

extension GlobalOptions {
    /// A logger that writes to standard error at the chosen level, or discards everything when none was chosen.
    func makeLogger(label: String = "permit") -> Logger {
        guard let level = logLevel?.level else {
            return Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() })
        }
        var logger = Logger(label: label, factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = level
        return logger
    }
}

/// Writes to the terminal: plain text, with colour only when standard output is a terminal.
enum Terminal {
    static let isInteractive = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    static func green(_ text: String) -> String { paint(text, code: "32") }
    static func red(_ text: String) -> String { paint(text, code: "31") }
    static func bold(_ text: String) -> String { paint(text, code: "1") }
    static func dim(_ text: String) -> String { paint(text, code: "2") }

    private static func paint(_ text: String, code: String) -> String {
        isInteractive ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Prints a line and flushes it at once, so that a pipe's reader sees it as soon as it is printed and
    /// the transcript and log lines on standard error keep their order when both go to one file or pipe.
    ///
    /// `fflush(nil)` flushes every C stream and waits for each one's lock: nothing in the tool may read
    /// standard input through C's stdio (`readLine` holds its lock while it blocks), or a line printed
    /// while the reader waits appears only after the next input line. The shell reads with `read(2)`.
    static func line(_ text: String = "") {
        print(text)
        fflush(nil)
    }

    /// Prints a progress line to standard error, so that it never mixes with JSON on standard output.
    static func progress(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Lays rows out in columns separated by two spaces; the first row is the header.
    static func table(_ rows: [[String]], indent: String = "  ") -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            indent
                + row.enumerated().map { index, cell in
                    index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

/// Encodes `value` as JSON with sorted keys and prints it on standard output.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// Formats milliseconds for people: three decimals under 10 ms, one above.
func formatMilliseconds(_ milliseconds: Double) -> String {
    milliseconds < 10 ? String(format: "%.3f ms", milliseconds) : String(format: "%.1f ms", milliseconds)
}

/// The build the tool was compiled in: `debug` or `release`; benchmarks report it.
let buildConfiguration: String = {
    #if DEBUG
        "debug"
    #else
        "release"
    #endif
}()

/// A benchmark figure's verdict against its goal, coloured on a terminal.
func verdict(_ meetsGoal: Bool) -> String {
    meetsGoal ? Terminal.green("meets goal") : Terminal.red("misses goal")
}
