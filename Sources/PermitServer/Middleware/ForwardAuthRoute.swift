package import Hummingbird
import HTTPTypes

/// `/permit/forward-auth`: the registry for any site, whatever it is written in, through its reverse proxy's
/// forward authentication (nginx `auth_request`, Caddy `forward_auth`, Traefik `forwardAuth`).
///
/// The proxy calls it before it serves each of the site's requests, with the original request's headers, its
/// `Cookie` header among them, and serves the request when the answer is 2xx. The route reads the cookies as
/// ``RegistryMiddleware`` does, through the same ``CookieWriter``, and answers 204 at once: it starts the write
/// but never waits for it (``CookieWriter/record(_:waitForWrite:)``), so the visitor's request waits for no
/// database. Whatever the cookies and whatever the registry does, the answer is 204: the route never refuses
/// anyone. A report that fails to be written is counted, logged and retried like the middleware's.
///
/// It answers every method with 204 (the proxies send `GET`, but a 405 would read as an error to them), `HEAD`
/// without a body and `OPTIONS` with `Allow`. Whether the site still answers when `permit server` is down or
/// slow is the proxy's configuration: the server article shows a fail-open one for each proxy.
///
/// Add it to the router before the middleware, so that the middleware does not read the request a second time
/// and wait for its write.
package struct ForwardAuthRoute<Context: RequestContext>: Sendable {
    /// The route's path.
    package static var path: String { "/permit/forward-auth" }

    private let middleware: RegistryMiddleware<Context>

    /// Creates the route, recording through `middleware`'s writer, limits and rate limits.
    package init(middleware: RegistryMiddleware<Context>) {
        self.middleware = middleware
    }

    /// Adds the route to `router`.
    package func add(to router: Router<Context>) {
        let middleware = middleware
        let answer: Router<Context>.Handler = { request, context in
            await middleware.observe(request, context: context, waitForWrite: false)
            return Response(status: .noContent)
        }
        router.add(
            RouterPath(Self.path),
            handlers: [.get: answer, .post: answer, .put: answer, .delete: answer, .patch: answer])
    }
}
