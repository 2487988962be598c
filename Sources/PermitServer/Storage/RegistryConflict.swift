/// Another server changed or created an installation since its record was read: the write that named the old
/// copy was not made. The registry reads the record again and plans anew.
package struct RegistryConflict: Error, Sendable, Hashable, CustomStringConvertible {
    /// The installations whose stored copy was not the one their write named.
    package var installations: [String]

    /// Creates the error.
    package init(installations: [String]) {
        self.installations = installations
    }

    package var description: String { "another server wrote \(installations.count) of the batch's installations first" }
}
