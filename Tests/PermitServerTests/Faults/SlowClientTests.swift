import Foundation
import Testing

/// Slow and silent clients, caused for real against `permit server` as a process. Before, about a thousand
/// slow sockets under a 1,024-file limit made every normal request time out, with nothing logged: no idle
/// timeout, no connection bound, and a native report's body could take forever.
@Suite(
    .enabled(if: ServerProcess.executable != nil, "the permit tool is not built next to the tests (swift build --build-tests)"),
    .serialized)
struct SlowClientTests {
    private static func startServer(_ folder: TemporaryFolder, _ arguments: [String], openFileLimit: Int? = nil) async throws
        -> (ServerProcess, Int)
    {
        let server = try ServerProcess(
            ["--sqlite", folder.file("registry.sqlite"), "--port", "0"] + arguments, openFileLimit: openFileLimit)
        let port = try #require(await server.listeningPort(within: .seconds(30)), "standard error: \(server.standardError)")
        return (server, port)
    }

    /// 1,100 connections that send half a request's headers and then nothing, under a limit of 1,024 open files;
    /// then one person's request. It is answered, the slow ones are closed (after the idle timeout of 20 s: the
    /// slow sockets take about 4 s to open on a loaded 2-core machine, and 14.8 s were seen with the test process
    /// paused by a debugger), and the bound is logged.
    @Test func slowSocketsUnderAFileLimitDoNotStopARealRequest() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let idleTimeout = 20
        let (server, port) = try await Self.startServer(folder, ["--idle-timeout", "\(idleTimeout)"], openFileLimit: 1_024)
        defer { server.send(SIGKILL) }
        #expect(server.standardError.contains("the open-file limit leaves room for fewer connections"))

        let connecting = ContinuousClock.now
        let slow = try await RawSocket.open(1_100, port: port, sending: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        // The bound is reached only if the sockets were all opened before the first were closed.
        #expect(connecting.duration(to: .now) < .seconds(idleTimeout), "opening the slow sockets outlasted the idle timeout")
        let person = try RawSocket(port: port)
        let started = ContinuousClock.now
        person.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let answer = await person.read(within: .seconds(30))
        #expect(answer.text.hasPrefix("HTTP/1.1 200"), "after \(started.duration(to: .now)): \(answer.text.prefix(80))")
        #expect(answer.text.contains("Permit server"))

        // Every slow connection is closed by the server (the first ones after the idle timeout).
        let end = ContinuousClock.now.advanced(by: .seconds(idleTimeout + 10))
        var closed: [Bool] = []
        for socket in slow.prefix(50) {
            closed.append(await socket.read(within: max(.milliseconds(10), ContinuousClock.now.duration(to: end))).closed)
        }
        #expect(closed.allSatisfy { $0 }, "\(closed.filter { !$0 }.count) of 50 still open")
        #expect(server.standardError.contains("connection limit reached"), "standard error: \(server.standardError)")
        withExtendedLifetime(slow) {}
    }

    /// A connection that sends nothing at all is closed after the idle timeout, not held for good.
    @Test func aSilentSocketIsClosedAfterTheIdleTimeout() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (server, port) = try await Self.startServer(folder, ["--idle-timeout", "1"])
        defer { server.send(SIGKILL) }
        let silent = try RawSocket(port: port)
        let started = ContinuousClock.now
        let outcome = await silent.read(within: .seconds(15))
        #expect(outcome.closed)
        #expect(started.duration(to: .now) >= .milliseconds(900), "closed before the idle timeout")
    }

    /// A native report whose body trickles in a byte at a time, each byte within the idle timeout, is answered
    /// 408 once the body deadline passes, and nothing is recorded.
    @Test func aBodyThatTricklesInIsAnswered408AtTheBodyDeadline() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (server, port) = try await Self.startServer(folder, ["--idle-timeout", "10", "--body-timeout", "2"])
        defer { server.send(SIGKILL) }
        let body = #"{"installation":"slow-1","states":{"camera":"granted"}}"#
        let client = try RawSocket(port: port)
        client.send(
            "POST /permit/installations HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Permit-App-Key: process-app-key\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
        let started = ContinuousClock.now
        var answer = ""
        for character in body {
            client.send(String(character))
            let read = await client.read(within: .milliseconds(400))
            answer += read.text
            if !answer.isEmpty || read.closed { break }
        }
        #expect(answer.hasPrefix("HTTP/1.1 408"), "answer: \(answer.prefix(120))")
        #expect(answer.contains("the body did not arrive within 2.0 seconds; nothing was recorded"))
        let took = started.duration(to: .now)
        #expect(took >= .seconds(2) && took < .seconds(8), "answered after \(took)")
    }
}
