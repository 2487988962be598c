import Foundation
import Permit
import Testing

/// The model: statuses and their derived views, kinds and their names, changes and errors.
@Suite struct PermissionModelTests {
    // MARK: - Status model

    /// One row of DESIGN.md's "Status model" table, written out as the strings a reader of the table sees.
    private struct Row {
        var usable: Bool
        var cookie: String
        var bridge: String
        var web: String
    }

    /// DESIGN.md, "Status model", copied row by row.
    private static let designTable: [PermissionStatus: Row] = [
        .notDetermined: Row(usable: false, cookie: "no", bridge: "notDetermined", web: "prompt"),
        .denied: Row(usable: false, cookie: "no", bridge: "denied", web: "denied"),
        .restricted: Row(usable: false, cookie: "no", bridge: "restricted", web: "denied"),
        .granted: Row(usable: true, cookie: "yes", bridge: "granted", web: "granted"),
        .limited: Row(usable: true, cookie: "yes", bridge: "granted", web: "granted"),
        .provisional: Row(usable: true, cookie: "yes", bridge: "granted", web: "granted"),
        .unavailable: Row(usable: false, cookie: "no", bridge: "restricted", web: "denied"),
        .approximate: Row(usable: true, cookie: "yes", bridge: "granted", web: "granted"),
        .ephemeral: Row(usable: true, cookie: "yes", bridge: "granted", web: "granted"),
        .writeOnly: Row(usable: false, cookie: "no", bridge: "denied", web: "prompt"),
        .undisclosed: Row(usable: true, cookie: "yes", bridge: "granted", web: "granted"),
    ]

    @Test func designTableCoversEveryStatus() {
        #expect(PermissionStatus.allCases.count == 11)
        #expect(Set(PermissionStatus.allCases) == Set(Self.designTable.keys))
    }

    @Test(arguments: PermissionStatus.allCases)
    func derivedViewsMatchDesignTable(_ status: PermissionStatus) throws {
        let row = try #require(Self.designTable[status])
        #expect(status.isUsable == row.usable)
        #expect(status.cookieValue.rawValue == row.cookie)
        #expect(status.cookieValue.description == row.cookie)
        #expect(status.bridgeStatus.rawValue == row.bridge)
        #expect(status.bridgeStatus.description == row.bridge)
        #expect(status.webState.rawValue == row.web)
        #expect(status.webState.description == row.web)
    }

    @Test(arguments: PermissionStatus.allCases)
    func stateMirrorsItsStatus(_ status: PermissionStatus) throws {
        let row = try #require(Self.designTable[status])
        let state = PermissionState(kind: .camera, status: status, lastCheckedAt: Date(timeIntervalSince1970: 0))
        #expect(state.isGranted == row.usable)
        #expect(state.cookieValue.rawValue == row.cookie)
        #expect(state.hasPrompted == false)
    }

    @Test func stateDescriptionNamesPrompting() {
        let date = Date(timeIntervalSince1970: 0)
        #expect(
            PermissionState(kind: .camera, status: .granted, lastCheckedAt: date, hasPrompted: true).description
                == "camera: granted (prompted)")
        #expect(PermissionState(kind: .camera, status: .denied, lastCheckedAt: date).description == "camera: denied")
    }

    @Test(arguments: PermissionStatus.allCases)
    func statusRawValueIsItsName(_ status: PermissionStatus) {
        #expect(status.description == status.rawValue)
        #expect(PermissionStatus(rawValue: status.rawValue) == status)
    }

    // MARK: - Kind identifiers

    @Test(arguments: [
        "a", "z", "location", "speechRecognition", "photosAddOnly", "x1", "abc123", "camera2", "hTTP",
        String(repeating: "a", count: 64), "z" + String(repeating: "9", count: 63),
    ])
    func validIdentifierMakesAKind(_ identifier: String) throws {
        let kind = try #require(PermissionKind(rawValue: identifier))
        #expect(kind.rawValue == identifier)
        #expect(kind.description == identifier)
    }

    @Test(arguments: [
        "",  // empty
        "1camera", "9",  // leading digit
        "café", "über", "日本", "cam😀", "a\u{0301}",  // non-ASCII
        "ａbc",  // full-width letter
        "a１",  // full-width digit
        String(repeating: "a", count: 65),  // too long
        "camera-roll", "camera_roll", "camera roll", " camera", "camera ", "camera.", "p_Location",
        "a!", "a;b", "a=b", "\"a\"", "a\n", "<a>", "$a",
        "Z", "Location", "Camera2", "HTTP",  // uppercase first letter: its cookie name could clash
        "notification",  // reserved: p_Notification belongs to notifications
    ])
    func invalidIdentifierIsRejected(_ identifier: String) {
        #expect(PermissionKind(rawValue: identifier) == nil)
    }

    @Test func kindEncodesAsItsIdentifier() throws {
        let data = try JSONEncoder().encode([PermissionKind.speechRecognition, .camera])
        #expect(String(decoding: data, as: UTF8.self) == #"["speechRecognition","camera"]"#)
        #expect(try JSONDecoder().decode([PermissionKind].self, from: data) == [.speechRecognition, .camera])
    }

    @Test func decodingAcceptsAnAppDefinedKind() throws {
        let kinds = try JSONDecoder().decode([PermissionKind].self, from: Data(#"["health"]"#.utf8))
        #expect(kinds == [PermissionKind("health")])
    }

    @Test(arguments: ["", "1camera", "camera-roll", "café", String(repeating: "a", count: 65), "p_Location"])
    func decodingRejectsAnInvalidIdentifier(_ identifier: String) throws {
        let json = try JSONEncoder().encode([identifier])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([PermissionKind].self, from: json)
        }
    }

    @Test func decodingRejectsANonString() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([PermissionKind].self, from: Data("[42]".utf8))
        }
    }

    @Test func kindsOrderByIdentifier() {
        #expect([PermissionKind.location, .camera, .bluetooth].sorted() == [.bluetooth, .camera, .location])
    }

    // MARK: - Built-in kinds

    /// The kinds Permit 1.1 ships, in order: a record that later kinds append to and never reorder (a kind added
    /// by CONTRIBUTING's recipe is checked by its own test).
    @Test func builtInStartsWithTheShippedKindsInOrder() {
        #expect(
            PermissionKind.builtIn.prefix(24).map(\.rawValue) == [
                "location", "locationAlways", "camera", "microphone", "notifications", "photos", "photosAddOnly",
                "contacts", "calendar", "reminders", "bluetooth", "motion", "speechRecognition", "tracking",
                "mediaLibrary", "calendarWriteOnly", "localNetwork", "faceID", "healthKit", "homeKit",
                "focusStatus", "nfcReading", "siri", "nearbyInteraction",
            ])
        #expect(Set(PermissionKind.builtIn).count == PermissionKind.builtIn.count)
    }

    @Test func seedIsLocationCameraNotifications() {
        #expect(PermissionKind.legacyCookieKinds == [.location, .camera, .notifications])
        #expect(PermissionKind.legacyCookieKinds.allSatisfy(PermissionKind.builtIn.contains))
    }

    // MARK: - Cookie names

    @Test func seedKindsKeepTheirHistoricalCookieNames() {
        #expect(PermissionKind.location.cookieName == "p_Location")
        #expect(PermissionKind.camera.cookieName == "p_Camera")
        #expect(PermissionKind.notifications.cookieName == "p_Notification")
    }

    /// The cookie name of every kind Permit 1.1 ships, written out: what apps in users' hands read.
    private static let expectedCookieNames: [PermissionKind: String] = [
        .location: "p_Location",
        .locationAlways: "p_LocationAlways",
        .camera: "p_Camera",
        .microphone: "p_Microphone",
        .notifications: "p_Notification",
        .photos: "p_Photos",
        .photosAddOnly: "p_PhotosAddOnly",
        .contacts: "p_Contacts",
        .calendar: "p_Calendar",
        .reminders: "p_Reminders",
        .bluetooth: "p_Bluetooth",
        .motion: "p_Motion",
        .speechRecognition: "p_SpeechRecognition",
        .tracking: "p_Tracking",
        .mediaLibrary: "p_MediaLibrary",
        .calendarWriteOnly: "p_CalendarWriteOnly",
        .localNetwork: "p_LocalNetwork",
        .faceID: "p_FaceID",
        .healthKit: "p_HealthKit",
        .homeKit: "p_HomeKit",
        .focusStatus: "p_FocusStatus",
        .nfcReading: "p_NfcReading",
        .siri: "p_Siri",
        .nearbyInteraction: "p_NearbyInteraction",
    ]

    @Test(arguments: PermissionKind.builtIn.prefix(24))
    func cookieNameOfBuiltInKind(_ kind: PermissionKind) throws {
        let expected = try #require(Self.expectedCookieNames[kind])
        #expect(kind.cookieName == expected)
        #expect(PermissionKind.kind(forCookieName: expected) == kind)
    }

    @Test func appDefinedKindCapitalizesItsIdentifier() {
        let health = PermissionKind("health")
        #expect(health.cookieName == "p_Health")
        #expect(PermissionKind.kind(forCookieName: "p_Health") == nil)
        #expect(PermissionKind.kind(forCookieName: "p_Health", among: [.camera, health]) == health)
    }

    @Test func builtInCookieNamesAreDistinct() {
        let names = PermissionKind.builtIn.map(\.cookieName)
        #expect(Set(names).count == PermissionKind.builtIn.count)
    }

    @Test func unknownCookieNameFindsNoKind() {
        #expect(PermissionKind.kind(forCookieName: "p_Notifications") == nil)
        #expect(PermissionKind.kind(forCookieName: "FCM_token") == nil)
        #expect(PermissionKind.kind(forCookieName: "") == nil)
    }

    // MARK: - Display names

    @Test(arguments: [
        (PermissionKind.location, "Location"),
        (.locationAlways, "Location Always"),
        (.notifications, "Notifications"),
        (.photosAddOnly, "Photos Add Only"),
        (.speechRecognition, "Speech Recognition"),
        (.mediaLibrary, "Media Library"),
        (PermissionKind("health"), "Health"),
        (.faceID, "Face ID"),
        (.nfcReading, "Nfc Reading"),
    ])
    func displayName(_ kind: PermissionKind, _ expected: String) {
        #expect(kind.displayName == expected)
    }

    @Test(arguments: PermissionKind.builtIn)
    func everyBuiltInKindHasACapitalizedDisplayName(_ kind: PermissionKind) throws {
        let first = try #require(kind.displayName.first)
        #expect(first.isUppercase)
        #expect(kind.displayName.replacingOccurrences(of: " ", with: "").lowercased() == kind.rawValue.lowercased())
    }

    // MARK: - Changes

    @Test func changesCookieValueExamples() {
        let date = Date(timeIntervalSince1970: 0)
        func change(_ previous: PermissionStatus?, _ current: PermissionStatus) -> PermissionChange {
            PermissionChange(kind: .camera, previous: previous, current: current, cause: .launch, date: date)
        }
        #expect(change(.notDetermined, .denied).changesCookieValue == false)
        #expect(change(.granted, .limited).changesCookieValue == false)
        #expect(change(.restricted, .unavailable).changesCookieValue == false)
        #expect(change(.notDetermined, .granted).changesCookieValue == true)
        #expect(change(.provisional, .denied).changesCookieValue == true)
        #expect(change(nil, .notDetermined).changesCookieValue == true)
        #expect(change(nil, .granted).changesCookieValue == true)
    }

    private static let previousStatuses: [PermissionStatus?] = [nil] + PermissionStatus.allCases

    @Test(arguments: previousStatuses, PermissionStatus.allCases)
    func changesCookieValueFollowsTheTable(_ previous: PermissionStatus?, _ current: PermissionStatus) throws {
        let currentCookie = try #require(Self.designTable[current]).cookie
        let expected: Bool
        if let previous {
            expected = try #require(Self.designTable[previous]).cookie != currentCookie
        } else {
            expected = true  // the first observation sets the cookie
        }
        let change = PermissionChange(
            kind: .location, previous: previous, current: current, cause: .foreground,
            date: Date(timeIntervalSince1970: 0))
        #expect(change.changesCookieValue == expected)
    }

    @Test func changeDescription() {
        let date = Date(timeIntervalSince1970: 0)
        #expect(
            PermissionChange(kind: .location, previous: .granted, current: .denied, cause: .launch, date: date)
                .description == "location: granted -> denied (launch)")
        #expect(
            PermissionChange(kind: .camera, previous: nil, current: .notDetermined, cause: .request, date: date)
                .description == "camera: new -> notDetermined (request)")
    }

    @Test func causeNamesAndCoding() throws {
        let causes: [ChangeCause] = [.launch, .foreground, .request, .osCallback, .manual]
        #expect(causes.map(\.rawValue) == ["launch", "foreground", "request", "osCallback", "manual"])
        let data = try JSONEncoder().encode(causes + [ChangeCause(rawValue: "migration")])
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"["launch","foreground","request","osCallback","manual","migration"]"#)
        #expect(try JSONDecoder().decode([ChangeCause].self, from: data).last == ChangeCause(rawValue: "migration"))
    }

    // MARK: - Errors

    private static let allErrors: [PermitError] = [.kindNotTracked, .requestFailed, .storeWriteFailed]

    @Test func errorEqualityIgnoresDetail() {
        #expect(PermitError.kindNotTracked.withDetail("camera") == .kindNotTracked)
        #expect(PermitError.kindNotTracked.withDetail("camera") == PermitError.kindNotTracked.withDetail("location"))
        #expect(PermitError.storeWriteFailed.withDetail("disk full") == .storeWriteFailed)
        #expect(PermitError.kindNotTracked != .requestFailed)
        #expect(PermitError.requestFailed.withDetail("x") != PermitError.storeWriteFailed.withDetail("x"))
        #expect(Set(Self.allErrors).count == 3)
        #expect(Set(Self.allErrors.map { $0.withDetail("detail") }) == Set(Self.allErrors))
    }

    @Test func errorKeepsItsDetail() {
        let error = PermitError.requestFailed.withDetail("camera")
        #expect(error.detail == "camera")
        #expect(error.description.hasSuffix(": camera"))
        #expect(PermitError.requestFailed.detail == "")
    }

    @Test func errorDescriptionIsNeverEmpty() {
        for error in Self.allErrors {
            #expect(!error.description.isEmpty)
            #expect(!error.withDetail("").description.isEmpty)
            #expect(!error.withDetail("camera").description.isEmpty)
        }
        #expect(Set(Self.allErrors.map(\.description)).count == 3)
    }

    @Test func noValidKindSharesABuiltInCookieName() {
        let builtInNames = Set(PermissionKind.builtIn.map(\.cookieName))
        for candidate in ["Location", "Camera", "notification", "Notification", "Notifications"] {
            if let kind = PermissionKind(rawValue: candidate) {
                #expect(!builtInNames.contains(kind.cookieName), "\(candidate) would share \(kind.cookieName)")
            }
        }
    }
}
