/// What one cookie sync changed in the web view: the names of the cookies it wrote and deleted.
///
/// An empty report means the web view already held exactly the desired cookies.
public struct CookieSyncReport: Hashable, Sendable, CustomStringConvertible {
    /// The names of the cookies written, in the order they were written.
    public var written: [String]
    /// The names of the cookies deleted, in the order they were deleted.
    public var deleted: [String]

    /// Creates a report.
    package init(written: [String] = [], deleted: [String] = []) {
        self.written = written
        self.deleted = deleted
    }

    /// Whether the sync changed nothing.
    public var isEmpty: Bool { written.isEmpty && deleted.isEmpty }

    /// `wrote A, B; deleted C` or `no change`.
    public var description: String {
        if isEmpty { return "no change" }
        var parts: [String] = []
        if !written.isEmpty { parts.append("wrote \(written.joined(separator: ", "))") }
        if !deleted.isEmpty { parts.append("deleted \(deleted.joined(separator: ", "))") }
        return parts.joined(separator: "; ")
    }
}
