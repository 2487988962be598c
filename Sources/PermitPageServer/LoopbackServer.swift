public import Hummingbird
public import Logging

/// A Hummingbird server on 127.0.0.1 on a port the system picks, running until ``stop()``: the page server, the
/// server benchmark's servers, the demo's fake FCM and the tests' fake push services.
public final class LoopbackServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let task: Task<Void, any Error>

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = task
    }

    /// `http://127.0.0.1:PORT`.
    public var origin: String { "http://127.0.0.1:\(port)" }

    /// Starts serving `router`; returns once the server listens.
    ///
    /// - Parameter alongside: Work that lives as long as the server, such as the demo's cookie writer: it runs
    ///   in the server's task beside it, in a task group, is cancelled with it by ``stop()``, and must return then.
    public static func start(
        router: Router<BasicRequestContext>, logger: Logger, alongside: (@Sendable () async -> Void)? = nil
    ) async throws -> LoopbackServer {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger)
        // Task: the server (and the work alongside it) runs until stop() while the caller goes on; stop() cancels
        // and awaits it.
        let task = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                if let alongside { group.addTask { await alongside() } }
                defer { group.cancelAll() }
                try await app.run()
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw PageServerError(message: "the loopback server did not start")
        }
        return LoopbackServer(port: port, task: task)
    }

    /// Stops the server and waits for it to end.
    public func stop() async {
        task.cancel()
        _ = await task.result
    }

    deinit { task.cancel() }
}
