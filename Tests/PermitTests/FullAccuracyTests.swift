import Foundation
import Logging
import Testing

@testable import Permit
import PermitTesting

/// Precise location as a feature asks for it: the policy's temporary full-accuracy request (once per launch,
/// only with the declared purpose key), the simulated device's prompt, and features that need precise location.
@Suite(.timeLimit(.minutes(1))) struct FullAccuracyTests {
    static let withKey = try! PermissionManifest([
        PermissionDeclaration(kind: .location, necessity: .optional, purpose: "Shows the trail.", fullAccuracyPurposeKey: "Trail")
    ])
    static let withoutKey = try! PermissionManifest([
        PermissionDeclaration(kind: .location, necessity: .optional, purpose: "Shows the trail.")
    ])

    /// A launched app over `device`: its center, and a policy over `manifest`, started.
    func launch(_ device: SimulatedDevice, manifest: PermissionManifest) async -> (PermissionCenter, PromptPolicy) {
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        await device.launchApp()
        let center = PermissionCenter(
            kinds: [.location, .locationAlways], authority: device,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
        await center.start()
        let policy = PromptPolicy(manifest: manifest, center: center, logger: logger)
        await policy.finishStartup()
        return (center, policy)
    }

    @Test func approximateIsUpgradedOnceWithTheDeclaredKeyUntilTheNextLaunch() async throws {
        let device = SimulatedDevice(statuses: [.location: .approximate])
        let (center, policy) = await launch(device, manifest: Self.withKey)
        let outcome = try await policy.requestTemporaryFullAccuracy(for: .location)
        #expect(outcome.asked && outcome.isPrecise && outcome.reason == nil)
        #expect(await device.fullAccuracyPrompts == ["Trail"])
        #expect(await center.state(for: .location)?.status == .granted)
        #expect(await center.history().last?.cause == .request)
        // Precise now: nothing more to ask.
        let again = try await policy.requestTemporaryFullAccuracy(for: .location)
        #expect(!again.asked && again.isPrecise)
        #expect(await device.fullAccuracyPrompts.count == 1)
        // Temporary: the next launch reads approximate again.
        let (relaunched, _) = await launch(device, manifest: Self.withKey)
        #expect(await relaunched.state(for: .location)?.status == .approximate)
    }

    @Test func aMissingPurposeKeyIsNotAskedAndSaysWhy() async throws {
        let device = SimulatedDevice(statuses: [.location: .approximate])
        let (center, policy) = await launch(device, manifest: Self.withoutKey)
        let outcome = try await policy.requestTemporaryFullAccuracy(for: .location)
        #expect(outcome.reason == .noPurposeKey)
        #expect(!outcome.asked && !outcome.isPrecise)
        #expect(await device.fullAccuracyPrompts.isEmpty, "the OS is never asked without the key")
        #expect(await center.state(for: .location)?.status == .approximate)
        #expect(outcome.description == "location: approximate -> noPurposeKey")
    }

    @Test func aDeclinedUpgradeIsNotAskedAgainThisLaunch() async throws {
        let device = SimulatedDevice(statuses: [.location: .approximate])
        await device.answerNextFullAccuracyPrompt(allowingPrecise: false)
        let (_, policy) = await launch(device, manifest: Self.withKey)
        let declined = try await policy.requestTemporaryFullAccuracy(for: .location)
        #expect(declined.asked && declined.reason == .declined)
        let again = try await policy.requestTemporaryFullAccuracy(for: .location)
        #expect(!again.asked && again.reason == .alreadyAsked)
        #expect(await device.fullAccuracyPrompts == ["Trail"])
    }

    @Test(arguments: [PermissionStatus.notDetermined, .denied, .restricted])
    func locationThatIsNotUsableIsNotUpgraded(status: PermissionStatus) async throws {
        let device = SimulatedDevice(statuses: [.location: status])
        let (_, policy) = await launch(device, manifest: Self.withKey)
        let outcome = try await policy.requestTemporaryFullAccuracy(for: .location)
        #expect(outcome.reason == .notUsable && !outcome.asked)
        #expect(await device.fullAccuracyPrompts.isEmpty)
    }

    @Test func anAuthorityWithoutUpgradesAsksNothing() async throws {
        // An authority written before temporary full accuracy existed: the protocol's default.
        let authority = CallbackAuthority(kind: .location, status: { .approximate }, ask: { answer in answer(.approximate) })
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let center = PermissionCenter(
            kinds: [.location], authority: authority,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
        let policy = PromptPolicy(manifest: Self.withKey, center: center, logger: logger)
        let outcome = try await policy.requestTemporaryFullAccuracy(for: .location)
        #expect(outcome.asked && outcome.reason == .declined && outcome.state.status == .approximate)
    }

    // MARK: - The manifest

    @Test func theManifestReadsAndWritesThePurposeKey() throws {
        let json = #"{"version": 1, "permissions": [{"kind": "location", "necessity": "optional", "purpose": "Trail.", "fullAccuracyPurposeKey": "Trail"}]}"#
        let manifest = try PermissionManifest(json: Data(json.utf8))
        #expect(manifest.declaration(for: .location)?.fullAccuracyPurposeKey == "Trail")
        #expect(try PermissionManifest(json: manifest.jsonData()) == manifest)
        #expect(try PermissionManifest(json: Self.withoutKey.jsonData()).declaration(for: .location)?.fullAccuracyPurposeKey == nil)
    }

    @Test func aPurposeKeyOnAnotherKindOrBlankIsRejected() {
        #expect(throws: ManifestError.malformed) {
            try PermissionManifest([
                PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scan.", fullAccuracyPurposeKey: "Trail")
            ])
        }
        #expect(throws: ManifestError.malformed) {
            try PermissionManifest([
                PermissionDeclaration(kind: .location, necessity: .optional, purpose: "Trail.", fullAccuracyPurposeKey: " ")
            ])
        }
    }

    // MARK: - Features

    @Test func aFeatureThatNeedsPreciseLocationReadsApproximateAsNotEnough() async throws {
        let device = SimulatedDevice(statuses: [.location: .approximate])
        let (_, policy) = await launch(device, manifest: Self.withKey)
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let navigation = Feature("navigation", requires: [.location], needsPreciseLocation: true)
        let nearby = Feature("nearby", optional: [.location], needsPreciseLocation: true)
        let map = Feature("map", requires: [.location])
        let gates = FeatureGates(features: [navigation, nearby, map], policy: policy, logger: logger)
        #expect(await gates.state(of: navigation) == .unavailable(missing: [.location], nextStep: .requestTemporaryFullAccuracy))
        #expect(await gates.state(of: nearby) == .degraded(missing: [.location]))
        #expect(await gates.state(of: map) == .available, "approximate is enough by default")
        _ = try await policy.requestTemporaryFullAccuracy(for: .location)
        #expect(await gates.state(of: navigation) == .available)
        #expect(await gates.state(of: nearby) == .available)
    }

    @Test func withoutAPurposeKeyTheStepIsUnavailable() async throws {
        let device = SimulatedDevice(statuses: [.location: .approximate])
        let (_, policy) = await launch(device, manifest: Self.withoutKey)
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let navigation = Feature("navigation", requires: [.location], needsPreciseLocation: true)
        let gates = FeatureGates(features: [navigation], policy: policy, logger: logger)
        #expect(await gates.state(of: navigation) == .unavailable(missing: [.location], nextStep: .unavailable))
        #expect(NextStep.requestTemporaryFullAccuracy.description == "requestTemporaryFullAccuracy")
        #expect(!NextStep.requestTemporaryFullAccuracy.leadsToPrompt)
    }
}
