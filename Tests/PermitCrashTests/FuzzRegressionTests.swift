import Foundation
import Permit
import PermitWeb
import Testing

/// Every crash or broken property the fuzz targets (Fuzz/, scripts/fuzz) found, as a test; the inputs are also
/// in the seed corpus as `Fuzz/Corpus/<target>/regression-*`.
@Suite struct FuzzRegressionTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// cookie: an expiry 10^52 seconds ahead trapped converting the days ahead to `Int` for the error's detail.
    @Test(arguments: [1e52, .greatestFiniteMagnitude, .infinity])
    func anAbsurdlyFarExpiryIsRefusedNotATrap(_ seconds: Double) {
        let cookie = Cookie(name: "a", value: "b", domain: "h", expires: Date(timeIntervalSince1970: seconds))
        #expect(throws: CookieError.expiryTooFar) { try cookie.validate(forHost: "h", now: Self.now) }
    }

    /// cookie: `setCookieHeader` trapped converting an expiry beyond Int64 seconds; the writer now clamps to the
    /// years 1 to 9999, which the IMF-fixdate's four-digit year can hold.
    @Test func theWriterClampsADateOutsideTheFormatsYears() {
        #expect(Cookie.imfFixdate(Date(timeIntervalSince1970: 1e300)) == "Fri, 31 Dec 9999 23:59:59 GMT")
        #expect(Cookie.imfFixdate(Date(timeIntervalSince1970: -1e300)) == "Mon, 01 Jan 0001 00:00:00 GMT")
        #expect(Cookie.imfFixdate(Date(timeIntervalSince1970: .nan)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        let cookie = Cookie(name: "a", value: "b", domain: "h", expires: Date(timeIntervalSince1970: -.infinity))
        #expect(cookie.setCookieHeader.hasPrefix("a=b; Expires=Mon, 01 Jan 0001 00:00:00 GMT"))
    }

    /// cookie: a path ending in a space was accepted, but browsers trim it, so the cookie stored was not the
    /// one Permit keeps and would be rewritten at every sync.
    @Test func aPathEndingInASpaceIsRefused() {
        let cookie = Cookie(name: "a", value: "b", domain: "h", path: "/ ")
        #expect(throws: CookieError.invalidPath) { try cookie.validate(forHost: "h", now: Self.now) }
        #expect(throws: Never.self) {
            try Cookie(name: "a", value: "b", domain: "h", path: "/a b").validate(forHost: "h", now: Self.now)
        }
    }

    /// store-snapshot: a store file holding a time near Int64's limits loaded, and the next save trapped.
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "8640000000000001"])
    func aStoreWithATimeOutOfRangeLoadsAsCorruptAndSavesAgain(_ milliseconds: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FilePermissionStore(url: folder.appendingPathComponent("permissions.json"), logger: quietLogger)
        try Data(
            #"{"history":[],"permissions":{"camera":{"checked":\#(milliseconds),"prompted":true,"status":"granted"}},"version":1}"#
                .utf8
        ).write(to: store.url)
        #expect(try await store.load() == .empty)
        #expect(FileManager.default.fileExists(atPath: store.corruptCopyURL.path))
        let snapshot = PermissionSnapshot(records: [
            .camera: PermissionRecord(status: .granted, hasPrompted: true, checkedAt: Date(timeIntervalSince1970: 8.64e12))
        ])
        try await store.save(snapshot)
        #expect(try await store.load() == snapshot)
    }
}
