import Logging
import Observation
import Permit
import PermitObservation
import PermitTesting
import Synchronization
import Testing

/// `PermissionModel` on Linux: the states it reads, the changes it follows, and the Observation notifications
/// that a SwiftUI view relies on to redraw.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct PermissionModelObservationTests {
    private let logger = Logger(label: "PermissionModelObservationTests")

    private func makeModel(device: SimulatedDevice, kinds: [PermissionKind]) -> PermissionModel {
        PermissionModel(center: PermissionCenter(
            kinds: kinds, authority: device,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger))
    }

    /// Returns once `condition` holds, waking only when Observation reports a change to what it read: if the
    /// model did not notify its observers, this would never return and the suite's time limit would fail it.
    private func observe(_ model: PermissionModel, until condition: @MainActor (PermissionModel) -> Bool) async {
        while !condition(model) {
            await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                let once = ResumeOnce(resumed)
                withObservationTracking {
                    _ = model.isReady
                    _ = model.states
                } onChange: {
                    once.resume()
                }
            }
        }
    }

    @Test func beforeRunItHoldsNothingAndIsNotReady() {
        let model = makeModel(device: SimulatedDevice(statuses: [.camera: .granted]), kinds: [.camera])
        #expect(!model.isReady)
        #expect(model.states.isEmpty)
        #expect(model.status(of: .camera) == nil)
    }

    @Test func runReadsTheCentersStatesAndObserversHearIt() async {
        let device = SimulatedDevice(statuses: [.camera: .granted, .microphone: .denied])
        await device.launchApp()
        let model = makeModel(device: device, kinds: [.camera, .microphone])
        let following = Task { await model.run() }
        defer { following.cancel() }

        await observe(model) { $0.isReady }
        #expect(model.status(of: .camera) == .granted)
        #expect(model.status(of: .microphone) == .denied)
        #expect(model.states.map(\.kind) == [.camera, .microphone])
        #expect(model.status(of: .location) == nil)
    }

    @Test func aRequestUpdatesTheStates() async throws {
        let device = SimulatedDevice()
        await device.launchApp()
        await device.answerNextPrompt(for: .camera, with: .granted)
        let model = makeModel(device: device, kinds: [.camera])
        let following = Task { await model.run() }
        defer { following.cancel() }
        await observe(model) { $0.isReady }
        #expect(model.status(of: .camera) == .notDetermined)

        let state = try await model.request(.camera)

        #expect(state.status == .granted)
        #expect(model.status(of: .camera) == .granted)
        #expect(await device.promptCount(for: .camera) == 1)
    }

    /// Over a policy, the model's request is the person's tap: it prompts though startup is not over and a
    /// prompt a moment ago started the cooldown, its outcome says what to do after a denial, and that outcome
    /// goes once the person turned the permission on in Settings.
    @Test func overAPolicyARequestIsThePersonsAndItsOutcomeSaysWhatNext() async throws {
        // Location: iOS reports its Settings changes to the running app (most kinds terminate it instead).
        let device = SimulatedDevice()
        await device.launchApp()
        let center = PermissionCenter(
            kinds: [.location, .microphone], authority: device,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
        let manifest = try PermissionManifest([
            PermissionDeclaration(kind: .location, necessity: .optional, purpose: "Tags entries."),
            PermissionDeclaration(kind: .microphone, necessity: .optional, purpose: "Records notes."),
        ])
        let policy = PromptPolicy(manifest: manifest, center: center, logger: logger)  // startup not finished
        let model = PermissionModel(policy: policy)
        let following = Task { await model.run() }
        defer { following.cancel() }
        await observe(model) { $0.isReady }

        await device.answerNextPrompt(for: .microphone, with: .granted)
        #expect(try await model.request(.microphone).status == .granted)
        await device.answerNextPrompt(for: .location, with: .denied)
        #expect(try await model.request(.location).status == .denied)  // 10 s cooldown: the app's own would wait
        #expect(await device.totalPromptCount == 2)
        #expect(model.outcome(of: .location)?.askedSystem == true)
        #expect(model.outcome(of: .location)?.nextStep == .openSettings)
        #expect(try await model.request(.location).status == .denied)
        #expect(model.outcome(of: .location)?.askedSystem == false)
        #expect(await device.promptCount(for: .location) == 1)

        await device.changeInSettings(.location, to: .granted)
        await observe(model) { $0.status(of: .location) == .granted }
        #expect(model.outcome(of: .location) == nil)
        #expect(model.outcome(of: .microphone)?.nextStep == .ready)
    }

    @Test func aChangeInSettingsWhileRunningReachesTheModel() async {
        let device = SimulatedDevice(statuses: [.location: .granted], reportsChangesWhileRunning: [.location])
        await device.launchApp()
        let model = makeModel(device: device, kinds: [.location])
        let following = Task { await model.run() }
        defer { following.cancel() }
        await observe(model) { $0.isReady }
        #expect(model.status(of: .location) == .granted)

        await device.changeInSettings(.location, to: .denied)

        await observe(model) { $0.status(of: .location) == .denied }
        #expect(model.state(of: .location)?.status == .denied)
    }
}

/// Resumes a continuation at most once: Observation calls `onChange` once per tracking, but a test must not
/// depend on that to stay correct.
private final class ResumeOnce: Sendable {
    private let continuation: Mutex<CheckedContinuation<Void, Never>?>

    init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = Mutex(continuation) }

    func resume() {
        continuation.withLock { pending in
            pending?.resume()
            pending = nil
        }
    }
}
