package import Foundation

/// An Android network security configuration, the `res/xml` file that `android:networkSecurityConfig` names, as
/// far as cleartext (plain HTTP) traffic goes.
///
/// `<base-config cleartextTrafficPermitted="true">` lets every domain use plain HTTP; a
/// `<domain-config cleartextTrafficPermitted="true">` lets its `<domain>`s (and their subdomains when
/// `includeSubdomains="true"`). A nested `<domain-config>` without the attribute inherits its parent's, as Android
/// documents, so only the configs that set it are listed. From Android 7, the file takes precedence over the
/// manifest's `android:usesCleartextTraffic`.
///
/// For example:
///
/// ```swift
/// let config = try NetworkSecurityConfig(
///     contentsOf: URL(fileURLWithPath: "app/src/main/res/xml/network_security_config.xml"))
/// config.baseConfigLine  // the line of a base-config that permits cleartext, or nil
/// ```
package struct NetworkSecurityConfig: Hashable, Sendable {
    /// A `<domain-config>` that permits cleartext traffic.
    package struct CleartextDomains: Hashable, Sendable {
        /// The `<domain>` names it lists, in the file's order.
        package let domains: [String]
        /// The 1-based line of its start tag.
        package let line: Int
    }

    /// The path of the file, as given, for findings.
    package let file: String
    /// The line of a `<base-config>` that permits cleartext traffic for every domain, or `nil`.
    package let baseConfigLine: Int?
    /// The `<domain-config>`s that permit cleartext traffic, in the file's order.
    package let cleartextDomains: [CleartextDomains]

    /// Reads the configuration in `data`; `file` names it in findings and errors.
    ///
    /// - Throws: ``LintError/malformedXML``, or ``LintError/unexpectedContent`` when the root is not
    ///   `<network-security-config>`.
    package init(data: Data, file: String) throws {
        let tree: XMLTree
        do {
            tree = try XMLTree(bytes: Array(data))
        } catch let error as XMLSyntaxError {
            throw LintError.malformedXML.about(file, error.description)
        }
        guard tree.root.name == "network-security-config" else {
            throw LintError.unexpectedContent.about(
                file, "the root element is <\(tree.root.name)>, not <network-security-config>")
        }
        self.file = file
        let base = tree.root.children.first { $0.name == "base-config" }
        baseConfigLine = base.flatMap { Self.permitsCleartext($0) == true ? $0.line : nil }
        cleartextDomains = tree.root.children.filter { $0.name == "domain-config" }.flatMap(Self.cleartextDomains(in:))
    }

    /// Reads the configuration at `url`, named in findings by its path as given.
    package init(contentsOf url: URL) throws {
        let file = url.relativePath
        try self.init(data: InputFile.read(url, file: file), file: file)
    }

    /// The path of the file a resource reference such as `@xml/network_security_config` names, relative to the
    /// folder of the Android manifest in a standard source set (`src/main/res/xml/network_security_config.xml`),
    /// or `nil` for a reference that is not to an `xml` resource.
    package static func resourcePath(for reference: String) -> String? {
        let prefix = "@xml/"
        guard reference.hasPrefix(prefix) else { return nil }
        let name = reference.dropFirst(prefix.count)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
        guard !name.isEmpty, name.allSatisfy(allowed.contains) else { return nil }
        return "res/xml/\(name).xml"
    }

    /// `true` or `false` when the element sets `cleartextTrafficPermitted`, `nil` when it inherits.
    private static func permitsCleartext(_ element: XMLTree.Element) -> Bool? {
        element.attributes.first { $0.name == "cleartextTrafficPermitted" }.map { $0.value == "true" }
    }

    /// The configs under (and including) `element` that set `cleartextTrafficPermitted="true"`.
    private static func cleartextDomains(in element: XMLTree.Element) -> [CleartextDomains] {
        var found: [CleartextDomains] = []
        if permitsCleartext(element) == true {
            let domains = element.children.filter { $0.name == "domain" }
                .map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
            found.append(CleartextDomains(domains: domains, line: element.line))
        }
        for child in element.children where child.name == "domain-config" {
            found += cleartextDomains(in: child)
        }
        return found
    }
}
