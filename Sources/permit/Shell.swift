import ArgumentParser
import Foundation
import Permit
import PermitChromium
import PermitDemo
import PermitPageServer
import PermitWeb

/// `permit shell`: any web app in headless Chromium, with Permit's bridge and a simulated device behind it.
struct Shell: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a web app in headless Chromium with Permit's bridge and drive the simulated device.",
        discussion: """
            Opens URL (by default the demo web app, served on loopback) as a hybrid app would: the bridge \
            installed, the permission and push-token cookies kept, a simulated device and a file store in a \
            temporary folder behind it. Then reads commands, one per line, from the script or from standard \
            input, and prints the page's console, the bridge's traffic and every change as they happen. \
            Chromium resolves only loopback addresses: serve the app from this machine (localhost or \
            127.0.0.1). A bad command gets a one-line error and the shell goes on; the exit status is 0 when \
            the script ran to its end.

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

    @Option(name: .long, help: ArgumentHelp("The bridge's names: zoobox for the seed app's (window.zooboxPermissions, ZooboxBridge); Permit's own otherwise.", valueName: "name"))
    var preset: Preset?

    @Option(name: .long, help: ArgumentHelp("Also write every event and result as a JSON line to this file.", valueName: "file"))
    var jsonLog: String?

    @OptionGroup var engineOptions: EngineOptions

    @OptionGroup var options: GlobalOptions

    enum Preset: String, ExpressibleByArgument, CaseIterable {
        case zoobox
    }

    func validate() throws {
        if let url {
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
                parsed.host?.isEmpty == false
            else { throw ValidationError("--url must be an http or https URL with a host, such as http://localhost:8080/") }
        }
        for value in origin {
            do { _ = try WebOrigin(value) } catch { throw ValidationError("--origin \(value): \(error)") }
        }
        if let script, !FileManager.default.isReadableFile(atPath: script) {
            throw ValidationError("--script \(script): no such readable file")
        }
    }

    func run() async throws {
        let logger = options.makeLogger()
        let started = ContinuousClock.now
        let log = try jsonLog.map { try JSONLineWriter(path: $0) }
        let emit: @Sendable (ShellRecord) -> Void = { record in
            Terminal.line(record.line)
            log?.write(record, at: started.duration(to: .now))
        }
        Terminal.progress("shell: starting \(engineOptions.engineName)")
        let stage = try await DemoStage.start(engine: engineOptions.engine, logger: logger)
        stage.setConsoleSink { emit(ShellRecord($0)) }
        let pageURL = url.flatMap(URL.init(string:)) ?? stage.demoPageURL
        var origins = Set(try origin.map(WebOrigin.init))
        origins.insert(try WebOrigin(pageURL.absoluteString))
        let bridge: BridgeConfiguration = url == nil || preset == .zoobox ? .zoobox(allowedOrigins: origins) : BridgeConfiguration(allowedOrigins: origins)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-shell-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let app = HybridApp(
            stage: stage, configuration: HybridApp.Configuration(pageURL: pageURL, bridge: bridge), folder: folder,
            logger: logger
        ) { emit(ShellRecord($0)) }
        let session = ShellSession(stage: stage, app: app, output: emit)
        do {
            try await session.start()
            Terminal.progress("shell: \(pageURL.absoluteString) loaded; bridge \(bridge.bridgeObjectName), kinds \(app.configuration.kinds.map(\.rawValue).joined(separator: ", ")); type help for the commands")
            var number = 0
            for await line in try lines() {
                number += 1
                if !(await session.run(line: line, number: script == nil ? nil : number)) { break }
            }
        } catch {
            await app.shutDown()
            await stage.close()
            throw error
        }
        await app.shutDown()
        await stage.close()
        log?.close()
    }

    /// The script's lines, or standard input's, read on a thread of their own so that a waiting read never
    /// holds up the concurrency pool.
    private func lines() throws -> AsyncStream<String> {
        if let script {
            let text = try String(contentsOfFile: script, encoding: .utf8)
            return AsyncStream { continuation in
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) { continuation.yield(String(line)) }
                continuation.finish()
            }
        }
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let interactive = isatty(STDIN_FILENO) == 1
        let thread = Thread {
            if interactive { FileHandle.standardError.write(Data("permit> ".utf8)) }
            while let line = readLine() {
                continuation.yield(line)
                if interactive { FileHandle.standardError.write(Data("permit> ".utf8)) }
            }
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
