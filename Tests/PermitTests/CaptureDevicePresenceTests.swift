import Permit
import PermitAdapterSupport
import Testing

/// How often the capture adapters look for a device. `AVCaptureDevice.default(for:)` returns the default device
/// for a media type, or `nil` when none is available, as in the Simulator (Apple, "default(for:)"); answering it
/// means device discovery, and a status read runs on every refresh. A built-in device does not go away; an
/// external camera can arrive on iPadOS 17 (Apple, "Supporting external cameras in your iPadOS app").
@Suite struct CaptureDevicePresenceTests {
    @Test func aFoundDeviceIsNeverLookedUpAgain() {
        var presence = CaptureDevicePresence()
        #expect(presence.cached(at: .zero) == nil, "the first read runs discovery")
        presence.lookedUp(found: true, at: .zero)
        #expect(presence.cached(at: .seconds(1)) == true)
        #expect(presence.cached(at: .seconds(86_400)) == true)
    }

    @Test func aMissingDeviceIsLookedUpAgainAtMostEveryRetryInterval() {
        var presence = CaptureDevicePresence()
        presence.lookedUp(found: false, at: .seconds(10))
        #expect(presence.cached(at: .seconds(11)) == false)
        #expect(presence.cached(at: .seconds(10) + CaptureDevicePresence.retryInterval - .milliseconds(1)) == false)
        #expect(presence.cached(at: .seconds(10) + CaptureDevicePresence.retryInterval) == nil, "an external camera may have come")
        presence.lookedUp(found: true, at: .seconds(45))
        #expect(presence.cached(at: .seconds(46)) == true)
    }

    @Test func theCacheRunsDiscoveryOnceForAFoundDevice() {
        let cache = CaptureDeviceCache()
        var lookUps = 0
        for _ in 0..<5 {
            #expect(cache.hasDevice { lookUps += 1; return true })
        }
        #expect(lookUps == 1)
    }

    @Test func theCacheAnswersAMissingDeviceWithoutDiscoveryWithinTheInterval() {
        let cache = CaptureDeviceCache()
        var lookUps = 0
        for _ in 0..<5 {
            #expect(!cache.hasDevice { lookUps += 1; return false })
        }
        #expect(lookUps == 1, "five reads within thirty seconds")
    }
}
