package import HTTPTypes
package import Hummingbird
import NIOCore

extension Router {
    /// A route's handler.
    package typealias Handler = @Sendable (Request, Context) async throws -> Response

    /// Adds `handlers` at `path`, one per method, and answers HTTP's other methods there as RFC 9110 asks:
    /// - `HEAD`, where `GET` is handled, answers what `GET` answers, without the body (§9.3.2);
    /// - `OPTIONS` answers 204 with `Allow` (§9.3.7);
    /// - any other standard method answers 405 with `Allow` naming the methods the path has (§15.5.6).
    ///
    /// `handledElsewhere` are methods the caller adds at `path` itself: named in `Allow`, not added here.
    package func add(
        _ path: RouterPath, handlers: KeyValuePairs<HTTPRequest.Method, Handler>,
        handledElsewhere: [HTTPRequest.Method] = []
    ) {
        var allowed = handlers.map(\.key) + handledElsewhere
        if allowed.contains(.get), !allowed.contains(.head) {
            allowed.append(.head)
            if let get = handlers.first(where: { $0.key == .get })?.value {
                on(path, method: .head) { request, context in try await get(request, context).createHeadResponse() }
            }
        }
        allowed.append(.options)
        let allow = Self.standardMethods.filter(allowed.contains).map(\.rawValue).joined(separator: ", ")
        for (method, handler) in handlers {
            on(path, method: method) { request, context in try await handler(request, context) }
        }
        on(path, method: .options) { _, _ in Response(status: .noContent, headers: [.allow: allow]) }
        for method in Self.standardMethods where !allowed.contains(method) {
            on(path, method: method) { _, _ in
                Response(
                    status: .methodNotAllowed, headers: [.allow: allow, .contentType: "text/plain; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "\(method.rawValue) is not allowed here; allowed: \(allow)\n")))
            }
        }
    }

    /// The methods of RFC 9110 that a path answers with 405 when it does not have them (`CONNECT` is left out:
    /// it names a host, not a path).
    private static var standardMethods: [HTTPRequest.Method] { [.get, .head, .post, .put, .delete, .patch, .options, .trace] }
}
