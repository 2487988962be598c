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

    init(tree: XMLTree) { self.tree = tree }

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

    /// One level of indentation in this document: what the first element on its own line adds to its
    /// parent's indentation; a tab when no element is indented deeper than its parent.
    var unit: String {
        var queue = [tree.root]
        while !queue.isEmpty {
            let element = queue.removeFirst()
            let outer = tree.indentation(ofLineAt: element.startTag.lowerBound)
            for child in element.children {
                guard let inner = ownLineIndentation(of: child) else { continue }
                if inner.count > outer.count, inner.hasPrefix(outer) { return String(inner.dropFirst(outer.count)) }
            }
            queue += element.children
        }
        return "\t"
    }

    /// The indentation of `parent`'s children: its first child's when that starts a line, else `parent`'s
    /// own plus one ``unit``.
    func childIndentation(of parent: XMLTree.Element) -> String {
        if let first = parent.children.first, let indent = ownLineIndentation(of: first) { return indent }
        return tree.indentation(ofLineAt: parent.startTag.lowerBound) + unit
    }

    /// The indentation of `element` when nothing but whitespace comes before it on its line, else `nil`.
    private func ownLineIndentation(of element: XMLTree.Element) -> String? {
        let offset = element.range.lowerBound
        let indent = tree.indentation(ofLineAt: offset)
        var start = offset
        while start > 0, tree.bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return offset - indent.utf8.count == start ? indent : nil
    }

    /// The document with every edit applied.
    func apply() -> [UInt8] {
        var bytes = tree.bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return bytes
    }
}
