import Testing

@testable import PermitLint

@Suite struct XMLTreeTests {
    @Test func elementsAttributesTextAndTheirBytes() throws {
        let xml = """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE note [ <!ELEMENT note (#PCDATA)> ]>
            <!-- a comment with <tags> & ampersands -->
            <note a="1" b='two &amp; &quot;three&quot;' c="&#x2014;&#65;">
              text &lt;here&gt; <![CDATA[ <raw> & ]]><empty/>
              <child x = "y">é</child>
            </note>
            """
        let tree = try XMLTree(bytes: Array(xml.utf8))
        let root = tree.root
        #expect(root.name == "note" && root.line == 4)
        #expect(root.attributes.map(\.name) == ["a", "b", "c"])
        #expect(root.attributes.map(\.value) == ["1", "two & \"three\"", "—A"])
        #expect(root.text.contains("text <here>  <raw> & "))
        #expect(root.children.map(\.name) == ["empty", "child"])
        let empty = root.children[0]
        #expect(empty.isSelfClosing && String(decoding: tree.bytes[empty.range], as: UTF8.self) == "<empty/>")
        let child = root.children[1]
        #expect(child.text == "é" && child.line == 6)
        #expect(String(decoding: tree.bytes[child.range], as: UTF8.self) == #"<child x = "y">é</child>"#)
        #expect(String(decoding: tree.bytes[child.contentStart..<child.contentEnd], as: UTF8.self) == "é")
        #expect(tree.indentation(ofLineAt: child.range.lowerBound) == "  ")
    }

    @Test func anEndTagWithSpacesBoundsTheContent() throws {
        let tree = try XMLTree(bytes: Array("<a>\n  <b>x</b  >\n</a\t>".utf8))
        let b = tree.root.children[0]
        #expect(String(decoding: tree.bytes[b.contentStart..<b.contentEnd], as: UTF8.self) == "x")
        #expect(String(decoding: tree.bytes[b.range], as: UTF8.self) == "<b>x</b  >")
        #expect(tree.root.range == 0..<tree.bytes.count)
    }

    @Test func namespacesAreResolvedThroughAncestors() throws {
        let xml = """
            <m xmlns:a="urn:one" xmlns="urn:default"><p xmlns:b="urn:two"><q a:k="1" b:k="2" k="3"/></p></m>
            """
        let q = try XMLTree(bytes: Array(xml.utf8)).root.children[0].children[0]
        #expect(q.attribute("k", namespace: "urn:one") == "1")
        #expect(q.attribute("k", namespace: "urn:two") == "2")
        #expect(q.attribute("k", namespace: "urn:three") == nil)
        #expect(q.namespaces == ["a": "urn:one", "b": "urn:two", "": "urn:default"])
    }

    @Test func theLineEndingIsTheDocuments() throws {
        #expect(try XMLTree(bytes: Array("<a>\r\n</a>".utf8)).newline == "\r\n")
        #expect(try XMLTree(bytes: Array("<a>\n</a>".utf8)).newline == "\n")
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        let xml: String
        let line: Int
        let reason: String
        var testDescription: String { reason }
    }

    static let malformed: [Malformed] = [
        Malformed(xml: "<a>\n<b>\n</a>", line: 3, reason: "end tag </a> does not close <b> of line 2"),
        Malformed(xml: "<a>\n<b>", line: 2, reason: "<b> of line 2 is never closed"),
        Malformed(xml: "<a x=1/>", line: 1, reason: "the value of x is not in quotes"),
        Malformed(xml: "<a x='1' x='2'/>", line: 1, reason: "the attribute x appears twice in <a>"),
        Malformed(xml: "<a x='1'y='2'/>", line: 1, reason: "expected whitespace, \">\" or \"/>\" in <a>"),
        Malformed(xml: "<a x='1 < 2'/>", line: 1, reason: "\"<\" inside the value of x"),
        Malformed(xml: "<a x='1/>", line: 1, reason: "the value of x is never closed"),
        Malformed(xml: "<a/>\n<b/>", line: 2, reason: "a second root element <b> after the document's root"),
        Malformed(xml: "<a/>\ntext", line: 2, reason: "text outside the root element"),
        Malformed(xml: "<a>&nbsp;</a>", line: 1, reason: "unknown entity &nbsp;"),
        Malformed(xml: "<a>fish & chips</a>", line: 1, reason: "\"&\" that does not start an entity; write &amp;"),
        Malformed(xml: "<a><!-- a -- b --></a>", line: 1, reason: "\"--\" inside a comment"),
        Malformed(xml: "<a>\n<!-- open", line: 2, reason: "the comment is never closed"),
        Malformed(xml: "<a><![CDATA[ open </a>", line: 1, reason: "the CDATA section is never closed"),
        Malformed(xml: "<a>]]></a>", line: 1, reason: "\"]]>\" in text"),
        Malformed(xml: "</a>", line: 1, reason: "end tag </a> with no element open"),
        Malformed(xml: "<!-- only a comment -->", line: 1, reason: "no root element"),
        Malformed(xml: "", line: 1, reason: "no root element"),
        Malformed(xml: "<a", line: 1, reason: "the start tag <a> is never closed"),
        Malformed(xml: "<1a/>", line: 1, reason: "expected a name"),
        Malformed(xml: "<a>\n</a ></b>", line: 2, reason: "end tag </b> with no element open"),
        Malformed(xml: "\n<?xml version=\"1.0\"?><a/>", line: 2, reason: "the XML declaration is not at the start of the document"),
        Malformed(xml: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>", line: 1, reason: "encoding \"iso-8859-1\" is not supported; save the file as UTF-8"),
        Malformed(xml: "\n\u{FFFE}<a/>", line: 2, reason: "text outside the root element"),
        Malformed(xml: "<a><!DOCTYPE a></a>", line: 1, reason: "a DOCTYPE after the root element started"),
    ]

    @Test(arguments: malformed)
    func malformedXMLIsRejectedWithItsLine(malformed: Malformed) {
        #expect(throws: XMLSyntaxError(line: malformed.line, reason: malformed.reason)) {
            try XMLTree(bytes: Array(malformed.xml.utf8))
        }
    }

    @Test func utf16AndInvalidUTF8AreRejected() {
        #expect(throws: XMLSyntaxError(line: 1, reason: "UTF-16 is not supported; save the file as UTF-8")) {
            try XMLTree(bytes: [0xFF, 0xFE, 0x3C, 0x00])
        }
        #expect(throws: XMLSyntaxError(line: 1, reason: "bytes that are not UTF-8")) {
            try XMLTree(bytes: Array("<a>".utf8) + [0xC3, 0x28] + Array("</a>".utf8))
        }
    }
}
