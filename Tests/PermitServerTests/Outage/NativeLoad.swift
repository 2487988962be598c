import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PermitSupport

/// Native reports sent by a few clients as fast as the server answers, each for a new installation with its
/// own token, until ``stop()``: the load under which a test causes an outage. Every request's outcome is kept.
final class NativeLoad: Sendable {
    /// What one report got.
    struct Outcome: Sendable {
        let installation: String
        let token: String
        /// The HTTP status, or `nil` when no answer came (the client's read timeout, a closed connection).
        let status: Int?
        let body: String
        /// When it was sent, and how long its answer took.
        let sent: ContinuousClock.Instant
        let elapsed: Duration
    }

    private let port: Int
    private let appKey: String
    private let answerTimeout: Duration
    private let state = Locked((outcomes: [Outcome](), stopped: false))
    /// Yields when a report was acknowledged (204); keeps the newest only.
    private let acknowledgments = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))

    /// A load on the server at `port` of loopback; a request with no answer within `answerTimeout` counts
    /// as unanswered.
    init(port: Int, appKey: String, answerTimeout: Duration = .seconds(30)) {
        self.port = port
        self.appKey = appKey
        self.answerTimeout = answerTimeout
    }

    /// Every outcome so far.
    var outcomes: [Outcome] { state.withLock { $0.outcomes } }

    /// Returns once the server has acknowledged a report (at once if it already has), or `false` if none was
    /// acknowledged within `limit`.
    func acknowledgedOne(within limit: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                var acknowledged = self.acknowledgments.stream.makeAsyncIterator()
                return await acknowledged.next() != nil
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Ends the load: each writer returns after its request in flight.
    func stop() { state.withLock { $0.stopped = true } }

    /// Runs `writers` clients until ``stop()``.
    func run(writers: Int) async {
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask { await self.write(as: writer) }
            }
        }
    }

    private func write(as writer: Int) async {
        var number = 0
        while !state.withLock({ $0.stopped }) {
            number += 1
            let installation = "load-\(writer)-\(number)"
            let token = "tok-\(writer)-\(number)-\(UInt32.random(in: 0...UInt32.max))"
            let body = #"{"installation":"\#(installation)","token":"\#(token)","platform":"ios","states":{"camera":"granted"}}"#
            let sent = ContinuousClock.now
            var status: Int?
            var text = ""
            do {
                let response = try await TestClient.withClient(
                    host: "127.0.0.1", port: port, configuration: .init(timeout: answerTimeout)
                ) { [appKey] client in
                    try await client.post(
                        "/permit/installations", headers: [HTTPField.Name("X-Permit-App-Key")!: appKey],
                        body: ByteBuffer(string: body))
                }
                status = response.status.code
                text = response.body.map { String(buffer: $0) } ?? ""
            } catch {
                text = "\(error)"
            }
            let outcome = Outcome(installation: installation, token: token, status: status, body: text, sent: sent,
                                  elapsed: sent.duration(to: .now))
            state.withLock { $0.outcomes.append(outcome) }
            if status == 204 { acknowledgments.continuation.yield() }
            if status == nil {
                // No server to answer (it was stopped or killed): try again shortly rather than spin.
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }
}
