import ArgumentParser
import Foundation
import Logging
import Permit
import PermitDemo
import PermitLinux
import PermitSystem

/// `permit status`: the "System Status" section for this machine.
struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that this machine can keep data and backups (iCloud, storage, network).",
        discussion: """
            Runs the system checks (iCloud, iCloud Drive, CloudKit, a real read/write probe of the documents \
            directory, free space, the network) at once and prints each result, the warnings they raise and \
            when the checks last ran. The report is kept in the permission store, so the next run can say when \
            the previous one was.

            On Linux there is no iCloud: the iCloud, iCloud Drive and CloudKit checks show "not available on \
            this platform" (ok: false in --json), which raises no warning, since a machine without iCloud can \
            still keep data and backups. The network check reads the host's interfaces and routes; being \
            offline is only information, and a network that cannot be read is "could not determine", which \
            raises nothing. The exit status is 1 when a critical warning stands, else 0.

            When the store holds an app's permission records (an app's permissions.json), a Permissions \
            section follows: each kind's last-known status, and whether asking again would show the system \
            prompt, with what that rests on: observed (the status says so), inferred (the store's history \
            says so: an Allow Once that ended, a prompt iOS did not show) or unknown.
            """
    )

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The documents directory to probe; created if missing. Default: permit's application-support directory.",
            valueName: "path"))
    var documents: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Warn when less space than this is free, in bytes or with a K, M, G or T suffix (decimal).",
            valueName: "bytes"))
    var minFreeSpace = ByteCount(bytes: FreeSpaceCheck.defaultMinimumBytes)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The permission store that keeps the last report. Default: permissions.json in permit's application-support directory.",
            valueName: "path"))
    var store: String?

    @Flag(
        name: .long,
        help: #"Print {"checks": [{"id", "ok", "detail"}], "warnings": [{"severity", "title", "message", "action"}], "checkedAt"}, and "permissions": [{"kind", "status", "prompted", "canAskAgain", "evidence", "reason", "checkedAt"}] when the store has any."#)
    var json = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if let documents, documents.isEmpty {
            throw ValidationError("--documents needs a directory; an empty path would probe the current directory.")
        }
        if let store {
            if store.isEmpty { throw ValidationError("--store needs a file path.") }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: store, isDirectory: &isDirectory), isDirectory.boolValue {
                throw ValidationError("--store must name a file, not a directory.")
            }
        }
    }

    /// Where `permit` keeps its files on this platform.
    static var supportDirectory: URL {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("permit", isDirectory: true)
    }

    func run() async throws {
        let logger = options.makeLogger()
        let documentsURL = documents.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Self.supportDirectory
        let storeURL =
            store.map { URL(fileURLWithPath: $0) } ?? Self.supportDirectory.appendingPathComponent("permissions.json")
        let storage = PermitStorage(store: FilePermissionStore(url: storeURL, logger: logger), logger: logger)
        let runner = SystemCheckRunner(
            checks: SystemCheckRunner.standardChecks(
                cloud: UnsupportedCloudAccountProvider(), documents: documentsURL, minimumFreeSpace: minFreeSpace.bytes,
                network: LinuxNetworkMonitor(logger: logger)),
            logger: logger)
        let status = SystemStatus(runner: runner, storage: storage, logger: logger)

        let previous = await status.lastReport()
        let report = try await status.refresh()
        let permissions = await storage.baseline().map(StoredPermissionJSON.all(in:)) ?? []

        if json {
            try printJSON(StatusReport(report, permissions: permissions))
        } else {
            printSection(report, previous: previous, documents: documentsURL)
            Self.printPermissions(permissions)
        }
        if report.hasCriticalWarning { throw ExitCode.failure }
    }

    private func printSection(_ report: SystemReport, previous: SystemReport?, documents: URL) {
        Terminal.line(Terminal.bold("System Status"))
        Terminal.line(Terminal.dim("  documents: \(documents.path)"))
        Terminal.line(Terminal.table(report.results.map { [Self.mark($0.outcome), $0.title, $0.detail, Terminal.dim($0.purpose)] }))
        Terminal.line()
        if report.warnings.isEmpty {
            Terminal.line(Terminal.green("No warnings."))
        } else {
            Terminal.line(Terminal.bold("Warnings"))
            for warning in report.warnings {
                let action = warning.action == .openSettings ? "  [Open Settings]" : ""
                Terminal.line("  \(Self.paint(warning.severity))  \(Terminal.bold(warning.title))\(action)")
                Terminal.line("  \(String(repeating: " ", count: 8))  \(warning.message)")
            }
        }
        Terminal.line()
        let formatter = LastCheckedFormatter(locale: Locale(identifier: "en_US"))
        var line = formatter.string(checkedAt: report.checkedAt, now: Date())
        if let previous {
            line += "; the check before: \(formatter.relativeTime(checkedAt: previous.checkedAt, now: report.checkedAt))"
        }
        Terminal.line(line)
    }

    private static func mark(_ outcome: SystemCheckOutcome) -> String {
        switch outcome {
        case .passed: Terminal.green("✓")
        case .failed: Terminal.red("✗")
        case .couldNotDetermine: Terminal.yellow("?")
        case .notSupported: Terminal.dim("–")
        }
    }

    private static func paint(_ severity: SystemWarningSeverity) -> String {
        let label = severity.rawValue.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0)
        return switch severity {
        case .critical: Terminal.red(label)
        case .warning: Terminal.yellow(label)
        case .info: Terminal.blue(label)
        }
    }
}

/// A number of bytes named on the command line: `500000000`, `500M`, `1.5G`, `100MB`.
struct ByteCount: ExpressibleByArgument {
    let bytes: Int64

    init(bytes: Int64) { self.bytes = bytes }

    init?(argument: String) {
        var text = argument.trimmingCharacters(in: .whitespaces).uppercased()
        if text.hasSuffix("B") { text.removeLast() }
        let multipliers: [Character: Double] = ["K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12]
        var multiplier = 1.0
        if let last = text.last, let found = multipliers[last] {
            multiplier = found
            text.removeLast()
        }
        guard let number = Double(text), number >= 0, number * multiplier < Double(Int64.max) else { return nil }
        bytes = Int64((number * multiplier).rounded())
    }

    var defaultValueDescription: String { "\(bytes)" }
}

/// The JSON `permit status --json` prints.
struct StatusReport: Encodable {
    let checks: [SystemCheckJSON]
    let warnings: [SystemWarningJSON]
    let checkedAt: String
    /// The store's permissions; left out when it has none.
    let permissions: [StoredPermissionJSON]?

    init(_ report: SystemReport, permissions: [StoredPermissionJSON]) {
        checks = report.results.map(SystemCheckJSON.init)
        warnings = report.warnings.map(SystemWarningJSON.init)
        checkedAt = report.checkedAt.formatted(.iso8601)
        self.permissions = permissions.isEmpty ? nil : permissions
    }
}

extension Terminal {
    static func yellow(_ text: String) -> String { isInteractive ? "\u{1B}[33m\(text)\u{1B}[0m" : text }
    static func blue(_ text: String) -> String { isInteractive ? "\u{1B}[34m\(text)\u{1B}[0m" : text }
}
