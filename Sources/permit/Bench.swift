import ArgumentParser
import Foundation
import Logging
import PermitDemo
import PermitPageServer

/// `permit bench`: benchmarks, meant for a release build.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure Permit's performance (build with -c release for meaningful figures).",
        subcommands: [BenchCore.self, BenchBridge.self, BenchCookies.self, BenchServer.self]
    )
}

/// Serves one page at `/` on loopback, launches a web view of `engine` (headless Chromium by default), runs
/// `body`, and closes both whatever happens.
func withBrowser<Result: Sendable>(
    page text: String, engine: DemoEngine = .chromium, logger: Logger,
    _ body: (any DemoWebView, PageServer) async throws -> Result
) async throws -> Result {
    Terminal.progress("starting the page server and the \(engine.rawValue) web view")
    let server = try await PageServer.start(logger: logger) { path in
        path == "/" ? .html("<!doctype html><title>bench</title><p>\(text)</p>") : nil
    }
    let webView: any DemoWebView
    do {
        webView = try await engine.launch(logger: logger)
    } catch {
        await server.stop()
        throw error
    }
    do {
        let result = try await body(webView, server)
        await webView.close()
        await server.stop()
        return result
    } catch {
        await webView.close()
        await server.stop()
        throw error
    }
}

/// Runs `body` with a new, empty folder under the temporary directory, named `permit-bench-<prefix>-<UUID>`,
/// and removes the folder afterwards whatever happens.
func withTemporaryFolder<Result: Sendable>(
    named prefix: String, _ body: (URL) async throws -> Result
) async throws -> Result {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("permit-bench-\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}
