import Foundation
import Testing

@testable import Permit

/// Issue 34: an app's own primer texts, in its manifest, are what its primer shows.
@Suite struct PrimerTextTests {
    static let manifest = """
        {
          "version": 1,
          "permissions": [
            {
              "kind": "location", "necessity": "optional", "purpose": "Adds where you were to an entry.", "primer": true,
              "primerText": {"title": "Where you were", "continueLabel": "Next", "message": "  "}
            },
            {"kind": "camera", "necessity": "optional", "purpose": "Scans receipts.", "primer": true}
          ]
        }
        """

    @Test func thePrimerShowsTheManifestsTextsAndTheDefaultsForTheRest() throws {
        let manifest = try PermissionManifest(json: Data(Self.manifest.utf8))
        let location = Primer(for: try #require(manifest.declaration(for: .location)))
        #expect(location.title == "Where you were")
        #expect(location.continueLabel == "Next")
        #expect(location.message == "Adds where you were to an entry.")  // a blank message is the default
        let camera = Primer(for: try #require(manifest.declaration(for: .camera)))
        #expect(camera.title == PermissionKind.camera.displayName)
        #expect(camera.continueLabel == Primer.continueLabel)
        #expect(camera.message == "Scans receipts.")
    }

    @Test func primerTextsRoundTripThroughTheJSONAndAreLeftOutWhenThereAreNone() throws {
        let manifest = try PermissionManifest(json: Data(Self.manifest.utf8))
        let json = String(decoding: manifest.jsonData(), as: UTF8.self)
        #expect(json.components(separatedBy: "\"primerText\"").count == 2)
        #expect(try PermissionManifest(json: manifest.jsonData()) == manifest)
    }

    @Test func aPrimerTextThatIsNotAnObjectIsMalformed() {
        let json = #"{"version": 1, "permissions": [{"kind": "camera", "necessity": "optional", "purpose": "Scans receipts.", "primerText": "Next"}]}"#
        #expect(throws: ManifestError.malformed) { try PermissionManifest(json: Data(json.utf8)) }
    }
}
