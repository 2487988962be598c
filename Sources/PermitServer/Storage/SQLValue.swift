/// A value bound to, or read from, an SQL statement: the few types the registry's tables use.
package enum SQLValue: Sendable, Hashable {
    /// Text.
    case text(String)
    /// A 64-bit integer.
    case integer(Int64)
    /// SQL `NULL`.
    case null

    /// The text, or `nil` for another type.
    package var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The integer, or `nil` for another type.
    package var integer: Int64? {
        if case .integer(let integer) = self { return integer }
        return nil
    }
}
