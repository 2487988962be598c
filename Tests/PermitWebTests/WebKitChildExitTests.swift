import Foundation
import PermitWebKitGTK
import Testing

/// An app that embeds the WebKitGTK host and runs children with Foundation's `Process` sees every child end,
/// while WebKit starts its own helper processes in the same process.
///
/// Foundation learns that a child ended when a socket it shares with the child reaches end of file, and a
/// `Pipe`'s reader when the pipe does: only once every process holding the child's end has closed it. Both
/// ends are inheritable (not close-on-exec) while `Process.run()` starts the child (the pipe's from its
/// creation), so a helper process that WebKit starts meanwhile and that inherits them holds them for its whole
/// life. Each child here writes a line and exits with status 3; the test waits, with a deadline, for the
/// pipe's end of file and for the termination handler, while web views (and so web processes) stay open.
@Suite(.serialized, .timeLimit(.minutes(3))) struct WebKitChildExitTests {
    static let deadline = Duration.seconds(10)

    @Test(.enabled(if: Engine.available.contains(.webkit), "WebKitGTK with Xvfb is not installed"))
    func aPipeOpenWhileAWebProcessStartsStillEndsWithItsChild() async throws {
        // The app makes the pipe, then (elsewhere, meanwhile) a web view starts its web process, then the child runs.
        let output = Pipe()
        let view = try await WebKitGTKWebView.launch(logger: quietLogger)
        _ = try await view.evaluateJavaScript("1")
        let miss = await Self.runChild(0, output: output)
        await view.close()
        #expect(miss == nil)
    }

    @Test(.enabled(if: Engine.available.contains(.webkit), "WebKitGTK with Xvfb is not installed"))
    func everyChildEndIsSeenWhileWebViewsStart() async throws {
        let children = 200
        let views = 12
        let opening = Task {
            // Web views that stay open until every child was checked, each with a web process of its own.
            var opened: [WebKitGTKWebView] = []
            for _ in 0..<views {
                guard let view = try? await WebKitGTKWebView.launch(logger: quietLogger) else { break }
                opened.append(view)
                _ = try? await view.evaluateJavaScript("1")
            }
            return opened
        }
        var missed: [String] = []
        await withTaskGroup(of: String?.self) { group in
            for number in 0..<children {
                if number >= 4, let miss = await group.next() { miss.map { missed.append($0) } }
                group.addTask { await Self.runChild(number, output: Pipe()) }
            }
            for await miss in group { miss.map { missed.append($0) } }
        }
        let opened = await opening.value
        for view in opened { await view.close() }
        #expect(opened.count == views)
        #expect(missed.isEmpty, "\(missed.count) of \(children) children's ends went unseen, for example \(missed.prefix(3))")
    }

    /// Runs one child that writes a line to `output` and exits with status 3; `nil` once the pipe's end of
    /// file and the termination (with that status) were both seen within the deadline, else what was missing.
    static func runChild(_ number: Int, output: Pipe) async -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "echo child \(number); exit 3"]
        process.standardOutput = output
        let (events, continuation) = AsyncStream.makeStream(of: String.self)
        process.terminationHandler = { process in continuation.yield("exit \(process.terminationStatus)") }
        do {
            try process.run()
        } catch {
            return "child \(number) did not start: \(error)"
        }
        let reader = output.fileHandleForReading
        Thread.detachNewThread {
            // Blocks until every holder of the pipe's write end has closed it.
            let text = String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
            continuation.yield("eof \(text.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let timer = Task {
            try await Task.sleep(for: deadline)
            continuation.finish()
        }
        defer { timer.cancel() }
        var seen: Set<String> = []
        for await event in events {
            seen.insert(event)
            if seen.count == 2 { break }
        }
        let expected: Set<String> = ["exit 3", "eof child \(number)"]
        return seen == expected ? nil : "child \(number) saw only \(seen.sorted()) in \(deadline)"
    }
}
