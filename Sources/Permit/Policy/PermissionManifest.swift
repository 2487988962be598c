public import Foundation

/// Every permission an app declares: a Swift value, or a JSON file that tooling can check an Info.plist
/// against.
///
/// A manifest holds one ``PermissionDeclaration`` per kind. Network access is not in it: it is required and
/// implicit.
///
/// ## The JSON format, version 1
///
/// ```json
/// {
///   "version": 1,
///   "permissions": [
///     {
///       "kind": "location",
///       "necessity": "optional",
///       "purpose": "Trails adds where you were to a log entry when you ask it to.",
///       "lazy": true,
///       "primer": true,
///       "primerText": {"title": "Where you were", "continueLabel": "Next"},
///       "fullAccuracyPurposeKey": "TrailMap"
///     },
///     {
///       "kind": "notifications",
///       "necessity": "optional",
///       "purpose": "Trails sends the reminders you turn on.",
///       "informsOnce": true
///     }
///   ]
/// }
/// ```
///
/// - `version` (integer, required): `1`.
/// - `permissions` (array, required): one object per permission, in the app's order.
///   - `kind` (string, required): a ``PermissionKind`` identifier, such as `location` or `speechRecognition`;
///     a built-in kind unless the reader is given the app's own kinds. `network` is not accepted.
///   - `necessity` (string, required): `required` or `optional`.
///   - `purpose` (string, required, not empty): the Info.plist purpose string and the primer's text.
///   - `lazy` (boolean, optional, default `true`): asked for only at feature use, never at startup.
///   - `primer` (boolean, optional, default `false`): a primer explaining the purpose comes first.
///   - `primerText` (object, optional): the app's own primer texts, `title`, `message` and `continueLabel`
///     (strings, each optional; see ``PermissionDeclaration/PrimerText``).
///   - `informsOnce` (boolean, optional, default `false`): the person is offered Settings after a denial once
///     ever, not once per launch (see ``PermissionDeclaration/informsOnce``).
///   - `fullAccuracyPurposeKey` (string, optional, location kinds only): the entry of Info.plist's
///     `NSLocationTemporaryUsageDescriptionDictionary` shown when the app asks for precise location (see
///     ``PermissionDeclaration/fullAccuracyPurposeKey``).
///
/// Unknown fields are ignored, so later versions can add fields that older readers skip. A manifest with an
/// unknown kind, a kind declared twice, or a missing or empty purpose text is rejected with a
/// ``ManifestError`` naming the entry (its index and kind).
///
/// For example:
///
/// ```swift
/// let manifest = try PermissionManifest(contentsOf: Bundle.main.url(forResource: "permissions", withExtension: "json")!)
/// let location = manifest.declaration(for: .location)   // optional, lazy, with a primer
/// ```
public struct PermissionManifest: Hashable, Sendable {
    /// The version of the JSON format this type reads and writes.
    public static let formatVersion = 1

    /// The declarations, one per kind, in the app's order.
    public let declarations: [PermissionDeclaration]

    /// Creates a manifest from declarations written in Swift, checked as a JSON manifest's entries are.
    ///
    /// - Throws: A ``ManifestError`` naming the entry at fault (its index in `declarations` and its kind):
    ///   ``ManifestError/missingPurpose`` for a blank purpose, ``ManifestError/unknownKind`` for `network`
    ///   (network access is implicit), ``ManifestError/duplicateKind`` for a kind declared twice.
    public init(_ declarations: [PermissionDeclaration]) throws {
        var validator = DeclarationValidator(knownKinds: nil)
        for (index, declaration) in declarations.enumerated() {
            try validator.check(declaration, at: index)
        }
        self.declarations = declarations
    }

    /// Reads a manifest from the JSON format above.
    ///
    /// - Parameters:
    ///   - json: The file's bytes.
    ///   - additionalKinds: The app's own kinds, accepted beside ``PermissionKind/builtIn``.
    /// - Throws: A ``ManifestError`` naming the entry at fault.
    public init(json: Data, additionalKinds: [PermissionKind] = []) throws {
        let raw: RawManifest
        do {
            raw = try JSONDecoder().decode(RawManifest.self, from: json)
        } catch let DecodingError.keyNotFound(key, context) {
            // Foundation's own words here name its coding keys ("No value associated with key CodingKeys(...)").
            let shape = context.codingPath.isEmpty ? #" (a manifest is {"version": 1, "permissions": [...]})"# : ""
            throw Self.malformed(context, in: json, detail: "no \"\(key.stringValue)\"\(shape)")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
            let DecodingError.dataCorrupted(context)
        {
            throw Self.malformed(context, in: json, detail: context.debugDescription)
        } catch {
            throw ManifestError.malformed.at(nil, kind: nil, "\(error)")
        }
        guard raw.version == Self.formatVersion else {
            throw ManifestError.unsupportedVersion.at(
                nil, kind: nil, "version \(raw.version); this reader knows version \(Self.formatVersion)")
        }
        var validator = DeclarationValidator(knownKinds: Set(PermissionKind.builtIn).union(additionalKinds))
        var declarations: [PermissionDeclaration] = []
        for (index, entry) in raw.permissions.enumerated() {
            guard let name = entry.kind else {
                throw ManifestError.unknownKind.at(index, kind: nil, "the entry has no \"kind\"")
            }
            guard let kind = PermissionKind(rawValue: name) else {
                throw ManifestError.unknownKind.at(
                    index, kind: name, "not a valid kind identifier; pass the app's own kinds as additionalKinds")
            }
            try validator.checkKind(kind, at: index)
            guard let necessityName = entry.necessity,
                let necessity = PermissionDeclaration.Necessity(rawValue: necessityName)
            else {
                throw ManifestError.invalidNecessity.at(
                    index, kind: name, entry.necessity.map { "got \"\($0)\"" } ?? "the entry has no \"necessity\"")
            }
            let declaration = PermissionDeclaration(
                kind: kind, necessity: necessity, purpose: entry.purpose ?? "", isLazy: entry.lazy ?? true,
                showsPrimer: entry.primer ?? false,
                primerText: PermissionDeclaration.PrimerText(
                    title: entry.primerText?.title, message: entry.primerText?.message,
                    continueLabel: entry.primerText?.continueLabel),
                informsOnce: entry.informsOnce ?? false, fullAccuracyPurposeKey: entry.fullAccuracyPurposeKey)
            try validator.check(declaration, at: index)
            declarations.append(declaration)
        }
        self.declarations = declarations
    }

    /// Reads a manifest from a JSON file.
    ///
    /// - Throws: ``ManifestError/malformed`` when the file cannot be read, or a ``ManifestError`` naming the
    ///   entry at fault.
    public init(contentsOf url: URL, additionalKinds: [PermissionKind] = []) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ManifestError.malformed.at(nil, kind: nil, "\(url.lastPathComponent) cannot be read: \(error)")
        }
        try self.init(json: data, additionalKinds: additionalKinds)
    }

    /// The manifest in the JSON format above, every field written (`primerText` when the declaration has one,
    /// `informsOnce` when it is `true`, `fullAccuracyPurposeKey` when set), keys sorted, pretty-printed.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let raw = RawManifest(
            version: Self.formatVersion,
            permissions: declarations.map {
                RawEntry(
                    kind: $0.kind.rawValue, necessity: $0.necessity.rawValue, purpose: $0.purpose, lazy: $0.isLazy,
                    primer: $0.showsPrimer,
                    primerText: $0.primerText.isEmpty
                        ? nil
                        : RawPrimerText(
                            title: $0.primerText.title, message: $0.primerText.message,
                            continueLabel: $0.primerText.continueLabel),
                    informsOnce: $0.informsOnce ? true : nil, fullAccuracyPurposeKey: $0.fullAccuracyPurposeKey)
            })
        // Strings, booleans and integers always encode.
        return (try? encoder.encode(raw)) ?? Data()
    }

    /// The declared kinds, in the app's order.
    public var kinds: [PermissionKind] { declarations.map(\.kind) }

    /// The declaration of `kind`, or `nil` when the app does not declare it.
    public func declaration(for kind: PermissionKind) -> PermissionDeclaration? {
        declarations.first { $0.kind == kind }
    }

    // MARK: - JSON shape

    private struct RawManifest: Codable {
        var version: Int
        var permissions: [RawEntry]
    }

    /// An entry with every field optional, so that a missing field is reported with its entry.
    private struct RawEntry: Codable {
        var kind: String?
        var necessity: String?
        var purpose: String?
        var lazy: Bool?
        var primer: Bool?
        var primerText: RawPrimerText?
        var informsOnce: Bool?
        var fullAccuracyPurposeKey: String?
    }

    private struct RawPrimerText: Codable {
        var title: String?
        var message: String?
        var continueLabel: String?
    }

    /// A malformed-manifest error naming the entry the decoder stopped in and, when it has one, its kind.
    private static func malformed(_ context: DecodingError.Context, in json: Data, detail: String) -> ManifestError {
        let path = context.codingPath
        let entry = path.count >= 2 && path[0].stringValue == "permissions" ? path[1].intValue : nil
        let field = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        var kindName: String?
        if let entry, let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let entries = object["permissions"] as? [Any], entry < entries.count
        {
            kindName = (entries[entry] as? [String: Any])?["kind"] as? String
        }
        return ManifestError.malformed.at(
            entry, kind: kindName, field.isEmpty ? detail : "at \(field): \(detail)")
    }
}
