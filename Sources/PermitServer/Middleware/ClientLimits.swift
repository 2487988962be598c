import Foundation
package import Hummingbird
package import Logging
import PermitSupport

/// How much one client may write: per client address and per installation, and which proxies are trusted to
/// name the client in `X-Forwarded-For`.
///
/// Only writes are limited: a cookie report that repeats what is stored costs nothing and is never refused.
/// Before, one client created about 1,300 installations a second through the cookie path.
package struct ClientLimits: Sendable {
    /// Writes per client address (cookie reports that change something, and native reports).
    package var perAddress = RateLimit(perSecond: 20, burst: 100)
    /// Writes per installation.
    package var perInstallation = RateLimit(perSecond: 2, burst: 20)
    /// Peers whose `X-Forwarded-For` names the client (a reverse proxy, a load balancer), as IP addresses.
    /// Any other peer is the client itself, whatever it claims.
    package var trustedProxies: Set<String> = []

    /// The default limits, trusting no proxy.
    package init() {}

    /// No limits at all.
    package static var off: ClientLimits {
        var limits = ClientLimits()
        limits.perAddress = .off
        limits.perInstallation = .off
        return limits
    }

    /// The client a request comes from: `peer`, or, when `peer` is a trusted proxy, the rightmost address of
    /// `X-Forwarded-For` that is not itself a trusted proxy (addresses further left are the client's own claims,
    /// which anyone can forge). `nil` when the peer is unknown.
    package func client(peer: String?, forwardedFor: [String]) -> String? {
        guard let peer, trustedProxies.contains(peer) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        return hops.last { !$0.isEmpty && !trustedProxies.contains($0) } ?? peer
    }
}

/// Applies ``ClientLimits``: one bucket per client address and one per installation, and a warning at most once a
/// minute while writes are refused.
package final class ClientLimiter: Sendable {
    /// Which limit refused a write.
    package enum Verdict: Sendable, Equatable {
        case admitted, tooFastForAddress, tooFastForInstallation
    }

    /// The limits applied.
    package let limits: ClientLimits
    private let addresses: RateLimiter
    private let installations: RateLimiter
    private let logger: Logger
    /// Lets the warning through once a minute, not once per event.
    private let warnings = WarningThrottle()

    /// Creates the limiter of `limits`.
    package init(_ limits: ClientLimits, logger: Logger) {
        self.limits = limits
        addresses = RateLimiter(limits.perAddress)
        installations = RateLimiter(limits.perInstallation)
        self.logger = logger
    }

    /// Whether a write of `installation`'s report by `request` is admitted now; a refusal is counted and, at
    /// most once a minute, logged at warning with the counts.
    package func admit<Context: RequestContext>(_ installation: String, request: Request, context: Context) -> Verdict {
        let peer = (context as? any RemoteAddressRequestContext)?.remoteAddress?.ipAddress
        let client = limits.client(peer: peer, forwardedFor: request.headers[values: .init("X-Forwarded-For")!])
        let verdict: Verdict
        if let client, !addresses.take(client) {
            verdict = .tooFastForAddress
        } else if !installations.take(installation) {
            verdict = .tooFastForInstallation
        } else {
            return .admitted
        }
        warnIfDue()
        return verdict
    }

    private func warnIfDue() {
        guard warnings.isDue() else { return }
        logger.warning("writes refused by the rate limits", metadata: [
            "byAddress": "\(addresses.takeRefusedCount())", "byInstallation": "\(installations.takeRefusedCount())",
            "perAddress": "\(limits.perAddress.perSecond)/s", "perInstallation": "\(limits.perInstallation.perSecond)/s",
        ])
    }
}
