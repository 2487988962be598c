import Crypto
package import Foundation

/// A site's VAPID authentication of one Web Push request (RFC 8292): `Authorization: vapid t=TOKEN, k=KEY`,
/// where TOKEN is a JWT signed with ES256 by the key whose public half is KEY.
///
/// The push endpoint accepts a request when KEY is the `applicationServerKey` the page subscribed with, the
/// signature is KEY's, `aud` is the origin of the endpoint, and `exp` is in the future and at most 24 hours
/// ahead (section 2 of the RFC); a minute of clock skew is allowed either way.
package struct VAPIDToken: Sendable, Hashable {
    /// The signed token.
    package var token: String
    /// The public key it names, the uncompressed P-256 point.
    package var key: Data

    /// How far ahead `exp` may be: RFC 8292 has push services refuse more than 24 hours.
    package static let longestValidity: TimeInterval = 24 * 60 * 60
    /// The clock skew allowed on `exp`.
    package static let allowedSkew: TimeInterval = 60

    /// Reads the header.
    ///
    /// - Throws: ``WebPushRefusal/unauthenticated(_:)`` when it is missing, of another scheme, or lacks `t` or a
    ///   base64url `k`.
    package init(authorization: String?) throws(WebPushRefusal) {
        guard let authorization, !authorization.isEmpty else { throw .unauthenticated("no Authorization header") }
        let scheme = authorization.prefix { $0 != " " }
        guard scheme.lowercased() == "vapid" else {
            throw .unauthenticated("the Authorization scheme is not vapid (RFC 8292)")
        }
        var token: String?, key: Data?
        for parameter in authorization.dropFirst(scheme.count).split(separator: ",") {
            let pair = parameter.trimmingCharacters(in: .whitespaces)
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let value = pair[pair.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            switch pair[..<equals].lowercased() {
            case "t": token = value
            case "k": key = JSONWebToken.data(base64URL: value)
            default: continue
            }
        }
        guard let token else { throw .unauthenticated("the vapid Authorization has no t (the token)") }
        guard let key else { throw .unauthenticated("the vapid Authorization has no base64url k (the public key)") }
        self.token = token
        self.key = key
    }

    /// Checks the token for a subscription made with `applicationServerKey`, whose endpoint is on `audience`
    /// (`https://host[:port]`), at `now`.
    ///
    /// - Throws: ``WebPushRefusal/forbidden(_:)`` saying which check failed.
    package func verify(applicationServerKey: Data, audience: String, now: Date) throws(WebPushRefusal) {
        guard key == applicationServerKey else {
            throw .forbidden("k is not the applicationServerKey the subscription was made with")
        }
        guard let parts = JSONWebToken.parts(of: token) else { throw .forbidden("t is not a signed JWT") }
        guard let header = try? JSONDecoder().decode(Header.self, from: parts.header), header.alg == "ES256" else {
            throw .forbidden("the token is not signed with ES256")
        }
        guard let publicKey = try? P256.Signing.PublicKey(x963Representation: key),
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: parts.signature),
            publicKey.isValidSignature(signature, for: parts.signingInput)
        else { throw .forbidden("the token's signature is not k's") }
        guard let claims = try? JSONDecoder().decode(Claims.self, from: parts.claims) else {
            throw .forbidden("the token's claims have no aud or no numeric exp")
        }
        guard claims.aud == audience else { throw .forbidden("aud is not the endpoint's origin, \(audience)") }
        let expiry = Date(timeIntervalSince1970: claims.exp)
        guard expiry > now.addingTimeInterval(-Self.allowedSkew) else { throw .forbidden("the token has expired") }
        guard expiry <= now.addingTimeInterval(Self.longestValidity + Self.allowedSkew) else {
            throw .forbidden("exp is more than 24 hours ahead")
        }
    }

    private struct Header: Decodable {
        var alg: String
    }

    private struct Claims: Decodable {
        var aud: String
        var exp: Double
    }
}
