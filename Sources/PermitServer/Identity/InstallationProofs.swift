import Crypto
import Foundation

/// Issues and checks installations' proofs: an installation's proof is HMAC-SHA256 over its identifier with the
/// registry's proof key, in unpadded base64url (43 characters).
///
/// The server gives an installation its proof in the answer to its first native report
/// (``InstallationProofs/responseHeader``); the app keeps it and sends it back in every report, native (the
/// body's `proof`) and through cookies (`permit_installation=<id>~<proof>`). A proof names one installation and
/// never expires; it is a secret of that installation, like its push token, and is never logged.
///
/// Every server of a fleet checks the proofs of the others, since the key is kept in the registry's own
/// database (``RegistryStorage/proofKey()``), created once by whichever server comes first.
package struct InstallationProofs: Sendable {
    private let key: SymmetricKey

    /// The header of a native report's answer that carries the installation's proof.
    package static let responseHeader = "X-Permit-Installation-Proof"
    /// How many bytes a key has: 32, as many as the hash's output.
    package static let keyBytes = 32
    /// How many characters a proof has.
    package static let proofLength = 43

    /// Checks and issues proofs with `key` (``keyBytes`` random bytes).
    package init(key: [UInt8]) {
        self.key = SymmetricKey(data: key)
    }

    /// A new random key.
    package static func newKey() -> [UInt8] {
        SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
    }

    /// The proof of `installation`.
    package func proof(for installation: String) -> String {
        Self.base64URL(Data(HMAC<SHA256>.authenticationCode(for: Data(Self.message(installation)), using: key)))
    }

    /// Whether `proof` is `installation`'s: compared in constant time, so the time taken does not tell how much
    /// of a guess was right. A proof of another length or alphabet is not.
    package func verifies(_ proof: String, for installation: String) -> Bool {
        guard proof.utf8.count == Self.proofLength, let code = Self.bytes(base64URL: proof) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data(Self.message(installation)), using: key)
    }

    /// What is signed: the identifier under a label, so that the key signs nothing else by accident.
    private static func message(_ installation: String) -> [UInt8] {
        Array("permit-installation-proof-v1:".utf8) + Array(installation.utf8)
    }

    private static func base64URL(_ data: Data) -> String {
        String(data.base64EncodedString().compactMap { character -> Character? in
            switch character {
            case "+": "-"
            case "/": "_"
            case "=": nil
            default: character
            }
        })
    }

    private static func bytes(base64URL text: String) -> Data? {
        guard text.utf8.allSatisfy(isProofByte) else { return nil }
        var base64 = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        while base64.utf8.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }

    /// Whether `byte` may be part of a proof: a letter, a digit, `-` or `_`.
    package static func isProofByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
