package import Crypto
package import Foundation

/// A push subscription's keys, which Permit's server makes and keeps in place of the browser (RFC 8291): the
/// P-256 key pair whose public half the page hands out as `p256dh`, and the 16-byte `auth` secret. With them the
/// server decrypts every message a site sends to the subscription; so it reads every payload.
package struct WebPushKeys: Sendable {
    /// The private half of the subscription's key pair.
    package let privateKey: P256.KeyAgreement.PrivateKey
    /// The authentication secret, 16 random bytes.
    package let authSecret: Data

    /// The largest encrypted body the endpoint takes: 4,096 bytes, what RFC 8291 has every push service accept.
    package static let maxBodyBytes = 4096

    /// Keys from stored parts.
    package init(privateKey: P256.KeyAgreement.PrivateKey, authSecret: Data) {
        self.privateKey = privateKey
        self.authSecret = authSecret
    }

    /// New random keys.
    package static func generate() -> WebPushKeys {
        WebPushKeys(
            privateKey: P256.KeyAgreement.PrivateKey(), authSecret: SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })
    }

    /// The public key as the page hands it out (`p256dh`): the uncompressed point, 65 bytes.
    package var publicKey: Data { privateKey.publicKey.x963Representation }

    /// A message the keys decrypted: its plaintext, and the salt that makes it unique.
    package struct Message: Sendable, Hashable {
        /// The payload as the site sent it.
        package var plaintext: Data
        /// The body's 16-byte salt: a new message has a new one, so a repeated salt is a replay.
        package var salt: Data
    }

    /// Decrypts a body encrypted for these keys with `aes128gcm` (RFC 8188, keyed as RFC 8291 has it).
    ///
    /// The body is a header (salt, record size, the sender's public key as the key id) and one record; the record
    /// ends with the delimiter 2 and any zeros of padding.
    ///
    /// - Throws: ``WebPushRefusal/tooLarge`` over ``maxBodyBytes``; ``WebPushRefusal/malformed(_:)`` for a header
    ///   that is not RFC 8291's, a key that is no P-256 point, or a record that does not decrypt.
    package func decrypt(_ body: Data) throws(WebPushRefusal) -> Message {
        guard body.count <= Self.maxBodyBytes else { throw .tooLarge }
        let bytes = [UInt8](body)
        // salt (16) | rs (4, big-endian) | idlen (1) | keyid (idlen): RFC 8188, section 2.1.
        guard bytes.count >= 21 else { throw .malformed("the body is shorter than an aes128gcm header") }
        let salt = Data(bytes[0..<16])
        let recordSize = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let keyLength = Int(bytes[20])
        guard keyLength == 65, bytes.count >= 21 + keyLength else {
            throw .malformed("the header's key id is not the sender's 65-byte public key (RFC 8291, section 4)")
        }
        let record = bytes[(21 + keyLength)...]
        guard recordSize >= 18, record.count >= 17, record.count <= recordSize else {
            throw .malformed("the body is not one aes128gcm record of its record size")
        }
        let senderKey: P256.KeyAgreement.PublicKey
        do {
            senderKey = try P256.KeyAgreement.PublicKey(x963Representation: bytes[21..<(21 + keyLength)])
        } catch {
            throw .malformed("the header's key id is not a P-256 public key")
        }
        let plaintext: [UInt8]
        do {
            let shared = try privateKey.sharedSecretFromKeyAgreement(with: senderKey)
            // RFC 8291, section 3.4: the input keying material from the shared secret and the auth secret …
            let keyInfo = Data("WebPush: info".utf8) + [0] + publicKey + senderKey.x963Representation
            let inputKey = shared.hkdfDerivedSymmetricKey(
                using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
            // … then RFC 8188, section 2.2 and 2.3: the content key and nonce from it and the salt.
            let pseudoRandomKey = HKDF<SHA256>.extract(inputKeyMaterial: inputKey, salt: salt)
            let contentKey = HKDF<SHA256>.expand(
                pseudoRandomKey: pseudoRandomKey, info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
            let nonce = HKDF<SHA256>.expand(
                pseudoRandomKey: pseudoRandomKey, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
            let box = try AES.GCM.SealedBox(
                nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }),
                ciphertext: record.dropLast(16), tag: record.suffix(16))
            plaintext = [UInt8](try AES.GCM.open(box, using: contentKey))
        } catch {
            throw .malformed("the body does not decrypt with this subscription's keys")
        }
        // The single record is the last: its padding is the delimiter 2, then zeros (RFC 8188, section 2).
        guard let delimiter = plaintext.lastIndex(where: { $0 != 0 }), plaintext[delimiter] == 2 else {
            throw .malformed("the record does not end with the last record's padding delimiter")
        }
        return Message(plaintext: Data(plaintext[..<delimiter]), salt: salt)
    }
}
