package import AsyncHTTPClient
package import Foundation
import NIOCore
import NIOHTTP1

/// One HTTP request to a push service or its OAuth endpoint.
package struct PushHTTPRequest: Sendable {
    /// The whole URL, such as `https://fcm.googleapis.com/v1/projects/p/messages:send`.
    package var url: String
    /// The header fields, in order.
    package var headers: [(name: String, value: String)]
    /// The body; requests to push services are always `POST`s.
    package var body: Data

    /// Creates a `POST` request.
    package init(url: String, headers: [(name: String, value: String)], body: Data) {
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A push service's answer.
package struct PushHTTPResponse: Sendable {
    /// The HTTP status code.
    package var status: Int
    /// The header fields, names lowercased.
    package var headers: [String: String]
    /// The body, cut at ``PushHTTPTransport``'s limit.
    package var body: Data

    /// Creates a response.
    package init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The value of the header `name`, matched without case.
    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// How the senders reach the network: one seam, so that every answer can come from a fake server on loopback.
package protocol PushHTTPTransport: Sendable {
    /// Sends `request` and returns the answer, or throws ``ServerError/pushServiceUnreachable``.
    func send(_ request: PushHTTPRequest, timeout: Duration) async throws -> PushHTTPResponse
}

/// The transport over AsyncHTTPClient: HTTP/2 where the server offers it over TLS (APNs requires it, and FCM
/// uses it), HTTP/1.1 otherwise, such as a fake server on loopback.
package struct HTTPClientPushTransport: PushHTTPTransport {
    private let client: HTTPClient
    /// The largest answer body read; push services answer in a few hundred bytes.
    private let bodyLimit = 64 * 1024

    /// Creates the transport over `client`, the senders' process-wide client (``sharedClient``) by default.
    package init(client: HTTPClient = Self.sharedClient) {
        self.client = client
    }

    /// The process-wide client of the push senders, never shut down, like `HTTPClient.shared`, whose
    /// configuration it takes, but with up to 64 HTTP/1.1 connections to one host instead of 8: a worker keeps
    /// 64 sends in flight by default, and over HTTP/1.1 (a relay, a fake service on loopback) each needs a
    /// connection of its own, so 56 of them waited. Over HTTP/2 (APNs, FCM) they share one connection.
    package static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    package func send(_ request: PushHTTPRequest, timeout: Duration) async throws -> PushHTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = .POST
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        do {
            let response = try await client.execute(outgoing, timeout: .nanoseconds(nanoseconds))
            let body = try await response.body.collect(upTo: bodyLimit)
            var headers: [String: String] = [:]
            for header in response.headers where headers[header.name.lowercased()] == nil {
                headers[header.name.lowercased()] = header.value
            }
            return PushHTTPResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
        } catch {
            throw ServerError.pushServiceUnreachable.withDetail("\(Self.host(of: request.url)): \(error)")
        }
    }

    /// The host of `url`, for errors: never the path, which holds a device token for APNs.
    private static func host(of url: String) -> String {
        URL(string: url)?.host ?? "the push service"
    }
}
