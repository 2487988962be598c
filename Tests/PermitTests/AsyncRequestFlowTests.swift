import Foundation
import Logging
import Permit
import PermitAdapterSupport
import Testing

/// The EventKit and PhotoKit adapters (Calendar, Reminders, CalendarWriteOnly, Photos, PhotosAddOnly) share one
/// flow over their own framework calls (`AsyncRequestFlow`): these tests stand in for the framework.
@Suite struct AsyncRequestFlowTests {
    /// A framework's status for one kind, how often it was read, and how often its request ran.
    final class Framework: @unchecked Sendable {  // every field is guarded by `lock`
        private let lock = NSLock()
        private var current: PermissionStatus
        private let answer: PermissionStatus
        private let failure: (any Error)?
        private var reads = 0
        private var asked = 0
        init(_ current: PermissionStatus, answer: PermissionStatus = .granted, failure: (any Error)? = nil) {
            self.current = current
            self.answer = answer
            self.failure = failure
        }
        var status: PermissionStatus { lock.withLock { reads += 1; return current } }
        var statusReads: Int { lock.withLock { reads } }
        var requests: Int { lock.withLock { asked } }
        func ask() throws -> PermissionStatus {
            try lock.withLock {
                asked += 1
                if let failure { throw failure }
                current = answer
                return current
            }
        }
    }

    struct Refused: Error {}

    /// The flow for `.calendar` over `framework`, with an Info.plist holding `keys`.
    func flow(_ framework: Framework, keys: Set<String>, enabled: Bool = true) -> AsyncRequestFlow {
        AsyncRequestFlow(
            kind: .calendar,
            purposeKeys: PurposeKeyCheck(
                kind: .calendar, keys: ["NSCalendarsFullAccessUsageDescription"],
                logger: Logger(label: "permit.tests", factory: { _ in SwiftLogNoOpLogHandler() }),
                present: { keys.contains($0) }),
            enabled: enabled, status: { framework.status }, ask: { try framework.ask() })
    }

    let key: Set<String> = ["NSCalendarsFullAccessUsageDescription"]

    @Test func notDeterminedAsksOnceAndReturnsTheAnswer() async throws {
        let framework = Framework(.notDetermined, answer: .granted)
        let calendar = flow(framework, keys: key)
        #expect(calendar.status(of: .calendar) == .notDetermined)
        #expect(try await calendar.request(.calendar) == .granted)
        #expect(try await calendar.request(.calendar) == .granted)
        #expect(framework.requests == 1)
    }

    @Test func anotherKindIsUnavailableAndNeverReachesTheFramework() async throws {
        let framework = Framework(.notDetermined)
        let calendar = flow(framework, keys: key)
        #expect(calendar.status(of: .reminders) == .unavailable)
        #expect(try await calendar.request(.reminders) == .unavailable)
        #expect(framework.statusReads == 0)
        #expect(framework.requests == 0)
    }

    /// Without the purpose string iOS terminates the app that asks; a disabled adapter (write-only calendar before
    /// iOS 17 without the opt-in) must not touch EventKit either.
    @Test func withoutTheKeyOrDisabledTheFrameworkIsNeverTouched() async throws {
        let framework = Framework(.notDetermined)
        for calendar in [flow(framework, keys: []), flow(framework, keys: key, enabled: false)] {
            #expect(calendar.status(of: .calendar) == .unavailable)
            #expect(try await calendar.request(.calendar) == .unavailable)
        }
        #expect(framework.statusReads == 0)
        #expect(framework.requests == 0)
    }

    /// A decided status stands: a photo library that is limited, denied or granted is not asked again.
    @Test(arguments: [PermissionStatus.denied, .restricted, .granted, .limited])
    func aDecidedStatusIsNotAskedAgain(status: PermissionStatus) async throws {
        let framework = Framework(status, answer: .granted)
        #expect(try await flow(framework, keys: key).request(.calendar) == status)
        #expect(framework.requests == 0)
    }

    /// Write-only calendar access can still prompt: asking for full access shows the upgrade prompt (EventKit,
    /// "requestFullAccessToEvents(completion:)").
    @Test func writeOnlyAsksForTheUpgrade() async throws {
        let framework = Framework(.writeOnly, answer: .granted)
        #expect(try await flow(framework, keys: key).request(.calendar) == .granted)
        #expect(framework.requests == 1)
    }

    @Test func theFrameworksErrorIsThrown() async {
        let framework = Framework(.notDetermined, failure: Refused())
        await #expect(throws: Refused.self) { try await flow(framework, keys: key).request(.calendar) }
        #expect(framework.requests == 1)
    }
}
