import Clocks
import Foundation
import InMemoryLogging
import Logging
import Permit
import PermitAdapterSupport
import Testing

/// Every privacy adapter checks its purpose string (and HealthKit its types, Siri its declared entitlement)
/// before touching its framework: iOS terminates an app that asks without the key ("If your app doesn't include
/// the usage description key ... it crashes", Apple, "Requesting authorization to capture and save media";
/// "Protected resources"), `INPreferences` raises without `com.apple.developer.siri`, and HealthKit raises
/// `NSInvalidArgumentException` for a type apps may not write ("Authorization to share the following types is
/// disallowed") or for a request with no type.
@Suite struct PurposeKeyCheckTests {
    /// An Info.plist holding `keys`, counting its reads.
    final class Plist: @unchecked Sendable {  // `reads` is guarded by `lock`
        let keys: Set<String>
        private let lock = NSLock()
        private var reads = 0
        init(_ keys: Set<String>) { self.keys = keys }
        var present: @Sendable (String) -> Bool {
            { key in
                self.lock.lock()
                defer { self.lock.unlock() }
                self.reads += 1
                return self.keys.contains(key)
            }
        }
        var readCount: Int {
            lock.lock()
            defer { lock.unlock() }
            return reads
        }
    }

    @Test func aMissingKeyIsNamedAndLoggedOnceAsAnError() {
        let (logger, handler) = makeTestLogger()
        let plist = Plist([])
        let check = PurposeKeyCheck(kind: .contacts, logger: logger, present: plist.present)
        #expect(check.missingKey == "NSContactsUsageDescription")
        #expect(check.isMissing)
        #expect(check.isMissing)
        let errors = handler.entries.filter { $0.level == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.metadata["key"] == "NSContactsUsageDescription")
        #expect(plist.readCount == 1, "Info.plist is read once")
    }

    @Test func withEveryKeyNothingIsMissingOrLogged() {
        let (logger, handler) = makeTestLogger()
        let check = PurposeKeyCheck(
            kind: .locationAlways, logger: logger,
            present: Plist(["NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationWhenInUseUsageDescription"]).present)
        #expect(!check.isMissing && check.missingKey == nil)
        #expect(handler.entries.isEmpty)
    }

    @Test func alwaysLocationNeedsBothKeys() {
        let check = PurposeKeyCheck(
            kind: .locationAlways, logger: makeTestLogger().0,
            present: Plist(["NSLocationAlwaysAndWhenInUseUsageDescription"]).present)
        #expect(check.missingKey == "NSLocationWhenInUseUsageDescription")
    }

    @Test func eventKitReadsItsLegacyKeysBeforeIOS17() {
        #expect(PurposeKeyCheck.requiredKeys(for: .calendar) == ["NSCalendarsFullAccessUsageDescription"])
        #expect(PurposeKeyCheck.requiredKeys(for: .calendar, beforeIOS17: true) == ["NSCalendarsUsageDescription"])
        #expect(PurposeKeyCheck.requiredKeys(for: .calendarWriteOnly, beforeIOS17: true) == ["NSCalendarsUsageDescription"])
        #expect(PurposeKeyCheck.requiredKeys(for: .reminders, beforeIOS17: true) == ["NSRemindersUsageDescription"])
    }

    @Test func healthKeysFollowTheAccessAsked() {
        #expect(PurposeKeyCheck.healthKeys(reads: true, writes: false) == ["NSHealthShareUsageDescription"])
        #expect(PurposeKeyCheck.healthKeys(reads: false, writes: true) == ["NSHealthUpdateUsageDescription"])
        let readOnly = PurposeKeyCheck(
            kind: .healthKit, keys: PurposeKeyCheck.healthKeys(reads: true, writes: false), logger: makeTestLogger().0,
            present: Plist(["NSHealthShareUsageDescription"]).present)
        #expect(!readOnly.isMissing, "an app that only reads needs no update key")
    }

    @Test func anUndeclaredEntitlementIsMissingWhateverThePlistHolds() {
        let (logger, handler) = makeTestLogger()
        let check = PurposeKeyCheck(
            kind: .siri, entitlement: "com.apple.developer.siri", entitlementDeclared: false, logger: logger,
            present: Plist(["NSSiriUsageDescription"]).present)
        #expect(check.isMissing && check.isMissing)
        let errors = handler.entries.filter { $0.level == .error }
        #expect(errors.count == 1 && errors.first?.metadata["entitlement"] == "com.apple.developer.siri")
        let declared = PurposeKeyCheck(
            kind: .siri, entitlement: "com.apple.developer.siri", entitlementDeclared: true, logger: logger,
            present: Plist(["NSSiriUsageDescription"]).present)
        #expect(!declared.isMissing)
    }

    @Test func anEmptyStringIsNoPurposeString() {
        // The main bundle of the test runner has no purpose strings at all.
        #expect(!PurposeKeyCheck.mainBundleHas("NSCameraUsageDescription"))
    }

    /// The keys checked are the ones `kinds.json` (the table PermitLint and the docs are made from) marks
    /// `always`, kind for kind.
    @Test func theKeysAreTheTablesAlwaysKeys() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../kinds.json")
        let table = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let kinds = try #require(table?["kinds"] as? [[String: Any]])
        #expect(kinds.count > 20)
        for entry in kinds {
            let name = try #require(entry["kind"] as? String)
            let keys = (entry["purposeKeys"] as? [[String: Any]] ?? [])
            let always = keys.filter { $0["need"] as? String == "always" }.compactMap { $0["key"] as? String }
            let before17 = keys.filter { $0["need"] as? String == "before iOS 17" }.compactMap { $0["key"] as? String }
            let kind = PermissionKind(name)
            #expect(Set(PurposeKeyCheck.requiredKeys(for: kind)) == Set(always), "\(name)")
            if !before17.isEmpty {
                #expect(PurposeKeyCheck.requiredKeys(for: kind, beforeIOS17: true) == before17, "\(name)")
            }
        }
    }
}

@Suite struct HealthTypeCheckTests {
    @Test func readOnlyTypesInTheShareSetAreAProblemNamingThem() {
        let problem = HealthTypeCheck.problem(
            shareIdentifiers: ["HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierAppleStandTime",
                               "HKQuantityTypeIdentifierAppleExerciseTime"],
            readCount: 1)
        #expect(problem == "HealthKit does not let apps write: HKQuantityTypeIdentifierAppleExerciseTime, HKQuantityTypeIdentifierAppleStandTime")
    }

    @Test func correlationAndClinicalTypesCannotBeWritten() {
        #expect(HealthTypeCheck.disallowedShareIdentifiers([
            "HKCorrelationTypeIdentifierBloodPressure", "HKClinicalTypeIdentifierAllergyRecord",
            "HKQuantityTypeIdentifierBodyMass",
        ]) == ["HKClinicalTypeIdentifierAllergyRecord", "HKCorrelationTypeIdentifierBloodPressure"])
    }

    @Test func noTypeAtAllIsAProblemAndWritableTypesAreNot() {
        #expect(HealthTypeCheck.problem(shareIdentifiers: [], readCount: 0) != nil)
        #expect(HealthTypeCheck.problem(shareIdentifiers: ["HKQuantityTypeIdentifierStepCount"], readCount: 0) == nil)
        #expect(HealthTypeCheck.problem(shareIdentifiers: [], readCount: 3) == nil)
    }
}

/// Lifecycle observers end with their owner (`LocationAuthority`, `WebKitWebView`): `NotificationCenter` keeps a
/// block observer until `removeObserver(_:)` (Apple, "addObserver(forName:object:queue:using:)").
@Suite struct NotificationObservationsTests {
    final class Counter: @unchecked Sendable {  // `value` is guarded by `lock`
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }

    @Test func observersEndWithTheBox() {
        let center = NotificationCenter()
        let name = Notification.Name("UIApplicationDidBecomeActiveNotification")
        let counter = Counter()
        var observations: NotificationObservations? = NotificationObservations(center: center)
        observations?.observe(name) { _ in counter.increment() }
        observations?.observe(name) { _ in counter.increment() }
        center.post(name: name, object: nil)
        #expect(counter.value == 2)
        observations = nil
        center.post(name: name, object: nil)
        #expect(counter.value == 2, "no observer runs after its owner ended")
    }

    @Test func removeAllEndsThemAtOnce() {
        let center = NotificationCenter()
        let name = Notification.Name("UIApplicationWillResignActiveNotification")
        let counter = Counter()
        let observations = NotificationObservations(center: center)
        observations.observe(name) { _ in counter.increment() }
        #expect(observations.count == 1)
        observations.removeAll()
        center.post(name: name, object: nil)
        #expect(counter.value == 0 && observations.count == 0)
    }
}

/// Write-only calendar access exists from iOS 17; before it EventKit's one request grants full access (Apple,
/// "Accessing the event store").
@Suite struct WriteOnlyCalendarDecisionTests {
    @Test func beforeIOS17OnlyAnOptInUsesEventKit() {
        #expect(!WriteOnlyCalendarDecision.usesEventKit(beforeIOS17: true, allowsFullAccessBeforeIOS17: false))
        #expect(WriteOnlyCalendarDecision.usesEventKit(beforeIOS17: true, allowsFullAccessBeforeIOS17: true))
        #expect(WriteOnlyCalendarDecision.usesEventKit(beforeIOS17: false, allowsFullAccessBeforeIOS17: false))
    }
}

/// HomeKit has no status without a home manager, and the first manager prompts (Apple, "HMHomeManager"): the
/// adapter remembers a decision so that the first read of a later launch follows it without prompting.
@Suite struct HomeFirstReadTests {
    @Test func nothingRememberedReadsNotDeterminedAndCreatesNoManager() {
        #expect(HomeAuthorization.readWithoutManager(remembered: nil) == (.notDetermined, false))
        #expect(HomeAuthorization.readWithoutManager(remembered: "notDetermined") == (.notDetermined, false))
        #expect(HomeAuthorization.readWithoutManager(remembered: "garbage") == (.notDetermined, false))
    }

    @Test func aRememberedDecisionIsReadAndTheManagerIsCreated() {
        #expect(HomeAuthorization.readWithoutManager(remembered: "denied") == (.denied, true))
        #expect(HomeAuthorization.readWithoutManager(remembered: "granted") == (.granted, true))
    }

    @Test func aNewManagerThatHasNotReportedYetLeavesTheRememberedDecision() {
        #expect(HomeAuthorization.status(live: .notDetermined, remembered: "granted") == .granted)
        #expect(HomeAuthorization.status(live: .denied, remembered: "granted") == .denied, "Settings changed it")
        #expect(HomeAuthorization.status(live: .notDetermined, remembered: nil) == .notDetermined)
    }
}

/// The camera and microphone share one flow over their own AVFoundation calls (`CaptureAuthorityFlow`).
@Suite struct CaptureAuthorityFlowTests {
    /// AVFoundation's state for one media type, and how often `requestAccess` ran.
    final class Capture: @unchecked Sendable {  // every field is guarded by `lock`
        private let lock = NSLock()
        private var current: CaptureAuthorizationDecision.Authorization
        private var answer: CaptureAuthorizationDecision.Authorization
        private var asked = 0
        init(_ current: CaptureAuthorizationDecision.Authorization, answer: CaptureAuthorizationDecision.Authorization) {
            self.current = current
            self.answer = answer
        }
        var authorization: CaptureAuthorizationDecision.Authorization { lock.lock(); defer { lock.unlock() }; return current }
        var requests: Int { lock.lock(); defer { lock.unlock() }; return asked }
        func requestAccess() { lock.lock(); asked += 1; current = answer; lock.unlock() }
    }

    func flow(_ capture: Capture, keys: Set<String>, device: Bool = true) -> CaptureAuthorityFlow {
        CaptureAuthorityFlow(
            kind: .microphone,
            purposeKeys: PurposeKeyCheck(kind: .microphone, logger: makeTestLogger().0, present: PurposeKeyCheckTests.Plist(keys).present),
            authorization: { capture.authorization }, hasDevice: { device }, requestAccess: { capture.requestAccess() })
    }

    @Test func notDeterminedAsksOnceAndReadsTheAnswer() async {
        let capture = Capture(.notDetermined, answer: .authorized)
        let microphone = flow(capture, keys: ["NSMicrophoneUsageDescription"])
        #expect(microphone.status(of: .microphone) == .notDetermined)
        #expect(await microphone.request(.microphone) == .granted)
        #expect(await microphone.request(.microphone) == .granted)
        #expect(capture.requests == 1)
        #expect(await microphone.request(.camera) == .unavailable, "another kind")
    }

    @Test func withoutTheKeyOrADeviceNothingIsAsked() async {
        let capture = Capture(.notDetermined, answer: .authorized)
        #expect(await flow(capture, keys: []).request(.microphone) == .unavailable)
        #expect(await flow(capture, keys: ["NSMicrophoneUsageDescription"], device: false).request(.microphone) == .unavailable)
        #expect(capture.requests == 0)
    }

    @Test func aDecidedStatusIsNotAskedAgain() async {
        let capture = Capture(.denied, answer: .authorized)
        #expect(await flow(capture, keys: ["NSMicrophoneUsageDescription"]).request(.microphone) == .denied)
        #expect(capture.requests == 0)
    }
}

/// A local network status read reuses a probe's result only while it is younger than the bound (TN3179: the
/// privilege can only be learnt by an operation, and the person can change it at any time).
@Suite struct RecentProbeResultTests {
    @Test func aResultIsReusedUntilItIsMaxAgeOld() async {
        let clock = TestClock()
        let recent = RecentProbeResult(maxAge: .seconds(5), clock: clock)
        #expect(recent.status() == nil, "nothing probed yet")
        recent.record(.granted)
        await clock.advance(by: .seconds(4))
        #expect(recent.status() == .granted)
        await clock.advance(by: .seconds(1))
        #expect(recent.status() == nil, "five seconds old: probe again")
        recent.record(.denied)
        #expect(recent.status() == .denied, "the newest result replaces the older one")
    }
}

/// The adapters' Dispatch timers take a `Duration` as seconds.
@Suite struct DurationTimeIntervalTests {
    @Test func fractionsOfASecondAreKept() {
        #expect(Duration.seconds(15).timeInterval == 15)
        #expect(Duration.milliseconds(1_500).timeInterval == 1.5)
        #expect(abs(Duration.nanoseconds(1).timeInterval - 1e-9) < 1e-18)
    }
}
