import Foundation
import Testing

@testable import Permit

@Suite struct PermissionManifestTests {
    static let ashTrail = """
        {
          "version": 1,
          "permissions": [
            {"kind": "location", "necessity": "optional", "purpose": "Adds where you were to an entry.", "primer": true},
            {"kind": "notifications", "necessity": "optional", "purpose": "Sends the reminders you turn on.", "lazy": true},
            {"kind": "camera", "necessity": "required", "purpose": "Scans receipts.", "lazy": false, "future": 1}
          ]
        }
        """

    @Test func aManifestReadsEveryFieldWithDefaults() throws {
        let manifest = try PermissionManifest(json: Data(Self.ashTrail.utf8))
        #expect(manifest.kinds == [.location, .notifications, .camera])
        let location = try #require(manifest.declaration(for: .location))
        #expect(location.necessity == .optional && location.isLazy && location.showsPrimer)
        #expect(location.purpose == "Adds where you were to an entry.")
        let notifications = try #require(manifest.declaration(for: .notifications))
        #expect(notifications.isLazy && !notifications.showsPrimer)
        let camera = try #require(manifest.declaration(for: .camera))
        #expect(camera.necessity == .required && !camera.isLazy)
        #expect(manifest.declaration(for: .microphone) == nil)
    }

    @Test func aManifestRoundTripsThroughItsJSON() throws {
        let manifest = try PermissionManifest(json: Data(Self.ashTrail.utf8))
        let data = manifest.jsonData()
        #expect(try PermissionManifest(json: data) == manifest)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""kind" : "camera""#) && text.contains(#""lazy" : false"#) && text.contains(#""version" : 1"#))
    }

    @Test func aManifestLoadsFromAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("permit-manifest-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(Self.ashTrail.utf8).write(to: url)
        #expect(try PermissionManifest(contentsOf: url).kinds == [.location, .notifications, .camera])
        #expect(throws: ManifestError.malformed) {
            try PermissionManifest(contentsOf: url.appendingPathExtension("missing"))
        }
    }

    @Test func appKindsAreAcceptedWhenGiven() throws {
        let json = #"{"version":1,"permissions":[{"kind":"health","necessity":"optional","purpose":"Steps."}]}"#
        #expect(throws: ManifestError.unknownKind) { try PermissionManifest(json: Data(json.utf8)) }
        let manifest = try PermissionManifest(json: Data(json.utf8), additionalKinds: [PermissionKind("health")])
        #expect(manifest.kinds == [PermissionKind("health")])
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        let label: String
        let entries: String
        let error: ManifestError
        let entry: Int?
        let kind: String?
        var testDescription: String { label }
    }

    static let valid = #"{"kind":"location","necessity":"optional","purpose":"Where."}"#

    static let badInputs: [BadInput] = [
        BadInput(label: "unknown kind", entries: valid + #", {"kind":"teleport","necessity":"optional","purpose":"x"}"#,
                 error: .unknownKind, entry: 1, kind: "teleport"),
        BadInput(label: "invalid identifier", entries: #"{"kind":"Bad Kind","necessity":"optional","purpose":"x"}"#,
                 error: .unknownKind, entry: 0, kind: "Bad Kind"),
        BadInput(label: "network is implicit", entries: valid + #", {"kind":"network","necessity":"required","purpose":"x"}"#,
                 error: .unknownKind, entry: 1, kind: "network"),
        BadInput(label: "no kind", entries: #"{"necessity":"optional","purpose":"x"}"#,
                 error: .unknownKind, entry: 0, kind: nil),
        BadInput(label: "duplicate kind", entries: valid + ", " + valid,
                 error: .duplicateKind, entry: 1, kind: "location"),
        BadInput(label: "missing purpose", entries: valid + #", {"kind":"camera","necessity":"optional"}"#,
                 error: .missingPurpose, entry: 1, kind: "camera"),
        BadInput(label: "empty purpose", entries: #"{"kind":"camera","necessity":"optional","purpose":" \n "}"#,
                 error: .missingPurpose, entry: 0, kind: "camera"),
        BadInput(label: "bad necessity", entries: #"{"kind":"camera","necessity":"maybe","purpose":"x"}"#,
                 error: .invalidNecessity, entry: 0, kind: "camera"),
        BadInput(label: "purpose of the wrong type", entries: valid + #", {"kind":"camera","necessity":"optional","purpose":7}"#,
                 error: .malformed, entry: 1, kind: "camera"),
    ]

    @Test(arguments: badInputs)
    func badInputIsRejectedNamingTheEntry(_ input: BadInput) throws {
        let json = #"{"version":1,"permissions":["# + input.entries + "]}"
        let error = try #require(throws: ManifestError.self) { try PermissionManifest(json: Data(json.utf8)) }
        #expect(error == input.error)
        #expect(error.entry == input.entry)
        #expect(error.kindName == input.kind)
        if let entry = input.entry { #expect(error.description.contains("entry \(entry)")) }
        if let kind = input.kind { #expect(error.description.contains("kind \"\(kind)\"")) }
    }

    @Test(arguments: ["", "[]", "{}", #"{"version":1}"#, #"{"version":"1","permissions":[]}"#, "not json"])
    func aFileOfTheWrongShapeIsMalformed(_ json: String) {
        #expect(throws: ManifestError.malformed) { try PermissionManifest(json: Data(json.utf8)) }
    }

    @Test(arguments: [
        (#"{"permissions":[]}"#, #"no "version" (a manifest is {"version": 1, "permissions": [...]})"#),
        (#"{"version":1}"#, #"no "permissions""#),
    ])
    func aMissingFieldIsNamedInPlainWords(_ json: String, _ words: String) throws {
        let error = try #require(throws: ManifestError.malformed) { try PermissionManifest(json: Data(json.utf8)) }
        #expect(error.description.contains(words))
        #expect(!error.description.contains("CodingKeys"))
    }

    @Test func anUnsupportedVersionIsRejected() {
        #expect(throws: ManifestError.unsupportedVersion) {
            try PermissionManifest(json: Data(#"{"version":2,"permissions":[]}"#.utf8))
        }
    }

    @Test func duplicateDeclarationsInSwiftAreRejectedNamingTheEntry() throws {
        let declaration = PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scans.")
        let error = try #require(throws: ManifestError.self) { try PermissionManifest([declaration, declaration]) }
        #expect(error == .duplicateKind && error.entry == 1 && error.kindName == "camera")
    }

    @Test func declarationsInSwiftAreCheckedLikeTheJSONEntries() throws {
        let valid = PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scans.")
        let blank = PermissionDeclaration(kind: .location, necessity: .optional, purpose: " \n ")  // no trap
        let network = PermissionDeclaration(kind: PermissionKind("network"), necessity: .required, purpose: "Sync.")
        let cases: [([PermissionDeclaration], ManifestError, Int, String)] = [
            ([valid, blank], .missingPurpose, 1, "location"),
            ([network], .unknownKind, 0, "network"),
            ([valid, valid], .duplicateKind, 1, "camera"),
        ]
        for (declarations, expected, entry, kind) in cases {
            let error = try #require(throws: ManifestError.self) { try PermissionManifest(declarations) }
            #expect(error == expected && error.entry == entry && error.kindName == kind)
        }
        #expect(try PermissionManifest([valid]).kinds == [.camera])
    }
}
