import Crypto
import Foundation
import PermitServer

/// An application server's half of Web Push, written for the tests from RFC 8291 and RFC 8292: it encrypts a
/// payload for a subscription and signs a VAPID token. (The end-to-end test sends with pywebpush instead.)
enum WebPushTestSender {
    /// `payload` encrypted for the subscription's `p256dh` and `auth` as one aes128gcm record, with `padding`
    /// zeros after the delimiter.
    static func encrypt(_ payload: Data, to p256dh: Data, auth: Data, padding: Int = 0, salt: Data? = nil) throws -> Data {
        let sender = P256.KeyAgreement.PrivateKey()
        let receiver = try P256.KeyAgreement.PublicKey(x963Representation: p256dh)
        let salt = salt ?? Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        let shared = try sender.sharedSecretFromKeyAgreement(with: receiver)
        let keyInfo = Data("WebPush: info".utf8) + [0] + p256dh + sender.publicKey.x963Representation
        let inputKey = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
        let prk = HKDF<SHA256>.extract(inputKeyMaterial: inputKey, salt: salt)
        let key = HKDF<SHA256>.expand(pseudoRandomKey: prk, info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.expand(pseudoRandomKey: prk, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        let record = payload + [2] + Data(count: padding)
        let sealed = try AES.GCM.seal(record, using: key, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
        let recordSize = UInt32(4096)
        let header = salt + withUnsafeBytes(of: recordSize.bigEndian) { Data($0) } + [65] + sender.publicKey.x963Representation
        return header + sealed.ciphertext + sealed.tag
    }

    /// `Authorization: vapid t=…, k=…` for `audience`, expiring at `expiry`, signed by `key`.
    static func authorization(key: P256.Signing.PrivateKey, audience: String, expiry: Date, signer: P256.Signing.PrivateKey? = nil) throws -> String {
        struct Claims: Encodable {
            var aud: String
            var exp: Int
            var sub: String
        }
        let token = try JSONWebToken.signed(
            header: ["typ": "JWT", "alg": "ES256"],
            claims: Claims(aud: audience, exp: Int(expiry.timeIntervalSince1970), sub: "mailto:ops@example.com")
        ) { input in try (signer ?? key).signature(for: input).rawRepresentation }
        return "vapid t=\(token), k=\(JSONWebToken.base64URL(key.publicKey.x963Representation))"
    }
}
