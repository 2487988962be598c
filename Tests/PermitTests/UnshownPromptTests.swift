import Clocks
import Foundation
import Permit
import PermitAdapterSupport
import PermitTesting
import Testing

/// A request iOS did not show never counts as asked: the kind stays askable, in this launch and after a relaunch.
///
/// Each case is an OS that answers a request with `notDetermined` and no prompt:
/// - App Tracking Transparency asked while the app is not active or another alert is up: "The system displays the
///   prompt only when the app state is active" (Apple, `ATTrackingManager.requestTrackingAuthorization
///   (completionHandler:)`; `ATTrackingManager.h`: "the completion handler will be called with
///   ATTrackingManagerAuthorizationStatusNotDetermined" when the app is not active).
/// - A location request from the background: "the system doesn't display the prompt ... when your app isn't in
///   the foreground" (Apple, "Requesting authorization to use location services"); the status stays
///   `kCLAuthorizationStatusNotDetermined` (`CLLocationManager.h`).
/// - A local network probe whose time ran out before anything settled (Apple, TN3179 "Understanding local network
///   privacy": there is no API to read the privilege, only an operation's outcome); `LocalNetworkProbe` reads it
///   as `notDetermined`.
/// - Nearby Interaction, which has no request call: iOS asks only when a session with a peer runs (Apple,
///   "Initiating and maintaining a session"); the adapter's `request(_:)` returns the status.
@Suite(.timeLimit(.minutes(1))) struct UnshownPromptTests {
    static let unshown: [PermissionKind] = [.tracking, .location, .localNetwork, .nearbyInteraction]

    @Test func aRequestThatLeavesTheStatusNotDeterminedShowedNoPrompt() {
        #expect(!PermissionStatus.requestShowedPrompt(from: .notDetermined, to: .notDetermined))
        #expect(!PermissionStatus.requestShowedPrompt(from: .provisional, to: .notDetermined))
        #expect(PermissionStatus.requestShowedPrompt(from: .notDetermined, to: .denied))
        #expect(PermissionStatus.requestShowedPrompt(from: .writeOnly, to: .granted))
    }

    @Test(arguments: unshown)
    func theCenterDoesNotRecordAnUnshownRequestAsAsked(kind: PermissionKind) async throws {
        let store = InMemoryPermissionStore()
        let os = QuietOS(kind: kind)
        let center = makeCenter(kind: kind, os: os, store: store)
        let state = try await center.request(kind)
        #expect(state.status == .notDetermined)
        #expect(!state.hasPrompted, "iOS showed no prompt for \(kind)")
        // After a relaunch, the stored record says the same.
        let relaunched = makeCenter(kind: kind, os: os, store: store)
        #expect(await relaunched.state(for: kind)?.hasPrompted == false)
    }

    @Test(arguments: unshown)
    func thePolicyAsksAgainAfterAnUnshownRequestAndNotAfterAShownOne(kind: PermissionKind) async throws {
        let os = QuietOS(kind: kind)
        let center = makeCenter(kind: kind, os: os, store: InMemoryPermissionStore())
        let policy = PromptPolicy(
            manifest: try PermissionManifest([PermissionDeclaration(kind: kind, necessity: .optional, purpose: "Shows friends nearby.")]),
            center: center, configuration: .init(promptBudget: 10, cooldown: .zero), clock: TestClock(),
            logger: makeTestLogger().0)
        await center.start()
        await policy.finishStartup()
        let unshown = try await policy.request(kind)
        #expect(unshown.askedSystem && unshown.state.status == .notDetermined)
        #expect(try await policy.nextStep(for: kind) == .showSystemPrompt)
        await os.showPrompts(answering: .denied)
        let answered = try await policy.request(kind)
        #expect(answered.askedSystem && answered.state.status == .denied && answered.state.hasPrompted)
        #expect(await os.requestCount == 2)
        let third = try await policy.request(kind)
        #expect(!third.askedSystem && third.nextStep == .openSettings)
        #expect(await os.requestCount == 2)
    }

    func makeCenter(kind: PermissionKind, os: QuietOS, store: InMemoryPermissionStore) -> PermissionCenter {
        let logger = makeTestLogger().0
        return PermissionCenter(kinds: [kind], authority: os, storage: PermitStorage(store: store, logger: logger), logger: logger)
    }
}

/// App Tracking Transparency's completion handler and the status read right after it (`TrackingRequestDecision`).
@Suite struct TrackingRequestDecisionTests {
    typealias Decision = TrackingRequestDecision

    @Test func notActiveIsNotDeterminedAtOnceWithoutWaiting() {
        // `ATTrackingManager.h`: not active, the handler is called with NotDetermined and no prompt shows.
        #expect(Decision.afterCompletion(reported: .notDetermined, reread: .notDetermined) == .answer(.notDetermined))
    }

    @Test func iOS17_4DeniedWhileThePromptIsUpWaitsForTheAppToBecomeActive() {
        // iOS 17.4: the handler fired with denied while the prompt was still on screen; the status read again is
        // still not determined.
        #expect(Decision.afterCompletion(reported: .denied, reread: .notDetermined) == .waitUntilActive)
        #expect(Decision.afterCompletion(reported: .granted, reread: .notDetermined) == .waitUntilActive)
    }

    @Test func aDeterminedStatusReadAgainIsTheAnswer() {
        #expect(Decision.afterCompletion(reported: .denied, reread: .denied) == .answer(.denied))
        #expect(Decision.afterCompletion(reported: .denied, reread: .granted) == .answer(.granted))
        #expect(Decision.afterCompletion(reported: .notDetermined, reread: .restricted) == .answer(.restricted))
    }
}

/// An OS that answers requests for one kind without a prompt until ``showPrompts(answering:)``.
actor QuietOS: PermissionAuthority {
    let kind: PermissionKind
    private var status: PermissionStatus = .notDetermined
    private var promptAnswer: PermissionStatus?
    private(set) var requestCount = 0

    init(kind: PermissionKind) { self.kind = kind }

    /// From now on a request shows the prompt, answered with `answer`.
    func showPrompts(answering answer: PermissionStatus) { promptAnswer = answer }

    func status(of kind: PermissionKind) async -> PermissionStatus { kind == self.kind ? status : .unavailable }

    func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        requestCount += 1
        if status == .notDetermined, let promptAnswer { status = promptAnswer }
        return status
    }
}
