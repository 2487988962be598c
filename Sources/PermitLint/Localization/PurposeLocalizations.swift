public import Foundation

/// The translated strings an app ships: `InfoPlist.strings` and `Localizable.strings` in each `.lproj` folder,
/// and `InfoPlist.xcstrings` and `Localizable.xcstrings` String Catalogs.
///
/// The Info.plist tables hold the translated purpose strings; the `Localizable` tables hold the translations of
/// the app's own texts, such as a primer's continue label, keyed by the text itself as `String(localized:)` looks
/// them up. Each locale keeps the file it was read from, for findings, its table and its key-to-text table. A String Catalog gives one
/// locale per language it holds a translation for, except its source language, whose texts are the Info.plist's
/// own.
///
/// For example:
///
/// ```swift
/// let localizations = try PurposeLocalizations(contentsOf: URL(fileURLWithPath: "App/Resources"))
/// localizations.locales.map(\.identifier)   // ["de", "fr"]
/// ```
public struct PurposeLocalizations: Hashable, Sendable {
    /// The translations of one language.
    public struct Locale: Hashable, Sendable {
        /// The language, such as `fr` or `pt-BR`.
        package let identifier: String
        /// The file the translations come from, as given, for findings.
        package let file: String
        /// The translated text of each key: an Info.plist key, or a text of the app's.
        package let strings: [String: String]
        /// The table the translations belong to: `InfoPlist` or `Localizable`, the file's name without extension.
        package let table: String

        /// Creates a locale's translations of `table`: `InfoPlist` (purpose strings, the default) or
        /// `Localizable` (the app's own texts).
        public init(identifier: String, file: String, strings: [String: String], table: String = "InfoPlist") {
            self.identifier = identifier
            self.file = file
            self.strings = strings
            self.table = table
        }
    }

    /// Every locale found, ordered by identifier, then file.
    package let locales: [Locale]

    /// Creates the localizations from locales already read.
    public init(locales: [Locale]) {
        self.locales = locales.sorted { ($0.identifier, $0.file) < ($1.identifier, $1.file) }
    }

    /// Reads `InfoPlist.strings` and `Localizable.strings` files (the locale is the name of their `.lproj`
    /// folder) and `InfoPlist.xcstrings` and `Localizable.xcstrings` catalogs at `url`: one such file, or a directory searched for them, hidden folders and `.build`, `Pods`,
    /// `Carthage` and `DerivedData` skipped.
    ///
    /// - Throws: ``LintError/unreadable``, ``LintError/malformedPropertyList`` for a strings file that cannot be
    ///   parsed, ``LintError/unexpectedContent`` for a String Catalog that is not one.
    public init(contentsOf url: URL) throws {
        var locales: [Locale] = []
        for file in try Self.files(at: url) {
            // Named as given: the root as the caller wrote it, then the path below it.
            let below = file.path.hasPrefix(url.path + "/") ? String(file.path.dropFirst(url.path.count)) : nil
            let path = below.map { url.relativePath + $0 } ?? file.relativePath
            let data = try InputFile.read(file, file: path)
            let table = file.deletingPathExtension().lastPathComponent
            if file.pathExtension == "xcstrings" {
                locales += try Self.catalogLocales(data, file: path, table: table)
            } else {
                let folder = file.deletingLastPathComponent().lastPathComponent
                let identifier = folder.hasSuffix(".lproj") ? String(folder.dropLast(6)) : folder
                locales.append(
                    Locale(
                        identifier: identifier, file: path, strings: try StringsFile.strings(from: data, file: path),
                        table: table))
            }
        }
        self.init(locales: locales)
    }

    private static let skippedFolders: Set<String> = [".build", "Pods", "Carthage", "DerivedData"]
    private static let tables: Set<String> = ["InfoPlist", "Localizable"]

    private static func files(at url: URL) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw LintError.unreadable.about(url.relativePath, "no such file or directory")
        }
        guard isDirectory.boolValue else { return [url] }
        var found: [URL] = []
        var pending = [url]
        while let folder = pending.popLast() {
            let entries = try FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
            for entry in entries {
                if (try? entry.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                    if !skippedFolders.contains(entry.lastPathComponent) { pending.append(entry) }
                } else if tables.contains(entry.deletingPathExtension().lastPathComponent),
                    entry.pathExtension == "xcstrings" || (entry.pathExtension == "strings" && folder.pathExtension == "lproj")
                {
                    found.append(entry)
                }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    // MARK: - String Catalogs

    private struct Catalog: Decodable {
        struct Entry: Decodable { var localizations: [String: Localization]? }
        struct Localization: Decodable { var stringUnit: StringUnit? }
        struct StringUnit: Decodable { var value: String? }
        var sourceLanguage: String
        var strings: [String: Entry]
    }

    static func catalogLocales(_ data: Data, file: String, table: String = "InfoPlist") throws -> [Locale] {
        let catalog: Catalog
        do {
            catalog = try JSONDecoder().decode(Catalog.self, from: data)
        } catch {
            throw LintError.unexpectedContent.about(file, "not a String Catalog (\(InputFile.reason(error)))")
        }
        var byLanguage: [String: [String: String]] = [:]
        for (key, entry) in catalog.strings {
            for (language, localization) in entry.localizations ?? [:] where language != catalog.sourceLanguage {
                byLanguage[language, default: [:]][key] = localization.stringUnit?.value
            }
        }
        return byLanguage.map { Locale(identifier: $0.key, file: file, strings: $0.value, table: table) }
    }
}
