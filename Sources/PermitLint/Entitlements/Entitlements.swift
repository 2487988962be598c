public import Foundation

/// The entitlements an app is signed with, read from its `.entitlements` file.
///
/// An entitlements file is a property list whose top-level keys are the entitlements, such as
/// `com.apple.developer.siri` (a Boolean) or `com.apple.developer.icloud-services` (an array of services).
/// Only what the rules need is kept: which entitlements the app holds, and the text values of each.
///
/// For example:
///
/// ```swift
/// let entitlements = try Entitlements(contentsOf: URL(fileURLWithPath: "App/App.entitlements"))
/// let inputs = LintInputs(
///     manifest: try PermissionLinter().readManifest(contentsOf: URL(fileURLWithPath: "permissions.json")),
///     manifestFile: "permissions.json", entitlements: entitlements)
/// ```
public struct Entitlements: Hashable, Sendable {
    /// The path of the file, as given, for findings.
    package let file: String
    /// The entitlements held: a key set to `true`, to a non-empty text or to a non-empty array.
    package let held: Set<String>
    /// The text values of each entitlement: the elements of an array, or a text value alone.
    package let values: [String: [String]]

    /// Reads the entitlements in `data`, XML or binary; `file` names it in findings and errors.
    ///
    /// - Throws: ``LintError/malformedPropertyList`` or ``LintError/unexpectedContent``.
    public init(data: Data, file: String) throws {
        let (entries, _) = try PropertyListFile.dictionary(from: data, file: file)
        self.file = file
        var held: Set<String> = []
        var values: [String: [String]] = [:]
        for (key, value) in entries {
            switch value {
            case let flag as Bool where flag: held.insert(key)
            case let text as String where !text.isEmpty:
                held.insert(key)
                values[key] = [text]
            case let items as [Any] where !items.isEmpty:
                held.insert(key)
                values[key] = items.compactMap { $0 as? String }
            default: continue
            }
        }
        self.held = held
        self.values = values
    }

    /// Reads the entitlements at `url`, named in findings by its path as given.
    ///
    /// - Throws: ``LintError/unreadable``, ``LintError/malformedPropertyList`` or
    ///   ``LintError/unexpectedContent``.
    public init(contentsOf url: URL) throws {
        let file = url.relativePath
        try self.init(data: InputFile.read(url, file: file), file: file)
    }

    /// Whether the app holds `key`: set to `true`, or to a non-empty text or array.
    package func holds(_ key: String) -> Bool { held.contains(key) }

    /// The text values of `key` (an array's elements), empty when it has none.
    package func values(of key: String) -> [String] { values[key] ?? [] }
}
