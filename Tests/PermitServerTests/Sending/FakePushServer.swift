import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Permit
import PermitPageServer
import PermitServer
import PermitSupport

/// A push service on loopback for the sender tests: FCM's token and send endpoints or APNs' device endpoint,
/// answering each POST from the test's closure and keeping every request it saw. Never the real services.
final class FakePushServer: Sendable {
    /// One request the server saw.
    struct Seen: Sendable {
        var path: String
        /// Header names lowercased.
        var headers: [String: String]
        var body: Data

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// One answer.
    struct Answer: Sendable {
        var status: Int
        var headers: [String: String] = [:]
        var body: String = ""

        static let ok = Answer(status: 200, body: "{}")
    }

    private let server: LoopbackServer
    private let seen: Locked<[Seen]>

    var port: Int { server.port }
    var origin: String { server.origin }
    var requests: [Seen] { seen.withLock { $0 } }

    private init(server: LoopbackServer, seen: Locked<[Seen]>) {
        self.server = server
        self.seen = seen
    }

    /// Starts a server whose answer to the request number `index` (0 for the first) is `answer(index, request)`.
    static func start(answer: @escaping @Sendable (_ index: Int, _ request: Seen) -> Answer) async throws -> FakePushServer {
        let seen = Locked<[Seen]>([])
        let router = Router()
        router.post("**") { request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let request = Seen(path: request.uri.path, headers: headers, body: Data(buffer.readableBytesView))
            let index = seen.withLock { list in
                list.append(request)
                return list.count - 1
            }
            let reply = answer(index, request)
            var fields: HTTPFields = [.contentType: "application/json"]
            for (name, value) in reply.headers {
                if let name = HTTPField.Name(name) { fields[name] = value }
            }
            return Response(
                status: HTTPResponse.Status(code: reply.status), headers: fields,
                body: .init(byteBuffer: ByteBuffer(string: reply.body)))
        }
        var logger = Logger(label: "fake-push")
        logger.logLevel = .critical
        return FakePushServer(server: try await LoopbackServer.start(router: router, logger: logger), seen: seen)
    }

    func stop() async { await server.stop() }
}

/// Records the waits between retries instead of sleeping.
final class RecordedSleeps: Sendable {
    private let waits = Locked<[Duration]>([])
    var all: [Duration] { waits.withLock { $0 } }
    var sleep: @Sendable (Duration) async throws -> Void {
        { duration in self.waits.withLock { $0.append(duration) } }
    }
}
