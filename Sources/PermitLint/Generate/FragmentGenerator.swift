public import Foundation
public import Permit

/// Writes what a permission manifest declares into an app's build files: Info.plist purpose strings (and, for
/// `localNetwork`, `NSBonjourServices`), Android `<uses-permission>` entries, the privacy manifest's `UserDefaults`
/// reason.
///
/// Each fragment is what `permit lint` checks for, so a build file made from it lints clean. The fragments
/// print for pasting; the `updating…` methods edit an existing file's text instead, inserting what is missing
/// and replacing purpose strings that differ, and leave every other byte as it was. They never remove
/// anything: permission creep is reported by the linter, for a person to decide.
///
/// A binary property list cannot be edited byte for byte; the Info.plist and privacy-manifest updates
/// refuse one with ``LintError/notEditable`` rather than rewrite the whole file.
///
/// For example:
///
/// ```swift
/// let generator = FragmentGenerator(manifest: manifest)
/// print(generator.infoPlistFragment())
/// // <key>NSLocationWhenInUseUsageDescription</key>
/// // <string>Trails adds where you were to a log entry when you ask it to.</string>
/// let updated = try generator.updatingInfoPlist(Data(contentsOf: plistURL), file: "App/Info.plist")
/// ```
public struct FragmentGenerator: Sendable {
    /// The manifest the fragments come from.
    public let manifest: PermissionManifest
    /// The oldest iOS the app runs on, which decides whether legacy calendar and reminders keys are written.
    public let deploymentTarget: DeploymentTarget
    /// The Bonjour service types `NSBonjourServices` lists, exactly those `permit lint` requires: none unless the
    /// manifest declares `localNetwork`; then `_permit-probe._tcp`, the type `LocalNetworkAuthority` probes with
    /// by default, or, when sources were given, each `serviceType:` literal they pass to it (none when they never
    /// import `PermitLocalNetwork`, or only use the deprecated `endpoint:` probe).
    public let bonjourServiceTypes: [String]
    /// The `serviceType:` values the sources pass that cannot be read (a variable, say), each with where:
    /// `"config.type (App.swift:12)"`. The generator cannot write those; the app lists them itself.
    public let unreadableBonjourServiceTypes: [String]

    /// Creates a generator for `manifest`.
    ///
    /// - Parameters:
    ///   - manifest: The permission manifest the fragments come from.
    ///   - deploymentTarget: The oldest iOS the app runs on.
    ///   - sources: The app's Swift sources, read for the `serviceType:` passed to `LocalNetworkAuthority`, as
    ///     `permit lint --sources` reads them. Without them, `NSBonjourServices` lists the default type.
    public init(manifest: PermissionManifest, deploymentTarget: DeploymentTarget = .permitMinimum, sources: SourceScan? = nil) {
        self.manifest = manifest
        self.deploymentTarget = deploymentTarget
        var types: [String] = []
        var unreadable: [String] = []
        if BonjourServiceRules.appliesTo(manifest, sources) {
            for need in BonjourServiceRules.needs(sources) {
                switch need {
                case .type(let type, _): types.append(type)
                case .unreadable(let value, let place): unreadable.append("\(value) (\(place))")
                }
            }
        }
        bonjourServiceTypes = types
        unreadableBonjourServiceTypes = unreadable
    }

    // MARK: - Info.plist

    /// The `<key>`/`<string>` pairs of every purpose key the manifest needs, one element a line, with the
    /// manifest's purpose texts. Empty when no declared kind has a purpose key (notifications has none).
    ///
    /// When the manifest declares `localNetwork`, `NSBonjourServices` follows, an `<array>` listing
    /// ``bonjourServiceTypes``.
    public func infoPlistFragment() -> String {
        let purposes = plan.entries.flatMap { [XMLPropertyList.keyLine($0.key), XMLPropertyList.stringLine($0.purpose)] }
        let bonjour =
            needsBonjourServices
            ? [XMLPropertyList.keyLine(PlatformTable.bonjourServicesKey)] + bonjourArray(unit: "\t") : []
        return (purposes + bonjour).map { $0 + "\n" }.joined()
    }

    /// `data`, an XML Info.plist, with every needed purpose key present and holding the manifest's text.
    ///
    /// Missing keys are appended at the end of the top-level dictionary, in the file's indentation and line
    /// ending; a purpose string that differs has its value element replaced. When a key is written more than
    /// once, the last is edited: Foundation, and iOS, read the last. When the manifest declares `localNetwork`,
    /// `NSBonjourServices` is added listing ``bonjourServiceTypes``, or those it lacks are appended to its array.
    /// Nothing else changes.
    ///
    /// - Throws: ``LintError/notEditable`` for a binary property list, ``LintError/malformedXML`` or
    ///   ``LintError/unexpectedContent`` (also when `NSBonjourServices` is not an array of strings).
    public func updatingInfoPlist(_ data: Data, file: String) throws -> Data {
        let plist = try XMLPropertyList(data: data, file: file)
        var editor = XMLTextEditor(tree: plist.tree)
        let existing = XMLPropertyList.entries(of: plist.topDictionary)
        var missing: [String] = []
        for entry in plan.entries {
            // The last of a key written twice is the one Foundation, and iOS, reads.
            guard let value = existing.last(where: { $0.key == entry.key })?.value else {
                missing += [XMLPropertyList.keyLine(entry.key), XMLPropertyList.stringLine(entry.purpose)]
                continue
            }
            if value.name == "string", value.text == entry.purpose { continue }
            editor.replace(value.range, with: XMLPropertyList.stringLine(entry.purpose))
        }
        if needsBonjourServices {
            let key = PlatformTable.bonjourServicesKey
            if let value = existing.last(where: { $0.key == key })?.value {
                if let wrong = value.name == "array" ? value.children.first(where: { $0.name != "string" }) : value {
                    throw LintError.unexpectedContent.about(
                        file, "\(key) holds <\(wrong.name)>, not an <array> of <string>s; make it one listing "
                            + bonjourServiceTypes.joined(separator: ", "))
                }
                let lacking = bonjourServiceTypes.filter { type in !value.children.contains { $0.text == type } }
                if !lacking.isEmpty {
                    editor.insert(lacking.map(XMLPropertyList.stringLine), into: value, after: value.children.last)
                }
            } else {
                missing += [XMLPropertyList.keyLine(key)] + bonjourArray(unit: editor.unit)
            }
        }
        if !missing.isEmpty {
            editor.insert(missing, into: plist.topDictionary, after: plist.topDictionary.children.last)
        }
        return try Self.checkedPropertyList(editor.apply(), file: file)
    }

    // MARK: - Android

    /// One `<uses-permission android:name="…" />` line per permission the manifest needs, `INTERNET` first.
    public func androidManifestFragment() -> String {
        androidPermissions.map { "<uses-permission android:name=\"\($0.xmlEscapedAttribute)\" />\n" }.joined()
    }

    /// `data`, an `AndroidManifest.xml`, with a `<uses-permission>` for every permission the manifest needs.
    ///
    /// Missing entries go after the last `<uses-permission>`, or first in `<manifest>` when there is none, in
    /// the file's indentation, under the prefix the file binds to the Android namespace. A permission is
    /// present exactly when the manifest's `uses-permission` elements list it, as the linter counts it. One the file
    /// removes with `tools:node="remove"` is not added: that entry is a person's decision, which
    /// `permit lint` reports with its line.
    ///
    /// - Throws: ``LintError/malformedXML``, or ``LintError/unexpectedContent`` when the root is not
    ///   `<manifest>` or binds no prefix to the Android namespace.
    public func updatingAndroidManifest(_ data: Data, file: String) throws -> Data {
        let tree = try AndroidManifest.tree(data, file: file)
        let elements = try AndroidManifest.permissionElements(of: tree, file: file)
        let android = try AndroidManifest(tree: tree, file: file)
        let present = Set(android.permissions)
        let missing = androidPermissions.filter { !present.contains($0) && android.removedPermissions[$0] == nil }
        guard !missing.isEmpty else { return data }
        guard
            let prefix = tree.root.namespaces.first(where: { $0.value == AndroidManifest.androidNamespace && !$0.key.isEmpty })?
                .key
        else {
            throw LintError.unexpectedContent.about(
                file, "<manifest> binds no prefix to \(AndroidManifest.androidNamespace); add xmlns:android=\"\(AndroidManifest.androidNamespace)\"")
        }
        var editor = XMLTextEditor(tree: tree)
        editor.insert(
            missing.map { "<uses-permission \(prefix):name=\"\($0.xmlEscapedAttribute)\" />" }, into: tree.root,
            after: elements.last)
        let updated = editor.apply()
        _ = try AndroidManifest(data: Data(updated), file: file)
        return Data(updated)
    }

    // MARK: - Privacy manifest

    /// A whole `PrivacyInfo.xcprivacy` declaring `UserDefaults` with the reason `CA92.1` (the app reads and
    /// writes its own data), what Permit's `UserDefaultsPermissionStore` needs. It declares nothing else: the
    /// data the app collects and whether it tracks are the app's to state.
    public func privacyManifest() -> String {
        let lines =
            [
                #"<?xml version="1.0" encoding="UTF-8"?>"#,
                #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
                #"<plist version="1.0">"#,
                "<dict>",
                "\t" + XMLPropertyList.keyLine(PrivacyManifest.accessedAPITypesKey),
                "\t<array>",
            ] + Self.userDefaultsEntry(unit: "\t").map { "\t\t" + $0 } + ["\t</array>", "</dict>", "</plist>"]
        return lines.map { $0 + "\n" }.joined()
    }

    /// `data`, an XML privacy manifest, with a `UserDefaults` entry whose reasons Apple accepts.
    ///
    /// The entry is added to `NSPrivacyAccessedAPITypes` (created when absent); an existing `UserDefaults`
    /// entry with no accepted reason is replaced; one with an accepted reason is left alone.
    ///
    /// - Throws: ``LintError/notEditable`` for a binary property list, ``LintError/malformedXML`` or
    ///   ``LintError/unexpectedContent``.
    public func updatingPrivacyManifest(_ data: Data, file: String) throws -> Data {
        let plist = try XMLPropertyList(data: data, file: file)
        var editor = XMLTextEditor(tree: plist.tree)
        let unit = editor.unit
        let entry = Self.userDefaultsEntry(unit: unit)
        guard let types = XMLPropertyList.value(of: PrivacyManifest.accessedAPITypesKey, in: plist.topDictionary) else {
            editor.insert(
                [XMLPropertyList.keyLine(PrivacyManifest.accessedAPITypesKey), "<array>"] + entry.map { unit + $0 }
                    + ["</array>"],
                into: plist.topDictionary, after: plist.topDictionary.children.last)
            return try Self.checkedPropertyList(editor.apply(), file: file)
        }
        guard types.name == "array" else {
            throw LintError.unexpectedContent.about(file, "\(PrivacyManifest.accessedAPITypesKey) is <\(types.name)>, not <array>")
        }
        let existing = types.children.first {
            XMLPropertyList.value(of: PrivacyManifest.typeKey, in: $0)?.text == PlatformTable.userDefaultsCategory
        }
        if let existing {
            let reasons = XMLPropertyList.value(of: PrivacyManifest.reasonsKey, in: existing)?.children.map(\.text) ?? []
            guard !reasons.contains(where: PlatformTable.userDefaultsReasons.contains) else { return data }
            let indent = plist.tree.indentation(ofLineAt: existing.range.lowerBound)
            let text = entry.enumerated().map { $0.offset == 0 ? $0.element : plist.tree.newline + indent + $0.element }
            editor.replace(existing.range, with: text.joined())
        } else {
            editor.insert(entry, into: types, after: types.children.last)
        }
        return try Self.checkedPropertyList(editor.apply(), file: file)
    }

    // MARK: - Shared

    private var plan: PurposeKeyPlan { PurposeKeyPlan(manifest: manifest, deploymentTarget: deploymentTarget) }

    /// Whether `NSBonjourServices` must list anything: the manifest declares `localNetwork`, whose probe needs its
    /// service type there.
    private var needsBonjourServices: Bool { !bonjourServiceTypes.isEmpty }

    /// `NSBonjourServices`'s value listing ``bonjourServiceTypes``, one element a line, nested lines indented by
    /// `unit`.
    private func bonjourArray(unit: String) -> [String] {
        ["<array>"] + bonjourServiceTypes.map { unit + XMLPropertyList.stringLine($0) } + ["</array>"]
    }

    /// The Android permissions the manifest needs, each once, `INTERNET` first.
    private var androidPermissions: [String] {
        var permissions = PlatformTable.implicitAndroidRequired
        for kind in manifest.kinds {
            for permission in PlatformTable.row(for: kind)?.androidRequired ?? [] where !permissions.contains(permission) {
                permissions.append(permission)
            }
        }
        return permissions
    }

    /// The `UserDefaults` entry of `NSPrivacyAccessedAPITypes`, one element a line, nested lines indented by `unit`.
    private static func userDefaultsEntry(unit: String) -> [String] {
        [
            "<dict>",
            unit + XMLPropertyList.keyLine(PrivacyManifest.typeKey),
            unit + XMLPropertyList.stringLine(PlatformTable.userDefaultsCategory),
            unit + XMLPropertyList.keyLine(PrivacyManifest.reasonsKey),
            unit + "<array>",
            unit + unit + XMLPropertyList.stringLine(PlatformTable.userDefaultsDefaultReason),
            unit + "</array>",
            "</dict>",
        ]
    }

    /// `bytes` as data, once Foundation has read them back as a property list: an edit never writes a file
    /// that no longer parses.
    private static func checkedPropertyList(_ bytes: [UInt8], file: String) throws -> Data {
        let data = Data(bytes)
        _ = try PropertyListFile.dictionary(from: data, file: file)
        return data
    }
}
