/// Edits an XML document as text: each edit replaces one byte range, and every byte outside the edited
/// ranges stays as it was, so a diff of the file shows only what changed.
struct XMLTextEditor {
    /// One replacement.
    struct Edit {
        let range: Range<Int>
        let replacement: String
    }

    let tree: XMLTree
    private(set) var edits: [Edit] = []
    /// One level of indentation in this document: what the first element on its own line adds to its
    /// parent's indentation; a tab when no element is indented deeper than its parent.
    let unit: String

    init(tree: XMLTree) {
        self.tree = tree
        self.unit = Self.unit(of: tree)
    }

    /// Replaces the bytes of `range` with `text`.
    mutating func replace(_ range: Range<Int>, with text: String) {
        edits.append(Edit(range: range, replacement: text))
    }

    /// Inserts `lines`, one child each, into `parent`: after `anchor` when given, else as its first children.
    ///
    /// Each line goes on its own new line at the indentation of `parent`'s first child (or `parent`'s plus one
    /// level), in the document's line ending. A line may start with extra indentation of its own: write it
    /// with ``unit``.
    mutating func insert(_ lines: [String], into parent: XMLTree.Element, after anchor: XMLTree.Element? = nil) {
        let parentIndent = tree.indentation(ofLineAt: parent.startTag.lowerBound)
        let childIndent = childIndentation(of: parent)
        let body = lines.map { tree.newline + childIndent + $0 }.joined()
        if parent.isSelfClosing {
            replace(
                parent.startTag,
                with: "<\(parent.name)>" + body + tree.newline + parentIndent + "</\(parent.name)>")
        } else if let anchor {
            replace(anchor.range.upperBound..<anchor.range.upperBound, with: body)
        } else if parent.children.isEmpty,
            tree.bytes[parent.contentStart..<parent.contentEnd].allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) })
        {
            replace(parent.contentStart..<parent.contentEnd, with: body + tree.newline + parentIndent)
        } else {
            replace(parent.contentStart..<parent.contentStart, with: body)
        }
    }

    /// The ``unit`` of `tree`, found breadth first, each element visited once.
    private static func unit(of tree: XMLTree) -> String {
        var queue = [tree.root]
        var next = 0
        while next < queue.count {
            let element = queue[next]
            next += 1
            let outer = tree.indentation(ofLineAt: element.startTag.lowerBound)
            for child in element.children {
                guard let inner = ownLineIndentation(of: child, in: tree) else { continue }
                if inner.count > outer.count, inner.hasPrefix(outer) { return String(inner.dropFirst(outer.count)) }
            }
            queue += element.children
        }
        return "\t"
    }

    /// The indentation of `parent`'s children: its first child's when that starts a line, else `parent`'s
    /// own plus one ``unit``.
    func childIndentation(of parent: XMLTree.Element) -> String {
        if let first = parent.children.first, let indent = Self.ownLineIndentation(of: first, in: tree) { return indent }
        return tree.indentation(ofLineAt: parent.startTag.lowerBound) + unit
    }

    /// The indentation of `element` when nothing but whitespace comes before it on its line, else `nil`.
    private static func ownLineIndentation(of element: XMLTree.Element, in tree: XMLTree) -> String? {
        let offset = element.range.lowerBound
        let indent = tree.indentation(ofLineAt: offset)
        return offset - indent.utf8.count == tree.lineStart(at: offset) ? indent : nil
    }

    /// The document with every edit applied, built in one pass over the bytes.
    ///
    /// Edits apply in the order of their ranges; insertions at the same offset keep the order they were made.
    func apply() -> [UInt8] {
        let ordered = edits.enumerated().sorted { lhs, rhs in
            (lhs.element.range.lowerBound, lhs.offset) < (rhs.element.range.lowerBound, rhs.offset)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tree.bytes.count)
        var copied = 0
        for (_, edit) in ordered {
            bytes += tree.bytes[copied..<max(copied, edit.range.lowerBound)]
            bytes += Array(edit.replacement.utf8)
            copied = max(copied, edit.range.upperBound)
        }
        bytes += tree.bytes[copied...]
        return bytes
    }
}
