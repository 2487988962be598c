public import Foundation

/// The keys of an app's Info.plist, read from an XML or a binary property list.
///
/// Only what the rules need is kept: which keys exist at the top level, the string value of each key that
/// holds a string, and the strings of each key that holds an array of them. A file that is not a property
/// list, is truncated, or whose top level is not a dictionary is rejected with a ``LintError`` naming the file.
///
/// For example:
///
/// ```swift
/// let plist = try InfoPlist(contentsOf: URL(fileURLWithPath: "App/Info.plist"))
/// plist.string(for: "NSCameraUsageDescription")   // "Scans the receipts you photograph..."
/// ```
public struct InfoPlist: Hashable, Sendable {
    /// The path of the file, as given, for findings.
    package let file: String
    /// Every top-level key.
    package let keys: Set<String>
    /// The top-level keys whose values are strings, with their values.
    package let strings: [String: String]
    /// The top-level keys whose values are arrays of strings (`NSBonjourServices`), with their values; an
    /// empty array is one.
    package let stringArrays: [String: [String]]
    /// The top-level keys whose values are dictionaries of strings
    /// (`NSLocationTemporaryUsageDescriptionDictionary`), with their values; a dictionary holding anything but
    /// strings keeps its string entries only.
    package let stringDictionaries: [String: [String: String]]
    /// Whether the file is a binary property list (`bplist00`) rather than XML.
    package let isBinary: Bool
    /// The top-level keys an XML file writes more than once, each with the lines of its `<key>` elements.
    ///
    /// Foundation, and iOS, read the last; ``strings`` holds that value.
    package let duplicateKeys: [String: [Int]]
    /// The App Transport Security settings that allow plain HTTP or TLS below 1.2, as key paths such as
    /// `NSAppTransportSecurity.NSAllowsArbitraryLoads` or
    /// `NSAppTransportSecurity.NSExceptionDomains.example.com.NSExceptionAllowsInsecureHTTPLoads`, sorted.
    package let transportSecurityExceptions: [String]

    /// Reads the property list in `data`; `file` names it in findings and errors.
    ///
    /// - Throws: ``LintError/malformedPropertyList`` or ``LintError/unexpectedContent``.
    public init(data: Data, file: String) throws {
        let (values, isBinary) = try PropertyListFile.dictionary(from: data, file: file)
        self.file = file
        self.keys = Set(values.keys)
        self.strings = values.compactMapValues { $0 as? String }
        self.stringArrays = values.compactMapValues { value in
            guard let array = value as? [Any] else { return nil }
            let strings = array.compactMap { $0 as? String }
            return strings.count == array.count ? strings : nil
        }
        self.stringDictionaries = values.compactMapValues { value in
            (value as? [String: Any]).map { $0.compactMapValues { $0 as? String } }
        }
        self.isBinary = isBinary
        // Foundation has read the file; PermitLint's own reader finds the keys it read more than once.
        let tree = isBinary ? nil : try? XMLPropertyList(data: data, file: file)
        self.duplicateKeys = tree.map { XMLPropertyList.duplicateKeys(of: $0.topDictionary) } ?? [:]
        self.transportSecurityExceptions = Self.transportSecurityExceptions(in: values["NSAppTransportSecurity"])
    }

    /// The ATS keys that loosen HTTPS when set to `true`, at the top of `NSAppTransportSecurity`.
    /// `NSAllowsLocalNetworking` is not one: it allows plain HTTP to `.local` hosts and bare IP addresses only,
    /// and App Review asks no justification for it.
    static let arbitraryLoadKeys = [
        "NSAllowsArbitraryLoads", "NSAllowsArbitraryLoadsForMedia", "NSAllowsArbitraryLoadsInWebContent",
    ]
    /// The keys of an exception domain that allow plain HTTP when set to `true`.
    static let insecureHTTPKeys = [
        "NSExceptionAllowsInsecureHTTPLoads", "NSTemporaryExceptionAllowsInsecureHTTPLoads",
        "NSThirdPartyExceptionAllowsInsecureHTTPLoads",
    ]
    /// The keys of an exception domain that set the lowest TLS version.
    static let minimumTLSKeys = [
        "NSExceptionMinimumTLSVersion", "NSTemporaryExceptionMinimumTLSVersion", "NSThirdPartyExceptionMinimumTLSVersion",
    ]

    private static func transportSecurityExceptions(in value: Any?) -> [String] {
        guard let ats = value as? [String: Any] else { return [] }
        let prefix = "NSAppTransportSecurity."
        var found = arbitraryLoadKeys.filter { ats[$0] as? Bool == true }.map { prefix + $0 }
        for (domain, settings) in ats["NSExceptionDomains"] as? [String: Any] ?? [:] {
            guard let settings = settings as? [String: Any] else { continue }
            let path = prefix + "NSExceptionDomains." + domain + "."
            found += insecureHTTPKeys.filter { settings[$0] as? Bool == true }.map { path + $0 }
            found += minimumTLSKeys.filter { ["TLSv1.0", "TLSv1.1"].contains(settings[$0] as? String) }.map { path + $0 }
        }
        return found.sorted()
    }

    /// Reads the property list at `url`, named in findings by its path as given.
    ///
    /// - Throws: ``LintError/unreadable``, ``LintError/malformedPropertyList`` or
    ///   ``LintError/unexpectedContent``.
    public init(contentsOf url: URL) throws {
        let file = url.relativePath
        try self.init(data: InputFile.read(url, file: file), file: file)
    }

    /// The string at `key`, or `nil` when the key is absent or not a string.
    package func string(for key: String) -> String? { strings[key] }
}
