import ArgumentParser
import Foundation
import Permit
import PermitChromium
import PermitDemo
import PermitPageServer
import PermitWeb
import PermitSupport

/// `permit shell`: any web app in headless Chromium or WebKitGTK, with Permit's bridge and a simulated device behind
/// it.
struct Shell: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a web app in headless Chromium or WebKit with Permit's bridge and drive the simulated device.",
        discussion: """
            Opens URL (by default the demo web app, served on loopback) in a web view (headless Chromium, or \
            WebKitGTK with --engine webkit) as a hybrid app would: the bridge \
            installed, the permission and push-token cookies kept, a simulated device and a file store in a \
            temporary folder behind it. Then reads commands, one per line, from the script or from standard \
            input, and prints the page's console (uncaught exceptions and unhandled rejections with their \
            message and stack), the bridge's traffic and every change as they happen.

            The web view reaches only this machine: localhost, 127.0.0.1 and [::1]. --allow-host opens another \
            host on purpose (a staging server). A bad command gets a one-line error and the shell goes on; \
            the exit status is 0 when the script ran to its end, and with --strict 1 when any error line, \
            uncaught exception or unhandled rejection was seen, a prompt was shown that no answer command \
            scripted, or the page answered an HTTP status of 400 or more or did not load (for CI). The \
            switches (grant, deny, revoke, reset, background, foreground) return once the app has recorded \
            the change and the page has heard it, so the next expect sees it; expect-within retries a \
            condition that the page reaches on its own time. A primer the app's manifest shows is read and \
            its Continue tapped by the shell's user, at once; an offer of Settings (after a tap on a denied \
            permission) gets the next choice an offer command scripted, else Not now. Chromium is found on \
            Debian, Ubuntu and macOS; set PERMIT_CHROMIUM to the executable to use another.

            --json-log writes one JSON object per line: "t" (milliseconds since start) and "type", then by \
            type: console (level: log|info|warn|error|debug|exception, text; failure for an exception), call \
            and reply (body), change (kind, previous or new, current, cause), app (text), command (line: its \
            number, command), result (text, or value for eval, expect and value for expect and \
            expect-within, path for screenshot, one key per kind for status), error (message, failure; line \
            and command for a command's). failure names what fails --strict: \
            \(ShellFailure.allCases.map(\.rawValue).joined(separator: ", ")). Every value is a string but t.

            Commands:
            \(ShellCommand.usage)
            """
    )

    @Option(name: .long, help: ArgumentHelp("The web app to open; by default the demo web app.", valueName: "url"))
    var url: String?

    @Option(name: .long, help: ArgumentHelp("Read commands from this file instead of standard input.", valueName: "file"))
    var script: String?

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("More origins allowed to use the bridge (the URL's own always is).", valueName: "origin"))
    var origin: [String] = []

    @Option(name: .long, help: ArgumentHelp("The bridge's names for --url: zoobox for the preset's (window.zooboxPermissions, ZooboxBridge); by default Permit's own (window.permitPermissions, PermitBridge). The demo web app (no --url) always uses the preset's.", valueName: "name"))
    var preset: Preset?

    @Option(name: .long, help: ArgumentHelp("The kinds the app tracks, comma-separated (default: the manifest's, else location,camera,notifications).", valueName: "kinds"))
    var kinds: String?

    @Option(name: .long, help: ArgumentHelp("The app's permission manifest (JSON): its policy and primers apply to the page's requests, as in a real app.", valueName: "file"))
    var manifest: String?

    @Option(name: .long, help: ArgumentHelp("Mirror the p_… permission cookies into the web view (on) or not (off).", valueName: "on|off"))
    var permissionCookies: Switch = .on

    @Option(name: .long, help: ArgumentHelp("Let the web view reach this host beyond this machine, on purpose (repeatable; off by default).", valueName: "host"))
    var allowHost: [String] = []

    @Flag(name: .long, help: "Exit 1 when any error line, uncaught exception, unhandled rejection, unanswered prompt, HTTP error page or failed load was seen.")
    var strict = false

    @Option(name: .long, help: ArgumentHelp("Also write every event and result as a JSON line to this file.", valueName: "file"))
    var jsonLog: String?

    @OptionGroup var engineOptions: EngineOptions

    @OptionGroup var options: GlobalOptions

    enum Preset: String, ExpressibleByArgument, CaseIterable {
        case zoobox
    }

    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    /// The hosts the web view reaches without `--allow-host`.
    static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "::1", "[::1]"]

    func validate() throws {
        if let url {
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
                parsed.host?.isEmpty == false
            else { throw ValidationError("--url must be an http or https URL with a host, such as http://localhost:8080/") }
            let host = parsed.host!.lowercased()
            guard Self.loopbackHosts.contains(host) || allowHost.contains(where: { $0.lowercased() == host }) else {
                throw ValidationError("--url \(url): the web view reaches only this machine; add --allow-host \(host) to open it on purpose")
            }
        }
        for host in allowHost where host.isEmpty || !host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) || !host.unicodeScalars.allSatisfy(\.isASCII) {
            throw ValidationError("--allow-host \(host): a host name, such as staging.example.com")
        }
        _ = try parsedKinds()
        for value in origin {
            do { _ = try WebOrigin(value) } catch { throw ValidationError("--origin \(value): \(error)") }
        }
        if let script, !FileManager.default.isReadableFile(atPath: script) {
            throw ValidationError("--script \(script): no such readable file")
        }
    }

    /// The manifest, read from `--manifest`.
    private func loadManifest() throws -> PermissionManifest? {
        guard let manifest else { return nil }
        do {
            return try PermissionManifest(contentsOf: URL(fileURLWithPath: manifest), additionalKinds: try parsedKinds() ?? [])
        } catch {
            throw ValidationError("--manifest \(manifest): \(error)")
        }
    }

    /// The kinds named by `--kinds`, or `nil` when it is not given. Each is built in, or declared by the
    /// `--manifest` (a kind of the app's own); anything else is a usage error that suggests the nearest kind.
    private func parsedKinds() throws -> [PermissionKind]? {
        guard let kinds else { return nil }
        let names = kinds.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var parsed: [PermissionKind] = []
        for name in names {
            guard let kind = PermissionKind(rawValue: name) else {
                throw ValidationError("--kinds: '\(name)' is not a permission kind (letters and digits, starting lowercase)")
            }
            if !parsed.contains(kind) { parsed.append(kind) }
        }
        guard !parsed.isEmpty else { throw ValidationError("--kinds: name at least one kind, such as camera,location") }
        let declared = try declaredKinds(among: parsed)
        for kind in parsed where !PermissionKind.builtIn.contains(kind) && !declared.contains(kind) {
            let known = PermissionKind.builtIn.map(\.rawValue) + declared.map(\.rawValue)
            let nearest = KindSuggestion.nearest(to: kind.rawValue, among: known).map { "; did you mean '\($0)'?" } ?? ""
            throw ValidationError(
                "--kinds: '\(kind)' is neither a built-in kind nor declared by --manifest\(nearest)\n"
                    + "built-in kinds: \(PermissionKind.builtIn.map(\.rawValue).joined(separator: ", "))")
        }
        return parsed
    }

    /// The kinds the `--manifest` declares, read with `candidates` allowed as kinds of the app's own; none
    /// without a manifest.
    private func declaredKinds(among candidates: [PermissionKind]) throws -> [PermissionKind] {
        guard let manifest else { return [] }
        do {
            return try PermissionManifest(contentsOf: URL(fileURLWithPath: manifest), additionalKinds: candidates).kinds
        } catch {
            throw ValidationError("--manifest \(manifest): \(error)")
        }
    }

    func run() async throws {
        let logger = options.makeLogger()
        let started = ContinuousClock.now
        let log = try jsonLog.map { try JSONLineWriter(path: $0) }
        let failures = Locked<[ShellFailure: Int]>([:])
        let emit: @Sendable (ShellRecord) -> Void = { record in
            if let failure = record.failure { failures.withLock { $0[failure, default: 0] += 1 } }
            Terminal.line(record.line)
            log?.write(record, at: started.duration(to: .now))
        }
        let manifest = try loadManifest()
        let kinds = try parsedKinds() ?? manifest?.kinds ?? PermissionKind.legacyCookieKinds
        // Read before the web view starts: a script that cannot be read fails at once, with nothing to close.
        let scriptText = try readScript()
        Terminal.progress("shell: starting \(engineOptions.engineName)")
        let stage = try await DemoStage.start(engine: engineOptions.engine, networkHosts: allowHost, logger: logger)
        stage.setConsoleSink { emit(ShellRecord($0)) }
        let pageURL = url.flatMap(URL.init(string:)) ?? stage.demoPageURL
        var origins = Set(try origin.map(WebOrigin.init))
        origins.insert(try WebOrigin(pageURL.absoluteString))
        let bridge: BridgeConfiguration = url == nil || preset == .zoobox ? .zoobox(allowedOrigins: origins) : BridgeConfiguration(allowedOrigins: origins)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-shell-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let app = HybridApp(
            stage: stage,
            configuration: HybridApp.Configuration(
                pageURL: pageURL, bridge: bridge, kinds: kinds, manifest: manifest,
                mirrorsPermissionCookies: permissionCookies == .on),
            folder: folder, logger: logger
        ) { emit(ShellRecord($0)) }
        if app.configuration.siteHost != pageURL.host {
            Terminal.progress("shell: cookies are kept for localhost: a page on an IPv6 address cannot get Permit's cookies (open http://localhost:PORT/ to see them)")
        }
        let session = ShellSession(stage: stage, app: app, output: emit)
        let scriptLines = lines(script: scriptText)
        let launched = await app.running {
            do {
                try await session.start()
            } catch {
                // The launch's failure is already reported, as an error line and in the JSON log.
                return false
            }
            Terminal.progress("shell: \(pageURL.absoluteString) loaded; bridge \(bridge.bridgeObjectName), kinds \(app.configuration.kinds.map(\.rawValue).joined(separator: ", ")); type help for the commands")
            var number = 0
            for await line in scriptLines {
                number += 1
                if !(await session.run(line: line, number: number, namesLine: script != nil)) { break }
            }
            return true
        }
        await stage.close()
        log?.close()
        guard launched else { throw ExitCode.failure }
        let failed = failures.withLock { $0 }
        if strict, !failed.isEmpty {
            let count = failed.values.reduce(0, +)
            let kinds = failed.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.value) \($0.key.rawValue)" }
            Terminal.progress("shell: --strict: \(count) failure\(count == 1 ? "" : "s") (\(kinds.joined(separator: ", ")))")
            throw ExitCode(1)
        }
    }

    /// The text of `--script`, or `nil` without one. Read through a file handle, so that `/dev/null`, a named
    /// pipe or a shell's `<(...)` work as well as a file.
    private func readScript() throws -> String? {
        guard let script else { return nil }
        guard let handle = FileHandle(forReadingAtPath: script) else {
            throw CommandFailure("--script \(script): cannot be opened")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw CommandFailure("--script \(script): cannot be read (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("--script \(script): not UTF-8 text")
        }
        return text
    }

    /// The script's lines, or standard input's, read on a thread of their own so that a waiting read never
    /// holds up the concurrency pool.
    private func lines(script text: String?) -> AsyncStream<String> {
        if let text {
            return AsyncStream { continuation in
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) { continuation.yield(String(line)) }
                continuation.finish()
            }
        }
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let interactive = isatty(STDIN_FILENO) == 1
        // read(2), not readLine: readLine blocks holding standard input's C lock, and the flush after every
        // printed line waits for that lock, so a command's output would appear only after the next line.
        let thread = Thread {
            if interactive { FileHandle.standardError.write(Data("permit> ".utf8)) }
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                pending.append(contentsOf: chunk[0..<count])
                while let newline = pending.firstIndex(of: 0x0A) {
                    var line = Array(pending[..<newline])
                    pending.removeSubrange(...newline)
                    if line.last == 0x0D { line.removeLast() }
                    continuation.yield(String(decoding: line, as: UTF8.self))
                    if interactive { FileHandle.standardError.write(Data("permit> ".utf8)) }
                }
            }
            if !pending.isEmpty { continuation.yield(String(decoding: pending, as: UTF8.self)) }
            continuation.finish()
        }
        thread.start()
        return stream
    }
}

/// Writes the shell's records as JSON lines: `{"t": ms, "type": …, …fields}`.
final class JSONLineWriter: Sendable {
    /// Held while a line is written, so that lines from several tasks never interleave.
    private let handle: Locked<FileHandle>

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw ValidationError("--json-log \(path): cannot create the file")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw ValidationError("--json-log \(path): cannot open the file")
        }
        self.handle = Locked(handle)
    }

    func write(_ record: ShellRecord, at elapsed: Duration) {
        var object: [String: String] = record.fields
        object["type"] = record.type
        let (seconds, attoseconds) = elapsed.components
        let milliseconds = (Double(seconds) * 1000 + Double(attoseconds) / 1e15).rounded()
        guard var data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return }
        // The time first, as a number.
        data = Data("{\"t\":\(Int(milliseconds)),".utf8) + data.dropFirst()
        data.append(0x0A)
        handle.withLock { $0.write(data) }
    }

    func close() {
        handle.withLock { try? $0.close() }
    }
}
