/// A shared secret the server compares in constant time over its whole length: the app key native apps send in
/// `X-Permit-App-Key`, or the admin key that opens the grant rates and deletes installations.
package struct SecretKey: Sendable {
    private let bytes: [UInt8]

    /// Creates a key; an empty one accepts nothing.
    package init(_ key: String) {
        bytes = Array(key.utf8)
    }

    /// Whether `candidate` is the key: every byte is compared whatever the first difference, so the time
    /// taken does not tell how much of a guess was right.
    package func accepts(_ candidate: String?) -> Bool {
        guard let candidate, !bytes.isEmpty else { return false }
        let given = Array(candidate.utf8)
        // The lengths are compared whole: folded into one byte, a key followed by 256 more bytes matched.
        var difference = given.count ^ bytes.count
        for index in bytes.indices {
            difference |= Int(bytes[index] ^ (index < given.count ? given[index] : 0))
        }
        return difference == 0
    }
}
