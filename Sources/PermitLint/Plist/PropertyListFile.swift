import Foundation

/// Reads a property list, XML or binary, with Foundation's `PropertyListSerialization`, which reads both
/// forms on every platform (on Linux without `FoundationXML`), and turns every failure into a ``LintError``
/// naming the file.
enum PropertyListFile {
    /// The top-level dictionary of the property list in `data`, and whether it was binary.
    static func dictionary(from data: Data, file: String) throws -> (values: [String: Any], isBinary: Bool) {
        let isBinary = data.starts(with: Array("bplist".utf8))
        guard !data.isEmpty else { throw LintError.malformedPropertyList.about(file, "the file is empty") }
        let truncated = LintError.malformedPropertyList.about(file, "a binary property list that is truncated or corrupt")
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            if isBinary { throw truncated }
            throw LintError.malformedPropertyList.about(
                file, "neither an XML nor a binary property list (\(InputFile.reason(error)))")
        }
        // A few bytes of "bplist" header alone read as an old-style string: still a broken binary plist.
        if isBinary, object is String { throw truncated }
        guard let values = object as? [String: Any] else {
            throw LintError.unexpectedContent.about(
                file, "the property list's top level is \(Self.typeName(object)), not a dictionary")
        }
        return (values, isBinary)
    }

    /// A property-list type name for people: `an array`, `a string`, ...
    static func typeName(_ object: Any) -> String {
        switch object {
        case is String: "a string"
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        case is Data: "data"
        case is Date: "a date"
        default: "a number or boolean"
        }
    }
}
