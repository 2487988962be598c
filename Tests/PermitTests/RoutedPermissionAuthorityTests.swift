import Permit
import PermitTesting
import Synchronization
import Testing

/// The router that combines one authority per framework, as an app combines the Apple adapters.
@Suite(.timeLimit(.minutes(1))) struct RoutedPermissionAuthorityTests {
    @Test func eachKindIsAnsweredAndRequestedByItsOwnAuthority() async throws {
        let location = SimulatedDevice()
        let camera = SimulatedDevice()
        await location.setStatus(.granted, for: .location)
        await location.setStatus(.granted, for: .camera)   // not routed to this device: never read
        await camera.setStatus(.denied, for: .camera)
        await camera.answerNextPrompt(for: .microphone, with: .granted)
        await camera.launchApp()   // prompts go to the active app
        let router = RoutedPermissionAuthority([
            ([.location, .locationAlways], location),
            ([.camera, .microphone], camera),
        ])

        #expect(await router.status(of: .location) == .granted)
        #expect(await router.status(of: .camera) == .denied)
        #expect(await router.status(of: .notifications) == .unavailable)
        #expect(
            await router.statuses(of: [.location, .camera, .notifications])
                == [.location: .granted, .camera: .denied, .notifications: .unavailable])
        #expect(try await router.request(.microphone) == .granted)
        #expect(await camera.promptCount(for: .microphone) == 1)
        #expect(await location.promptCount(for: .microphone) == 0)
        #expect(try await router.request(.notifications) == .unavailable)
    }

    @Test func theFirstRouteForAKindWins() async {
        let first = SimulatedDevice()
        let second = SimulatedDevice()
        await first.setStatus(.granted, for: .camera)
        await second.setStatus(.denied, for: .camera)
        let router = RoutedPermissionAuthority([([.camera], first), ([.camera], second)])
        #expect(await router.status(of: .camera) == .granted)
    }

    @Test func changeCallbacksReachTheHandlerOnlyForKindsRoutedToTheReporter() async {
        let location = SimulatedDevice()
        let other = SimulatedDevice()
        for device in [location, other] {
            await device.launchApp()
            await device.setReportsChangesWhileRunning([.location, .camera])
            await device.setTerminatesOnSettingsChange([])
        }
        let router = RoutedPermissionAuthority([([.location], location), ([.camera], other)])
        let reported = Reported()
        await router.observeChanges { kind in reported.append(kind) }

        await location.changeInSettings(.location, to: .granted)
        await location.changeInSettings(.camera, to: .granted)   // camera is the other device's
        await other.changeInSettings(.camera, to: .denied)
        #expect(reported.kinds == [.location, .camera])

        await router.observeChanges(nil)
        await location.changeInSettings(.location, to: .denied)
        #expect(reported.kinds == [.location, .camera])
    }
}

/// The kinds a change handler received, in order.
private final class Reported: Sendable {
    private let storage = Mutex<[PermissionKind]>([])
    func append(_ kind: PermissionKind) { storage.withLock { $0.append(kind) } }
    var kinds: [PermissionKind] { storage.withLock { $0 } }
}
