package import Foundation

/// A compact JSON Web Signature (RFC 7515): `BASE64URL(header).BASE64URL(claims).BASE64URL(signature)`, the shape of
/// both FCM's OAuth assertion (RS256) and APNs' provider token (ES256).
package enum JSONWebToken {
    /// Signs `claims` under `header` with `sign`, which receives the bytes of `header.claims` to sign.
    package static func signed(
        header: [String: String], claims: some Encodable, sign: (Data) throws -> Data
    ) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let signingInput = try base64URL(encoder.encode(header)) + "." + base64URL(encoder.encode(claims))
        return signingInput + "." + base64URL(try sign(Data(signingInput.utf8)))
    }

    /// The three parts of `token`, decoded, or `nil` when it is not a compact JWS.
    package static func parts(of token: String) -> (header: Data, claims: Data, signature: Data, signingInput: Data)? {
        let pieces = token.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 3, let header = data(base64URL: pieces[0]), let claims = data(base64URL: pieces[1]),
            let signature = data(base64URL: pieces[2])
        else { return nil }
        return (header, claims, signature, Data("\(pieces[0]).\(pieces[1])".utf8))
    }

    /// Base64url without padding (RFC 7515, section 2).
    package static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of base64url text without padding, or `nil` when it is not base64url.
    package static func data(base64URL text: some StringProtocol) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
