import HTTPTypes
import HummingbirdTesting
import NIOCore

/// One `GET` on loopback, for the tests that drive a server or a proxy from outside.
struct HTTPGet: Sendable {
    /// What came back.
    struct Answer: Sendable {
        let status: Int
        let body: String
        let headers: HTTPFields
    }

    /// Sends `GET path` to `port` on 127.0.0.1 with `cookie` as its `Cookie` header (if given), on a new
    /// connection; throws when no answer came within `timeout`.
    static func get(
        port: Int, _ path: String = "/", cookie: String? = nil, timeout: Duration = .seconds(10)
    ) async throws -> Answer {
        var fields = HTTPFields()
        if let cookie { fields[.cookie] = cookie }
        let headers = fields
        let response = try await TestClient.withClient(
            host: "127.0.0.1", port: port, configuration: .init(timeout: timeout)
        ) { client in
            // With an authority, so that the request carries `Host`, which nginx requires of HTTP/1.1.
            try await client.execute(TestClient.Request(path, method: .get, authority: "127.0.0.1:\(port)", headers: headers))
        }
        return Answer(status: Int(response.status.code), body: response.body.map { String(buffer: $0) } ?? "", headers: response.headers)
    }
}
