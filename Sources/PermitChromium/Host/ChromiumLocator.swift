import Foundation

/// Finds the Chromium (or Chrome) executable to run, on Debian, Ubuntu and macOS.
///
/// `PERMIT_CHROMIUM`, when set, is the only candidate. Otherwise the first executable of ``candidates``
/// wins, skipping the snap stubs that Ubuntu's `chromium` and `chromium-browser` packages install (a script
/// that starts the snap, which cannot run under a CI runner's confinement).
struct ChromiumLocator: Sendable {
    /// The environment variable that names the executable.
    static let environmentVariable = "PERMIT_CHROMIUM"

    /// Where browsers are installed, most specific first: Debian's real binary (not its wrapper script), the
    /// names on `PATH`'s usual directories (Ubuntu, GitHub's runners, Google's packages), then macOS's apps.
    static let candidates = [
        "/usr/lib/chromium/chromium",
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/local/bin/chromium",
        "/usr/bin/google-chrome",
        "/usr/bin/google-chrome-stable",
        "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
        "/Applications/Chromium.app/Contents/MacOS/Chromium",
    ]

    /// The process's environment.
    var environment: [String: String]
    /// Whether a path is an executable file.
    var isExecutable: @Sendable (String) -> Bool
    /// The first bytes of a file, for telling a snap stub apart.
    var head: @Sendable (String) -> String
    /// The path a symbolic link resolves to.
    var resolved: @Sendable (String) -> String

    /// The locator over this machine's files.
    static var live: ChromiumLocator {
        ChromiumLocator(
            environment: ProcessInfo.processInfo.environment,
            isExecutable: { FileManager.default.isExecutableFile(atPath: $0) },
            head: { path in
                guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
                defer { try? handle.close() }
                return String(decoding: (try? handle.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
            },
            resolved: { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
    }

    /// The executable to run, or `nil` when none is installed.
    func locate() -> String? {
        if let path = environment[Self.environmentVariable], !path.isEmpty {
            return isExecutable(path) ? path : nil
        }
        return Self.candidates.first { isExecutable($0) && !isSnapStub($0) }
    }

    /// Whether `path` is, or is a script that starts, a snap: it cannot run headless in a CI container.
    func isSnapStub(_ path: String) -> Bool {
        if resolved(path).hasPrefix("/snap/") { return true }
        let start = head(path)
        return start.hasPrefix("#!") && start.contains("/snap/")
    }
}
