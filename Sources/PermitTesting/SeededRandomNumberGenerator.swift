/// A random number generator that repeats its sequence for a seed, so that generated test data (tokens,
/// cookies) is the same on every run: Steele, Lea and Flood's SplitMix64.
///
/// For example:
///
/// ```swift
/// var random = SeededRandomNumberGenerator(seed: 42)
/// let roll = Int.random(in: 1...6, using: &random)
/// ```
package struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
