import Crypto
import Foundation
import PermitServer
import Testing

/// RFC 8291's decryption: the RFC's own example decrypts, and a body that is altered, cut, too large, or made
/// for other keys is refused with a reason.
@Suite struct WebPushKeysTests {
    /// RFC 8291, Appendix A: the user agent's keys and the message an application server encrypted for them.
    static let example = (
        privateKey: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
        publicKey: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        authSecret: "BTBZMqHH6r4Tts7J_aSIgg",
        salt: "DGv6ra1nlYgDCS1FRnbzlw",
        body: "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")

    static var exampleKeys: WebPushKeys {
        get throws {
            WebPushKeys(
                privateKey: try P256.KeyAgreement.PrivateKey(rawRepresentation: try #require(JSONWebToken.data(base64URL: example.privateKey))),
                authSecret: try #require(JSONWebToken.data(base64URL: example.authSecret)))
        }
    }

    static var exampleBody: Data { get throws { try #require(JSONWebToken.data(base64URL: example.body)) } }

    @Test func theRFCsExampleDecrypts() throws {
        let keys = try Self.exampleKeys
        #expect(JSONWebToken.base64URL(keys.publicKey) == Self.example.publicKey)
        let message = try keys.decrypt(try Self.exampleBody)
        #expect(String(decoding: message.plaintext, as: UTF8.self) == "When I grow up, I want to be a watermelon")
        #expect(JSONWebToken.base64URL(message.salt) == Self.example.salt)
    }

    @Test func aMessageTheTestSenderEncryptsDecryptsWithPadding() throws {
        let keys = WebPushKeys.generate()
        for payload in ["", "hi", String(repeating: "é", count: 1_900)] {
            let body = try WebPushTestSender.encrypt(Data(payload.utf8), to: keys.publicKey, auth: keys.authSecret, padding: 7)
            #expect(String(decoding: try keys.decrypt(body).plaintext, as: UTF8.self) == payload)
        }
    }

    @Test(arguments: ["a flipped ciphertext byte", "a flipped tag byte", "a cut record", "a cut header", "another salt", "a key id of 64 bytes"])
    func anAlteredBodyIsRefusedAsMalformed(alteration: String) throws {
        var body = [UInt8](try Self.exampleBody)
        switch alteration {
        case "a flipped ciphertext byte": body[90] ^= 1
        case "a flipped tag byte": body[body.count - 1] ^= 1
        case "a cut record": body.removeLast(20)
        case "a cut header": body = Array(body.prefix(40))
        case "another salt": body[0] ^= 1
        default: body[20] = 64
        }
        let keys = try Self.exampleKeys
        do {
            _ = try keys.decrypt(Data(body))
            Issue.record("\(alteration) decrypted")
        } catch {
            guard case .malformed(let reason) = error else { Issue.record("refused as \(error), not malformed"); return }
            #expect(!reason.isEmpty)
        }
    }

    @Test func otherKeysCannotDecrypt() throws {
        #expect(throws: WebPushRefusal.malformed("the body does not decrypt with this subscription's keys")) {
            try WebPushKeys.generate().decrypt(try Self.exampleBody)
        }
        // The right private key with another auth secret: the secret is part of the key derivation.
        let keys = try Self.exampleKeys
        #expect(throws: WebPushRefusal.malformed("the body does not decrypt with this subscription's keys")) {
            try WebPushKeys(privateKey: keys.privateKey, authSecret: Data(repeating: 1, count: 16)).decrypt(try Self.exampleBody)
        }
    }

    @Test func aBodyOverTheLimitIsTooLarge() throws {
        let keys = WebPushKeys.generate()
        let fits = try WebPushTestSender.encrypt(Data(count: WebPushKeys.maxBodyBytes - 103), to: keys.publicKey, auth: keys.authSecret)
        #expect(fits.count == WebPushKeys.maxBodyBytes)
        #expect(try keys.decrypt(fits).plaintext.count == WebPushKeys.maxBodyBytes - 103)
        let over = try WebPushTestSender.encrypt(Data(count: WebPushKeys.maxBodyBytes - 102), to: keys.publicKey, auth: keys.authSecret)
        #expect(throws: WebPushRefusal.tooLarge) { try keys.decrypt(over) }
    }
}
