/// A well-formed XML document as a tree of elements, each with the byte ranges it came from.
///
/// PermitLint's own small XML reader: core modules hold no `#if`, and Foundation's XML parser is a separate
/// module on Linux (`FoundationXML`), so the Android manifest and the XML property lists it edits are read
/// here. It reads UTF-8 XML 1.0: elements, attributes in single or double quotes, comments, CDATA sections,
/// processing instructions, a DOCTYPE (its internal subset skipped), the five predefined entities and
/// character references. Each element knows the namespace prefixes in scope, so an attribute is found by its
/// namespace whatever prefix a file binds to it. Anything not well-formed is rejected with an
/// ``XMLSyntaxError`` naming the line, and so are elements nested deeper than ``maximumDepth``: no build file
/// nests that deep, and the limit keeps every walk over the tree shallow. Reading takes time linear in the
/// document's size.
struct XMLTree: Sendable {
    /// An attribute as written: its qualified name, its decoded value.
    struct Attribute: Sendable, Equatable {
        let name: String
        let value: String

        /// The part of the name before `:`, or `nil`.
        var prefix: String? { name.firstIndex(of: ":").map { String(name[..<$0]) } }
        /// The part of the name after `:`, or the whole name.
        var localName: String { name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name }
    }

    /// An element, its attributes, its child elements and its text.
    struct Element: Sendable {
        let name: String
        let attributes: [Attribute]
        let children: [Element]
        /// The element's own character data (text and CDATA), decoded, without its children's.
        let text: String
        /// The bytes of the start tag, `<name ...>` or `<name .../>`.
        let startTag: Range<Int>
        /// The bytes of the end tag, `</name>`, or `nil` for `<name/>`.
        let endTag: Range<Int>?
        /// The namespaces in scope inside this element: prefix to URI, `""` for the default namespace.
        let namespaces: [String: String]
        /// The 1-based line of the start tag.
        let line: Int

        /// The bytes of the whole element, start tag to end tag.
        var range: Range<Int> { startTag.lowerBound..<(endTag ?? startTag).upperBound }

        /// Whether the element is written `<name/>`, with no end tag.
        var isSelfClosing: Bool { endTag == nil }

        /// The byte offset where the element's content starts (after its start tag).
        var contentStart: Int { startTag.upperBound }

        /// The byte offset where the element's content ends (before its end tag).
        var contentEnd: Int { endTag?.lowerBound ?? startTag.upperBound }

        /// The value of the attribute whose local name is `localName` in namespace `uri`.
        func attribute(_ localName: String, namespace uri: String) -> String? {
            attributes.first { attribute in
                guard let prefix = attribute.prefix, prefix != "xmlns" else { return false }
                return attribute.localName == localName && namespaces[prefix] == uri
            }?.value
        }

        /// `inherited` with the namespace declarations among `attributes` added: `xmlns` and `xmlns:prefix`.
        static func namespaces(_ inherited: [String: String], declaredBy attributes: [Attribute]) -> [String: String] {
            var scope = inherited
            for attribute in attributes {
                if attribute.name == "xmlns" {
                    scope[""] = attribute.value
                } else if attribute.prefix == "xmlns" {
                    scope[attribute.localName] = attribute.value
                }
            }
            return scope
        }
    }

    /// How deep elements may nest: the root is at depth 1.
    static let maximumDepth = 256

    /// The document's bytes.
    let bytes: [UInt8]
    /// The root element.
    let root: Element
    /// Where the document's lines start.
    let lines: XMLLineIndex

    /// Parses `bytes`, or throws an ``XMLSyntaxError`` naming the line where the document stops being XML.
    init(bytes: [UInt8]) throws {
        self.bytes = bytes
        var builder = XMLTreeBuilder(bytes: bytes)
        self.root = try builder.parse()
        self.lines = builder.lines
    }

    /// The 1-based line that byte `offset` is on.
    func line(at offset: Int) -> Int { lines.line(at: offset) }

    /// The offset of the first byte of the line that byte `offset` is on.
    func lineStart(at offset: Int) -> Int { lines.lineStart(at: offset) }

    /// The whitespace at the start of the line byte `offset` is on, up to the first other byte.
    func indentation(ofLineAt offset: Int) -> String {
        let start = lineStart(at: offset)
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The document's line ending: `\r\n` when its first line ends so, else `\n`.
    var newline: String {
        guard let index = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return "\n" }
        return index > 0 && bytes[index - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }
}

/// Builds an ``XMLTree`` from the tokens of an ``XMLScanner``.
private struct XMLTreeBuilder {
    /// An element whose end tag is still to come.
    private struct OpenElement {
        let name: String
        let attributes: [XMLTree.Attribute]
        let startTag: Range<Int>
        let namespaces: [String: String]
        let line: Int
        var children: [XMLTree.Element] = []
        var text = ""

        func closed(by endTag: Range<Int>?) -> XMLTree.Element {
            XMLTree.Element(
                name: name, attributes: attributes, children: children, text: text, startTag: startTag, endTag: endTag,
                namespaces: namespaces, line: line)
        }
    }

    private var scanner: XMLScanner

    init(bytes: [UInt8]) { scanner = XMLScanner(bytes: bytes) }

    var lines: XMLLineIndex { scanner.lines }

    mutating func parse() throws -> XMLTree.Element {
        var stack: [OpenElement] = []
        var root: XMLTree.Element?
        while let token = try scanner.next() {
            switch token.kind {
            case .startTag(let name, let attributes, let selfClosing):
                guard root == nil || !stack.isEmpty else {
                    throw scanner.error("a second root element <\(name)> after the document's root", at: token.range.lowerBound)
                }
                let open = OpenElement(
                    name: name, attributes: attributes, startTag: token.range,
                    namespaces: XMLTree.Element.namespaces(stack.last?.namespaces ?? [:], declaredBy: attributes),
                    line: scanner.line(at: token.range.lowerBound))
                guard stack.count < XMLTree.maximumDepth else {
                    throw scanner.error(
                        "<\(name)> is nested deeper than \(XMLTree.maximumDepth) elements", at: token.range.lowerBound)
                }
                if selfClosing {
                    Self.add(open.closed(by: nil), to: &stack, root: &root)
                } else {
                    stack.append(open)
                }
            case .endTag(let name):
                guard let open = stack.popLast() else {
                    throw scanner.error("end tag </\(name)> with no element open", at: token.range.lowerBound)
                }
                guard open.name == name else {
                    throw scanner.error("end tag </\(name)> does not close <\(open.name)> of line \(open.line)", at: token.range.lowerBound)
                }
                Self.add(open.closed(by: token.range), to: &stack, root: &root)
            case .text(let text), .cdata(let text):
                if !stack.isEmpty {
                    stack[stack.count - 1].text += text
                } else if case .cdata = token.kind {
                    throw scanner.error("a CDATA section outside the root element", at: token.range.lowerBound)
                } else if let offset = scanner.firstNonWhitespace(in: token.range) {
                    throw scanner.error("text outside the root element", at: offset)
                }
            case .comment, .processingInstruction:
                break
            case .doctype:
                guard root == nil, stack.isEmpty else {
                    throw scanner.error("a DOCTYPE after the root element started", at: token.range.lowerBound)
                }
            }
        }
        if let open = stack.last {
            throw scanner.error("<\(open.name)> of line \(open.line) is never closed", at: scanner.offset)
        }
        guard let root else { throw scanner.error("no root element", at: scanner.offset) }
        return root
    }

    private static func add(_ element: XMLTree.Element, to stack: inout [OpenElement], root: inout XMLTree.Element?) {
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }
}
