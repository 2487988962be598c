public import Foundation

/// The required-reason API declarations of an app's privacy manifest, `PrivacyInfo.xcprivacy`.
///
/// A privacy manifest is a property list whose `NSPrivacyAccessedAPITypes` array holds one dictionary per
/// category of required-reason API the app uses: `NSPrivacyAccessedAPIType` names the category, such as
/// `NSPrivacyAccessedAPICategoryUserDefaults`, and `NSPrivacyAccessedAPITypeReasons` lists the approved
/// reasons, such as `CA92.1` (the app reads and writes its own data).
///
/// For example:
///
/// ```swift
/// let privacy = try PrivacyManifest(contentsOf: URL(fileURLWithPath: "App/PrivacyInfo.xcprivacy"))
/// privacy.reasons(for: "NSPrivacyAccessedAPICategoryUserDefaults")   // ["CA92.1"]
/// ```
public struct PrivacyManifest: Hashable, Sendable {
    /// The path of the file, as given, for findings.
    package let file: String
    /// The reasons declared per API category; a category declared with no reasons maps to `[]`.
    package let accessedAPIReasons: [String: [String]]

    /// Reads the privacy manifest in `data`, XML or binary; `file` names it in findings and errors.
    ///
    /// - Throws: ``LintError/malformedPropertyList``, or ``LintError/unexpectedContent`` when
    ///   `NSPrivacyAccessedAPITypes` is not an array of dictionaries.
    public init(data: Data, file: String) throws {
        let (values, _) = try PropertyListFile.dictionary(from: data, file: file)
        self.file = file
        var reasons: [String: [String]] = [:]
        if let types = values[Self.accessedAPITypesKey] {
            guard let entries = types as? [Any] else {
                throw LintError.unexpectedContent.about(
                    file, "\(Self.accessedAPITypesKey) is \(PropertyListFile.typeName(types)), not an array")
            }
            for (index, entry) in entries.enumerated() {
                guard let entry = entry as? [String: Any] else {
                    throw LintError.unexpectedContent.about(
                        file, "\(Self.accessedAPITypesKey)[\(index)] is \(PropertyListFile.typeName(entry)), not a dictionary")
                }
                guard let category = entry[Self.typeKey] as? String else { continue }
                let declared = (entry[Self.reasonsKey] as? [Any])?.compactMap { $0 as? String } ?? []
                reasons[category, default: []].append(contentsOf: declared)
            }
        }
        self.accessedAPIReasons = reasons
    }

    /// Reads the privacy manifest at `url`, named in findings by its path as given.
    public init(contentsOf url: URL) throws {
        let file = url.relativePath
        try self.init(data: InputFile.read(url, file: file), file: file)
    }

    /// The reasons declared for `category`, or `nil` when the manifest does not declare the category.
    package func reasons(for category: String) -> [String]? { accessedAPIReasons[category] }

    static let accessedAPITypesKey = "NSPrivacyAccessedAPITypes"
    static let typeKey = "NSPrivacyAccessedAPIType"
    static let reasonsKey = "NSPrivacyAccessedAPITypeReasons"
}
