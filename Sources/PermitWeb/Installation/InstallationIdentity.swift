/// Who this installation of the app is to the app's server: its identifier and, once the server issued it, its
/// proof.
///
/// The identifier is made once, at the first start, and kept for the installation's life; the proof is what the
/// server answers the installation's first native report with (in its `X-Permit-Installation-Proof` header).
/// Both go to the server in the `permit_installation` cookie as ``cookieValue``, and in a native report as its
/// `installation` and `proof` fields.
public struct InstallationIdentity: Hashable, Sendable, Codable {
    /// The installation's identifier: 1 to 128 letters, digits, `-`, `_` and `.`.
    public var identifier: String
    /// The proof the server issued for ``identifier``, or `nil` before it did; a secret of the installation.
    public var proof: String?

    /// Creates an identity.
    public init(identifier: String, proof: String? = nil) {
        self.identifier = identifier
        self.proof = proof
    }

    /// The value of the `permit_installation` cookie: `<identifier>~<proof>` once there is a proof, the
    /// identifier alone before.
    public var cookieValue: String {
        proof.map { "\(identifier)~\($0)" } ?? identifier
    }

    /// Whether `identifier` can name an installation: 1 to 128 letters, digits, `-`, `_` and `.`.
    static func isValidIdentifier(_ identifier: String) -> Bool {
        (1...128).contains(identifier.utf8.count) && identifier.utf8.allSatisfy { isIdentifierByte($0) || $0 == UInt8(ascii: ".") }
    }

    /// Whether `proof` has a proof's shape: 1 to 128 letters, digits, `-` and `_` (the server's are 43 long).
    static func isValidProof(_ proof: String) -> Bool {
        (1...128).contains(proof.utf8.count) && proof.utf8.allSatisfy(isIdentifierByte)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
