public import Foundation

/// The permissions an Android app's `AndroidManifest.xml` asks for.
///
/// The `<uses-permission>` and `<uses-permission-sdk-23>` children of `<manifest>` are read, their
/// `name` attribute in the Android namespace (`http://schemas.android.com/apk/res/android`) under whatever
/// prefix the file binds to it, usually `android`. An entry marked `tools:node="remove"` is left out: the
/// manifest merger removes it from the app. The file is parsed by PermitLint's own XML reader, so it works
/// the same on every platform; a file that is not well-formed XML is rejected with a ``LintError`` naming
/// the file and the line.
///
/// For example:
///
/// ```swift
/// let android = try AndroidManifest(contentsOf: URL(fileURLWithPath: "android/app/src/main/AndroidManifest.xml"))
/// android.permissions.contains("android.permission.POST_NOTIFICATIONS")
/// ```
public struct AndroidManifest: Hashable, Sendable {
    /// The path of the file, as given, for findings.
    package let file: String
    /// The permissions asked for, fully qualified, in the file's order.
    package let permissions: [String]
    /// The permissions the file removes with `tools:node="remove"`, each with the line of its entry.
    package let removedPermissions: [String: Int]
    /// The line of the `<application>` that sets `android:usesCleartextTraffic="true"`, or `nil`.
    package let cleartextTrafficLine: Int?
    /// The `android:networkSecurityConfig` resource of `<application>`, such as `@xml/network_security_config`.
    package let networkSecurityConfig: String?
    /// The file that ``networkSecurityConfig`` names, read by ``init(contentsOf:)`` from `res/xml` beside the
    /// manifest (the standard source set layout); `nil` when the manifest names none, when the file is not
    /// there, or when the manifest was read from data.
    package private(set) var networkSecurity: NetworkSecurityConfig?

    /// The Android namespace that `android:name` belongs to.
    package static let androidNamespace = "http://schemas.android.com/apk/res/android"
    /// The namespace of the manifest merger's `tools:node`.
    package static let toolsNamespace = "http://schemas.android.com/tools"

    /// Reads the manifest in `data`; `file` names it in findings and errors.
    ///
    /// - Throws: ``LintError/malformedXML``, or ``LintError/unexpectedContent`` when the root is not
    ///   `<manifest>` or a `<uses-permission>` has no `android:name`.
    public init(data: Data, file: String) throws {
        try self.init(tree: Self.tree(data, file: file), file: file)
    }

    /// Reads the manifest in `tree`, already parsed; `permit generate` counts what is present this way too.
    init(tree: XMLTree, file: String) throws {
        self.file = file
        var permissions: [String] = []
        var removed: [String: Int] = [:]
        for element in try Self.permissionElements(of: tree, file: file) {
            guard let name = element.attribute("name", namespace: Self.androidNamespace) else { continue }
            if element.attribute("node", namespace: Self.toolsNamespace) == "remove" {
                removed[name] = removed[name] ?? element.line
            } else {
                permissions.append(name)
            }
        }
        self.permissions = permissions
        self.removedPermissions = removed
        let application = tree.root.children.first { $0.name == "application" }
        let cleartext = application?.attribute("usesCleartextTraffic", namespace: Self.androidNamespace)
        self.cleartextTrafficLine = cleartext == "true" ? application?.line : nil
        self.networkSecurityConfig = application?.attribute("networkSecurityConfig", namespace: Self.androidNamespace)
    }

    /// Reads the manifest at `url`, named in findings by its path as given, and the network security config it
    /// names when that file is in `res/xml` beside it.
    ///
    /// - Throws: as ``init(data:file:)``, and as the network security config reader for a config file
    ///   that is there but cannot be read.
    public init(contentsOf url: URL) throws {
        let file = url.relativePath
        try self.init(data: InputFile.read(url, file: file), file: file)
        if let reference = networkSecurityConfig, let path = NetworkSecurityConfig.resourcePath(for: reference) {
            let config = url.deletingLastPathComponent().appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: config.path) {
                networkSecurity = try NetworkSecurityConfig(contentsOf: config)
            }
        }
    }

    // MARK: - Parsing

    static let permissionElementNames: Set<String> = ["uses-permission", "uses-permission-sdk-23"]

    /// Parses `data` as XML whose root is `<manifest>`.
    static func tree(_ data: Data, file: String) throws -> XMLTree {
        let tree: XMLTree
        do {
            tree = try XMLTree(bytes: Array(data))
        } catch let error as XMLSyntaxError {
            throw LintError.malformedXML.about(file, error.description)
        }
        guard tree.root.name == "manifest" else {
            throw LintError.unexpectedContent.about(file, "the root element is <\(tree.root.name)>, not <manifest>")
        }
        return tree
    }

    /// The `<uses-permission>` elements under the root, each checked to carry an `android:name`.
    static func permissionElements(of tree: XMLTree, file: String) throws -> [XMLTree.Element] {
        let elements = tree.root.children.filter { permissionElementNames.contains($0.name) }
        for element in elements where element.attribute("name", namespace: androidNamespace) == nil {
            throw LintError.unexpectedContent.about(
                file, "line \(element.line): <\(element.name)> has no name in the Android namespace (android:name)")
        }
        return elements
    }
}
