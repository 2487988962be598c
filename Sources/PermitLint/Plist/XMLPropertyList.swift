import Foundation

/// An XML property list as a tree, for editing as text: its top-level dictionary and each dictionary's
/// key and value elements.
struct XMLPropertyList {
    let tree: XMLTree
    /// The `<dict>` under `<plist>`.
    let topDictionary: XMLTree.Element

    /// Parses `data` as an XML property list whose top level is a dictionary.
    ///
    /// - Throws: ``LintError/notEditable`` for a binary property list, ``LintError/malformedXML``, or
    ///   ``LintError/unexpectedContent`` when the root is not `<plist>` holding one `<dict>`.
    init(data: Data, file: String) throws {
        if data.starts(with: Array("bplist".utf8)) {
            throw LintError.notEditable.about(
                file,
                "a binary property list cannot be edited byte for byte; convert it with `plutil -convert xml1 \(file)`, "
                    + "or paste the fragment `permit generate` prints without --update")
        }
        do {
            tree = try XMLTree(bytes: Array(data))
        } catch let error as XMLSyntaxError {
            throw LintError.malformedXML.about(file, error.description)
        }
        guard tree.root.name == "plist", tree.root.children.count == 1, let dict = tree.root.children.first,
            dict.name == "dict"
        else {
            throw LintError.unexpectedContent.about(file, "not a <plist> whose top level is one <dict>")
        }
        topDictionary = dict
    }

    /// The entries of `dict`: each `<key>`'s text, the element after it, and the `<key>` element itself.
    ///
    /// A key written twice appears twice; Foundation's `PropertyListSerialization` keeps the last one.
    static func entries(of dict: XMLTree.Element) -> [(key: String, value: XMLTree.Element, keyElement: XMLTree.Element)] {
        var entries: [(String, XMLTree.Element, XMLTree.Element)] = []
        var index = 0
        let children = dict.children
        while index + 1 < children.count {
            if children[index].name == "key" {
                entries.append((children[index].text, children[index + 1], children[index]))
                index += 2
            } else {
                index += 1
            }
        }
        return entries
    }

    /// The value element of `key` in `dict`, or `nil`: the last when the key is written more than once, the
    /// one Foundation reads.
    static func value(of key: String, in dict: XMLTree.Element) -> XMLTree.Element? {
        entries(of: dict).last { $0.key == key }?.value
    }

    /// The keys of `dict` written more than once, each with the lines of its `<key>` elements.
    static func duplicateKeys(of dict: XMLTree.Element) -> [String: [Int]] {
        var lines: [String: [Int]] = [:]
        for entry in entries(of: dict) { lines[entry.key, default: []].append(entry.keyElement.line) }
        return lines.filter { $0.value.count > 1 }
    }

    /// `<key>…</key>` and `<string>…</string>`, escaped.
    static func keyLine(_ key: String) -> String { "<key>\(key.xmlEscapedText)</key>" }

    /// `<string>…</string>`, escaped.
    static func stringLine(_ value: String) -> String { "<string>\(value.xmlEscapedText)</string>" }
}
