/// The name, version and type of one value that Permit keeps in a ``PermitStorage``.
///
/// Each part of Permit that persists something (the prompt policy's facts, the push-token backup, the
/// system report, the banner's dismissals) owns one key. The value is stored as JSON together with the
/// key's version; a stored value of another version reads as none, so that a later release can change a
/// value's shape by raising the version instead of misreading what an earlier one wrote.
///
/// For example:
///
/// ```swift
/// struct Onboarding: Codable, Sendable { var finished = false }
/// let key = StorageKey<Onboarding>("myapp.onboarding")
/// try await storage.setValue(Onboarding(finished: true), for: key)
/// let onboarding = await storage.value(for: key)   // Onboarding(finished: true)
/// ```
public struct StorageKey<Value: Codable & Sendable>: Hashable, Sendable {
    /// The name the value is stored under: 1 to 128 characters, prefixed with its owner's name, such as
    /// `permit.policy`.
    public let name: String
    /// The version of the value's shape, from 1.
    public let version: Int

    /// Creates a key.
    ///
    /// - Precondition: `name` has 1 to 128 characters and `version` is at least 1.
    public init(_ name: String, version: Int = 1) {
        precondition(!name.isEmpty && name.count <= 128, "a storage key's name must be 1 to 128 characters")
        precondition(version >= 1, "a storage key's version starts at 1")
        self.name = name
        self.version = version
    }
}
