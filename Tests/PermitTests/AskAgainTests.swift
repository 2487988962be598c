import Foundation
import Permit
import PermitTesting
import Testing

/// "Can I ask again?" for every kind of the simulated device's catalogue, with the evidence the answer rests on,
/// read from a center as an app reads it, and kept across a relaunch (the history and the record it rests on
/// are persisted).
///
/// The rules and the Apple documentation each rests on are listed on `AskAgain.init(kind:record:history:)`.
@Suite(.timeLimit(.minutes(1))) struct AskAgainTests {
    typealias Answer = AskAgain

    /// Launches a center over `device` and `store`, as an app's launch does, and reads one kind's answer.
    private func launch(_ kind: PermissionKind, on device: SimulatedDevice, store: InMemoryPermissionStore) async -> PermissionCenter {
        let logger = makeTestLogger().0
        await device.launchApp()
        return PermissionCenter(kinds: [kind], authority: device, storage: PermitStorage(store: store, logger: logger), logger: logger)
    }

    /// The kinds iOS gives no status API for answer from Permit's own inference.
    private static func withoutStatusAPI(_ kind: PermissionKind) -> Bool { kind == .localNetwork || kind == .nearbyInteraction }

    // MARK: - Every kind

    /// Never asked: the OS's "not determined" says the next request prompts (observed). A kind without a status
    /// API reads "not determined" until the app asks, which tells nothing (unknown).
    @Test(arguments: PermissionKind.builtIn)
    func neverAsked(kind: PermissionKind) async {
        let center = await launch(kind, on: SimulatedDevice(), store: InMemoryPermissionStore())
        let answer = await center.state(for: kind)?.askAgain
        let expected =
            Self.withoutStatusAPI(kind)
            ? Answer(canAskAgain: true, evidence: .unknown, reason: .noStatusAPI)
            : Answer(canAskAgain: true, evidence: .observed, reason: .notDetermined)
        #expect(answer == expected)
    }

    /// Don't Allow at the prompt: iOS asks once ("Requesting access to protected resources"), so only Settings
    /// can change it, in this launch and the next.
    @Test(arguments: PermissionKind.builtIn)
    func deniedAtThePrompt(kind: PermissionKind) async throws {
        let device = SimulatedDevice()
        let store = InMemoryPermissionStore()
        await device.answerNextPrompt(for: kind, with: .denied)
        let state = try await launch(kind, on: device, store: store).request(kind)
        let expected =
            Self.withoutStatusAPI(kind)
            ? Answer(canAskAgain: false, evidence: .inferred, reason: .noStatusAPI)
            : Answer(canAskAgain: false, evidence: .observed, reason: .denied)
        #expect(state.askAgain == expected && !state.canAskAgain)
        let relaunched = await launch(kind, on: device, store: store)
        #expect(await relaunched.state(for: kind)?.askAgain == expected)
    }

    /// Allowed at the prompt: nothing is left to ask. Face ID, allowed before its first prompt, counts as asked once
    /// the request ran.
    @Test(arguments: PermissionKind.builtIn)
    func allowedAtThePrompt(kind: PermissionKind) async throws {
        let device = SimulatedDevice()
        await device.answerNextPrompt(for: kind, with: .granted)
        let state = try await launch(kind, on: device, store: InMemoryPermissionStore()).request(kind)
        let expected =
            Self.withoutStatusAPI(kind)
            ? Answer(canAskAgain: false, evidence: .inferred, reason: .noStatusAPI)
            : Answer(canAskAgain: false, evidence: .observed, reason: .usable)
        #expect(state.askAgain == expected)
    }

    /// Restricted by parental controls or device management: the person cannot change it, the app cannot ask.
    @Test(arguments: PermissionKind.builtIn.filter { !withoutStatusAPI($0) })
    func restricted(kind: PermissionKind) async {
        let device = SimulatedDevice(statuses: [kind: .restricted])
        let center = await launch(kind, on: device, store: InMemoryPermissionStore())
        #expect(await center.state(for: kind)?.askAgain == Answer(canAskAgain: false, evidence: .observed, reason: .restricted))
    }

    // MARK: - Statuses some kinds have

    /// Each status that only some kinds report, on the kind that reports it.
    @Test(arguments: [
        // "Asking permission to use notifications": provisional is granted without a prompt; full authorization
        // can be asked for later.
        (PermissionKind.notifications, PermissionStatus.provisional, Answer(canAskAgain: true, evidence: .inferred, reason: .provisional)),
        // An App Clip's notifications for eight hours after launch, without a prompt.
        (.notifications, .ephemeral, Answer(canAskAgain: true, evidence: .inferred, reason: .ephemeral)),
        // `requestFullAccessToEvents` with write-only access shows the upgrade prompt.
        (.calendar, .writeOnly, Answer(canAskAgain: true, evidence: .observed, reason: .upgrade)),
        // `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` prompts while accuracy is reduced.
        (.location, .approximate, Answer(canAskAgain: true, evidence: .observed, reason: .temporaryFullAccuracy)),
        // "Authorizing access to health data": read access is never told; the sheet shows only for new types.
        (.healthKit, .undisclosed, Answer(canAskAgain: false, evidence: .unknown, reason: .undisclosed)),
        // Limited photos and contacts are usable; more is picked in the limited picker, not asked for.
        (.photos, .limited, Answer(canAskAgain: false, evidence: .observed, reason: .usable)),
        (.contacts, .limited, Answer(canAskAgain: false, evidence: .observed, reason: .usable)),
        // Face ID reads as allowed before its first prompt (`LAContext` has no "not determined").
        (.faceID, .granted, Answer(canAskAgain: true, evidence: .inferred, reason: .promptAtFirstUse)),
        (.camera, .unavailable, Answer(canAskAgain: false, evidence: .observed, reason: .unavailable)),
    ])
    func aStatusOnlySomeKindsHave(kind: PermissionKind, status: PermissionStatus, expected: Answer) async {
        let center = await launch(kind, on: SimulatedDevice(statuses: [kind: status]), store: InMemoryPermissionStore())
        #expect(await center.state(for: kind)?.askAgain == expected)
    }

    // MARK: - From history

    /// Allow Once: location granted, then not determined at the next launch with no request ("Requesting
    /// authorization to use location services": a one-time authorization ends when the app is no longer in use).
    /// The same history on the camera, which has no Allow Once, is only "not determined".
    @Test(arguments: [PermissionKind.location, .camera])
    func allowOnceEndsInNotDetermined(kind: PermissionKind) async throws {
        let device = SimulatedDevice()
        let store = InMemoryPermissionStore()
        await device.answerNextPrompt(for: kind, with: .granted)
        try await launch(kind, on: device, store: store).request(kind)
        await device.terminateApp()
        await device.setStatus(.notDetermined, for: kind)  // the one-time grant lapsed with the process
        let relaunched = await launch(kind, on: device, store: store)
        let answer = await relaunched.state(for: kind)?.askAgain
        #expect(
            answer == (kind == .location
                ? Answer(canAskAgain: true, evidence: .inferred, reason: .allowOnceEnded)
                : Answer(canAskAgain: true, evidence: .observed, reason: .notDetermined)))
        // Asked and allowed again (While Using this time): nothing left to ask.
        await device.answerNextPrompt(for: kind, with: .granted)
        #expect(try await relaunched.request(kind).askAgain.reason == .usable)
    }

    /// A request iOS did not show (App Tracking Transparency while the app is not active) leaves the kind
    /// askable, and says so from the record, after a relaunch too; the next request's prompt, answered, ends it.
    @Test func aPromptIOSDidNotShowIsStillToCome() async throws {
        let os = QuietOS(kind: .tracking)
        let store = InMemoryPermissionStore()
        let logger = makeTestLogger().0
        func center() -> PermissionCenter {
            PermissionCenter(kinds: [.tracking], authority: os, storage: PermitStorage(store: store, logger: logger), logger: logger)
        }
        let unshown = Answer(canAskAgain: true, evidence: .inferred, reason: .promptNotShown)
        #expect(try await center().request(.tracking).askAgain == unshown)
        #expect(await store.snapshot.records[.tracking]?.promptNotShownAt != nil)
        let relaunched = center()
        #expect(await relaunched.state(for: .tracking)?.askAgain == unshown)
        await os.showPrompts(answering: .denied)
        #expect(try await relaunched.request(.tracking).askAgain == Answer(canAskAgain: false, evidence: .observed, reason: .denied))
        #expect(await store.snapshot.records[.tracking]?.promptNotShownAt == nil)
    }

    /// A change's state carries the answer its history tells: a launch that found location back to not determined
    /// after a grant streams Allow Once's end.
    @Test func aChangeCarriesTheAnswer() {
        let change = PermissionChange(
            kind: .location, previous: .granted, current: .notDetermined, cause: .launch, date: Date(), hasPrompted: true)
        #expect(change.state.askAgain.reason == .allowOnceEnded)
        let requested = PermissionChange(
            kind: .location, previous: .notDetermined, current: .denied, cause: .request, date: Date(), hasPrompted: true)
        #expect(requested.state.askAgain == Answer(canAskAgain: false, evidence: .observed, reason: .denied))
    }

    /// A state encoded before `askAgain` existed decodes with the answer its status tells; one encoded now keeps
    /// its answer.
    @Test func aStateEncodedBeforeAskAgainDecodes() throws {
        let old = #"{"kind":"camera","status":"denied","lastCheckedAt":0,"hasPrompted":true}"#
        let state = try JSONDecoder().decode(PermissionState.self, from: Data(old.utf8))
        #expect(state.askAgain == Answer(canAskAgain: false, evidence: .observed, reason: .denied))
        var inferred = state
        inferred.askAgain = Answer(canAskAgain: true, evidence: .inferred, reason: .allowOnceEnded)
        let encoded = try JSONEncoder().encode(inferred)
        // The reason is coded as its name alone, as a cause is.
        #expect(String(decoding: encoded, as: UTF8.self).contains(#""reason":"allowOnceEnded""#))
        let again = try JSONDecoder().decode(PermissionState.self, from: encoded)
        #expect(again.askAgain == inferred.askAgain)
    }
}
