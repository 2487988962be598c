public import Foundation
public import Hummingbird
public import Logging
import HTTPTypes
import NIOCore
import Permit
import PermitSupport

/// Serves pages on loopback for the browser tests, the benchmarks and the demo.
///
/// It listens on 127.0.0.1 on a port the OS picks, answers every GET from a routing closure, and keeps the
/// requests it saw (path and `Cookie` header) so that a test can check what the browser sent.
public final class PageServer: Sendable {
    /// A response: status, content type and body.
    public struct Page: Sendable {
        /// The HTTP status code.
        public var status: Int
        /// The `Content-Type` header.
        public var contentType: String
        /// The body.
        public var body: String
        /// The values of the `Set-Cookie` header fields to send, one field each.
        public var setCookies: [String] = []

        /// An HTML page with status 200.
        public static func html(_ body: String) -> Page { Page(status: 200, contentType: "text/html; charset=utf-8", body: body) }

        /// Creates a response.
        public init(status: Int, contentType: String, body: String, setCookies: [String] = []) {
            self.status = status
            self.contentType = contentType
            self.body = body
            self.setCookies = setCookies
        }
    }

    /// A request the server answered.
    public struct SeenRequest: Sendable, Hashable {
        /// The path, without the query.
        public var path: String
        /// The `Cookie` header, if the browser sent one.
        public var cookieHeader: String?
    }

    /// The port the server listens on.
    public var port: Int { server.port }
    private let server: LoopbackServer
    private let seen: SeenRequests

    private init(server: LoopbackServer, seen: SeenRequests) {
        self.server = server
        self.seen = seen
    }

    /// The origin pages are served from: `http://localhost:PORT`.
    public var origin: String { "http://localhost:\(port)" }

    /// The URL of `path` on this server.
    public func url(_ path: String = "/") -> URL {
        URL(string: origin + (path.hasPrefix("/") ? path : "/" + path))!
    }

    /// The requests answered so far, oldest first.
    public var requests: [SeenRequest] { seen.all }

    /// Starts a server that answers each GET with `route(path)`, or 404 when it returns `nil`.
    ///
    /// - Parameter configure: Adds middleware and routes of the caller's to the router first, such as the push-token
    ///   registry's middleware in front of the pages (the demo's server side).
    public static func start(
        logger: Logger, configure: (Router<BasicRequestContext>) -> Void = { _ in },
        route: @escaping @Sendable (String) -> Page?
    ) async throws -> PageServer {
        let seen = SeenRequests()
        let router = Router()
        configure(router)
        let respond: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            let path = request.uri.path
            seen.append(SeenRequest(path: path, cookieHeader: request.headers[.cookie]))
            guard let page = route(path) else {
                return Response(status: .notFound, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: "not found")))
            }
            var headers: HTTPFields = [.contentType: page.contentType, .cacheControl: "no-store"]
            for value in page.setCookies { headers.append(HTTPField(name: .setCookie, value: value)) }
            return Response(
                status: HTTPResponse.Status(code: page.status), headers: headers,
                body: .init(byteBuffer: ByteBuffer(string: page.body)))
        }
        router.get("/", use: respond)
        router.get("**", use: respond)
        return PageServer(server: try await LoopbackServer.start(router: router, logger: logger), seen: seen)
    }

    /// Stops the server.
    public func stop() async {
        await server.stop()
    }
}

/// The page server could not start.
public struct PageServerError: Error, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The message.
    public var description: String { message }
}

private final class SeenRequests: Sendable {
    private let requests = Locked<[PageServer.SeenRequest]>([])

    func append(_ request: PageServer.SeenRequest) {
        requests.withLock { $0.append(request) }
    }

    var all: [PageServer.SeenRequest] { requests.withLock { $0 } }
}
