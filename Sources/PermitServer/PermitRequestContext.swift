package import Hummingbird
package import NIOCore

/// The request context of `permit server`: Hummingbird's basic context and the connection's peer address, which
/// the rate limits read (``ClientLimiter``). A site that embeds the middleware in its own server gets the
/// per-address limit only if its context conforms to `RemoteAddressRequestContext` too.
package struct PermitRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's storage of the request's context.
    package var coreContext: CoreRequestContextStorage
    /// The peer of the connection: the client, or the proxy in front of it.
    package let remoteAddress: SocketAddress?

    /// Creates the context of a request that came in on `source`'s channel.
    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
