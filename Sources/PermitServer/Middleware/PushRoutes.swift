package import Foundation
package import Hummingbird
package import Logging
import NIOCore
import HTTPTypes

/// The push routes, with the admin key (as ``ServerRoutes``' admin routes take it):
///
/// - `POST /permit/push`: queues a notification (``PushQueue``). The body is JSON: `message` (`title`, `body`,
///   `data` and `expires`, seconds since 1970, each optional) and either `kind` and `state` (every installation whose kind is in that state, such
///   as `"kind": "notifications", "state": "granted"`) or `installations` (up to 1,000 identifiers). 202 with
///   `{"push": ID, "sends": N}` and `Location: /permit/push/ID` once it is durable; 400 with a one-line reason
///   for a malformed body, 401 without the admin key, 503 when the storage failed (nothing queued).
/// - `GET /permit/push/ID`: where the notification stands (``PushStatus`` as JSON): its sends counted by state,
///   whether all ended, and each send's state, attempts and reason; 404 for an unknown notification.
package struct PushRoutes: Sendable {
    private let queue: PushQueue
    private let adminKey: SecretKey
    private let limits: ReportLimits
    private let now: @Sendable () -> Date
    private let logger: Logger

    /// The largest body `POST /permit/push` reads.
    package static let maxBodyBytes = 256 * 1024

    /// Creates the routes over `queue`.
    package init(
        queue: PushQueue, adminKey: SecretKey, limits: ReportLimits = ReportLimits(), logger: Logger,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.queue = queue
        self.adminKey = adminKey
        self.limits = limits
        self.logger = logger
        self.now = now
    }

    /// Adds the routes to `router`.
    package func add<Context: RequestContext>(to router: Router<Context>) {
        router.add("/permit/push", handlers: [.post: { request, _ in try await self.enqueue(request) }])
        router.add("/permit/push/:push", handlers: [.get: { request, context in try await self.status(request, push: context.parameters.get("push")) }])
    }

    /// What `POST /permit/push` takes.
    package struct Request: Sendable, Codable, Hashable {
        /// The notification.
        package var message: PushMessage
        /// The kind whose state selects installations.
        package var kind: String?
        /// The state of `kind` that selects them.
        package var state: ReportedState?
        /// The installations, when they are named.
        package var installations: [String]?

        /// Creates a request: `kind` and `state`, or `installations`.
        package init(message: PushMessage, kind: String? = nil, state: ReportedState? = nil, installations: [String]? = nil) {
            self.message = message
            self.kind = kind
            self.state = state
            self.installations = installations
        }

        /// The selection the request makes, or a one-line reason why it makes none.
        package func selection(limits: ReportLimits) -> Swift.Result<PushSelection, ServerError> {
            let selection: PushSelection
            switch (kind, state, installations) {
            case (let kind?, let state?, nil): selection = .kindState(kind: kind, state: state)
            case (nil, nil, let installations?): selection = .installations(installations)
            default:
                return .failure(ServerError.badRequest.withDetail("give either kind and state, or installations"))
            }
            guard selection.isValid(installation: limits.isValidInstallation) else {
                return .failure(ServerError.badRequest.withDetail(
                    "a kind is letters and digits; installations are 1 to \(PushSelection.maxInstallations) valid identifiers"))
            }
            return .success(selection)
        }
    }

    private func enqueue(_ request: Hummingbird.Request) async throws -> Response {
        guard adminKey.accepts(ServerRoutes.adminCredential(request.headers)) else { return Self.adminRefused }
        let body: Request
        do {
            let buffer = try await request.body.collect(upTo: Self.maxBodyBytes)
            body = try JSONDecoder().decode(Request.self, from: Data(buffer.readableBytesView))
        } catch {
            return ServerRoutes.badRequest("the body is not a push request (message, and kind and state or installations) within \(Self.maxBodyBytes) bytes")
        }
        guard body.message.title != nil || body.message.body != nil || !body.message.data.isEmpty else {
            return ServerRoutes.badRequest("the message says nothing: give a title, a body or data")
        }
        let selection: PushSelection
        switch body.selection(limits: limits) {
        case .success(let chosen): selection = chosen
        case .failure(let error): return ServerRoutes.badRequest(error.detail)
        }
        let queued: (push: String, sends: Int)
        do {
            queued = try await queue.enqueue(body.message, to: selection, at: now())
        } catch {
            logger.error("push not queued", metadata: ["error": "\((error as? ServerError)?.detail ?? "\(error)")"])
            var response = ServerRoutes.plainText(.serviceUnavailable, "the registry's storage failed; nothing was queued, retry later")
            response.headers[.retryAfter] = "5"
            return response
        }
        logger.info("push queued", metadata: ["push": "\(queued.push)", "sends": "\(queued.sends)"])
        let json = #"{"push":"\#(queued.push)","sends":\#(queued.sends)}"# + "\n"
        return Response(
            status: .accepted, headers: [.contentType: "application/json", .location: "/permit/push/\(queued.push)"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }

    private func status(_ request: Hummingbird.Request, push: String?) async throws -> Response {
        guard adminKey.accepts(ServerRoutes.adminCredential(request.headers)) else { return Self.adminRefused }
        guard let push, UUID(uuidString: push) != nil else { return ServerRoutes.badRequest("malformed push identifier") }
        let status: PushStatus?
        do {
            status = try await queue.status(of: push.lowercased())
        } catch {
            logger.error("push status not read", metadata: ["error": "\((error as? ServerError)?.detail ?? "\(error)")"])
            var response = ServerRoutes.plainText(.serviceUnavailable, "the registry's storage failed; retry later")
            response.headers[.retryAfter] = "5"
            return response
        }
        guard let status else { return ServerRoutes.plainText(.notFound, "no such push") }
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try Self.encoder.encode(status))))
    }

    /// Encodes a status with sorted keys and ISO 8601 dates.
    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The 401 of an admin route: it asks a browser for the key as a Basic password.
    private static var adminRefused: Response {
        var response = ServerRoutes.plainText(.unauthorized, "the admin key is missing or wrong")
        response.headers[.wwwAuthenticate] = "Basic realm=\"Permit admin\", charset=\"UTF-8\""
        return response
    }
}
