/// One SQL statement with its values, always bound as parameters (`$1`, `$2`, … in the text), never
/// spliced into it.
package struct SQLStatement: Sendable, Hashable {
    /// The statement's text, with `$n` placeholders that appear in increasing order.
    package var sql: String
    /// The values bound to the placeholders, in order.
    package var values: [SQLValue]

    /// Creates a statement.
    package init(_ sql: String, _ values: [SQLValue] = []) {
        self.sql = sql
        self.values = values
    }
}
