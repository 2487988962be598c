/// The key native apps send to the server in `X-Permit-App-Key`, compared in constant time.
package struct AppKey: Sendable {
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
