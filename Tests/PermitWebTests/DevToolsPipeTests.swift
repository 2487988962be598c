import Foundation
import Permit
@testable import PermitChromium
import PermitWeb
import Testing

#if canImport(Glibc)
import Glibc
import PermitSupport
#endif

/// The DevTools pipe's deadlines, against a browser played by the test over two pipes: a command the browser
/// answers returns its result, one it leaves unanswered fails with `timedOut` after its deadline, and an
/// answer that comes too late is dropped.
@Suite(.timeLimit(.minutes(1))) struct DevToolsPipeTests {
    /// The test's ends: a thread of its own reads the commands the pipe writes (a blocking read must stay off
    /// the tasks' threads), and the test writes the answers the pipe reads.
    final class Browser: Sendable {
        let pipe: DevToolsPipe
        /// The commands the pipe wrote, in order.
        let commands: AsyncStream<JSONValue>
        let answers: FileHandle

        init() throws {
            var commandFDs: [Int32] = [0, 0]
            var answerFDs: [Int32] = [0, 0]
            guard Glibc.pipe(&commandFDs) == 0, Glibc.pipe(&answerFDs) == 0 else { throw POSIXError(.EMFILE) }
            self.pipe = DevToolsPipe(writeFD: commandFDs[1], readFD: answerFDs[0])
            answers = FileHandle(fileDescriptor: answerFDs[1], closeOnDealloc: true)
            let (commands, continuation) = AsyncStream.makeStream(of: JSONValue.self)
            self.commands = commands
            let reader = FileHandle(fileDescriptor: commandFDs[0], closeOnDealloc: true)
            Thread {
                var bytes = Data()
                while let chunk = try? reader.read(upToCount: 1), let byte = chunk.first {
                    if byte != 0 {
                        bytes.append(byte)
                    } else {
                        if let command = try? JSONValue.parse(bytes) { continuation.yield(command) }
                        bytes = Data()
                    }
                }
                continuation.finish()
            }.start()
        }

        func answer(_ id: Int64, _ result: String) throws {
            try answers.write(contentsOf: Data(#"{"id":\#(id),"result":\#(result)}"#.utf8) + Data([0]))
        }

        func close() {
            pipe.close()
            try? answers.close()
        }
    }

    @Test func anAnsweredCommandReturnsItsResult() async throws {
        let browser = try Browser()
        var commands = browser.commands.makeAsyncIterator()
        async let result = browser.pipe.send("Browser.getVersion", timeout: .seconds(5))
        let command = try #require(await commands.next())
        #expect(command["method"] == .string("Browser.getVersion"))
        try browser.answer(try #require(command["id"]?.integerValue), #"{"product":"Test/1"}"#)
        #expect(try await result == .object(["product": .string("Test/1")]))
        browser.close()
    }

    @Test func anUnansweredCommandTimesOutAfterItsDeadlineAndALateAnswerIsDropped() async throws {
        let browser = try Browser()
        var commands = browser.commands.makeAsyncIterator()
        let start = ContinuousClock.now
        async let result = browser.pipe.send("Page.enable", timeout: .milliseconds(300))
        let unanswered = try #require(await commands.next())
        do {
            _ = try await result
            Issue.record("an unanswered command returned")
        } catch let error as WebViewError {
            #expect(error == .timedOut)
            #expect(error.detail.contains("Page.enable"))
        }
        // Not before its deadline. How soon after it depends on the reader's sweep interval and on how busy the machine is,
        // which a test does not bound (a sweep that never came would hang the test until its time limit).
        #expect(start.duration(to: .now) >= .milliseconds(300))
        // The late answer finds nobody waiting; the next command is answered as usual.
        try browser.answer(try #require(unanswered["id"]?.integerValue), "{}")
        async let next = browser.pipe.send("Runtime.enable", timeout: .seconds(5))
        let command = try #require(await commands.next())
        try browser.answer(try #require(command["id"]?.integerValue), #"{"n":1}"#)
        #expect(try await next == .object(["n": .integer(1)]))
        browser.close()
    }

    @Test func aClosedBrowserFailsWhatIsPendingAsDisconnected() async throws {
        let browser = try Browser()
        var commands = browser.commands.makeAsyncIterator()
        let result = Task { try await browser.pipe.send("Page.enable", timeout: .seconds(30)) }
        _ = await commands.next()
        try browser.answers.close()
        await #expect(throws: WebViewError.webContentTerminated) { _ = try await result.value }
        browser.pipe.close()
    }
}
