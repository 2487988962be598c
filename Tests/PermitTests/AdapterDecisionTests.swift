import Permit
import PermitAdapterSupport
import Testing
import PermitSupport

/// The decisions of the HealthKit, Face ID, HomeKit and callback adapters, which run only on Apple platforms,
/// checked here against the behaviour Apple documents (the local network's are in `LocalNetworkBrowseTests`).
@Suite("Adapter decisions")
struct AdapterDecisionTests {
    // MARK: - HealthKit ("Authorizing access to health data")

    @Test("no health data on the device (iPad before iPadOS 17, Mac) is unavailable, whatever else is known")
    func healthUnavailable() {
        let status = HealthAuthorization.status(
            isAvailable: false, requestStatus: .unnecessary, shareStatuses: [.authorized], readsTypes: false)
        #expect(status == .unavailable)
    }

    @Test("a type never asked for (shouldRequest), or a request status HealthKit could not tell, is notDetermined")
    func healthNotDetermined() {
        for requestStatus in [HealthAuthorization.RequestStatus.shouldRequest, .unknown] {
            let status = HealthAuthorization.status(
                isAvailable: true, requestStatus: requestStatus, shareStatuses: [.authorized], readsTypes: true)
            #expect(status == .notDetermined)
        }
    }

    @Test("read access is never told: once asked, an app that reads is undisclosed, never denied")
    func healthReadIsUndisclosed() {
        for shares in [[], [HealthAuthorization.ShareStatus.denied], [.authorized, .denied]] {
            let status = HealthAuthorization.status(
                isAvailable: true, requestStatus: .unnecessary, shareStatuses: shares, readsTypes: true)
            #expect(status == .undisclosed)
            #expect(status.isUsable)
        }
    }

    @Test("an app that only writes reads its write statuses: all allowed granted, some limited, none denied")
    func healthWriteOnly() {
        func status(_ shares: [HealthAuthorization.ShareStatus]) -> PermissionStatus {
            HealthAuthorization.status(
                isAvailable: true, requestStatus: .unnecessary, shareStatuses: shares, readsTypes: false)
        }
        #expect(status([.authorized, .authorized]) == .granted)
        #expect(status([.authorized, .denied]) == .limited)
        #expect(status([.denied, .denied]) == .denied)
    }

    // MARK: - Face ID (Apple, "LAContext", "LAError")

    @Test("Face ID has no 'not determined': allowed until declined; declined is denied; locked out still allowed")
    func faceID() {
        #expect(FaceIDAvailability.status(canEvaluate: true, errorCode: nil, isFaceID: true) == .granted)
        #expect(FaceIDAvailability.status(canEvaluate: true, errorCode: nil, isFaceID: false) == .unavailable)
        #expect(FaceIDAvailability.status(canEvaluate: false, errorCode: -6, isFaceID: true) == .denied)
        #expect(FaceIDAvailability.status(canEvaluate: false, errorCode: -8, isFaceID: true) == .granted)
        #expect(FaceIDAvailability.status(canEvaluate: false, errorCode: -7, isFaceID: true) == .unavailable)
        #expect(FaceIDAvailability.status(canEvaluate: false, errorCode: -6, isFaceID: false) == .unavailable)
    }

    // MARK: - HomeKit (Apple, "HMHomeManagerAuthorizationStatus")

    @Test("HomeKit's flags: not determined until answered; determined without authorized is a denial")
    func homeKit() {
        #expect(HomeAuthorization.status(determined: false, restricted: false, authorized: false) == .notDetermined)
        #expect(HomeAuthorization.status(determined: true, restricted: false, authorized: true) == .granted)
        #expect(HomeAuthorization.status(determined: true, restricted: false, authorized: false) == .denied)
        #expect(HomeAuthorization.status(determined: true, restricted: true, authorized: false) == .restricted)
    }

    // MARK: - The callback flow of Speech, Media Player and SiriKit

    @Test("a callback authorization asks only while not determined, returns the answer, and answers one kind")
    func callbackAuthority() async throws {
        let state = Locked((status: PermissionStatus.notDetermined, asks: 0))
        let authority = CallbackAuthority(
            kind: .siri, status: { state.withLock { $0.status } },
            ask: { answer in
                state.withLock { $0.asks += 1; $0.status = .denied }
                answer(.denied)
            })
        #expect(await authority.status(of: .siri) == .notDetermined)
        #expect(try await authority.request(.siri) == .denied)
        // Answered: iOS shows no second prompt, and neither does the authority.
        #expect(try await authority.request(.siri) == .denied)
        #expect(state.withLock { $0.asks } == 1)
        #expect(await authority.status(of: .camera) == .unavailable)
        #expect(try await authority.request(.camera) == .unavailable)
    }
}
