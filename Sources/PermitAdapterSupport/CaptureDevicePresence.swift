import Permit
import PermitSupport

/// Whether a camera or microphone is present, looked up as rarely as the answer allows.
///
/// `AVCaptureDevice.default(for:)` runs device discovery each time it is called, and a status read runs on every
/// refresh. A device that was found stays: a built-in camera or microphone does not go away while the app runs,
/// so a found device is never looked up again. A missing one may still come: iPadOS 17 apps can use an external
/// USB camera (Apple, "Supporting external cameras in your iPadOS app"), and a Mac gains a microphone or camera
/// when one is plugged in; so "none" is looked up again, but at most once per ``retryInterval``.
///
/// `CameraAuthority` and `MicrophoneAuthority` keep one per media type for the process, in a
/// ``CaptureDeviceCache``.
///
/// For example:
///
/// ```swift
/// var presence = CaptureDevicePresence()
/// presence.cached(at: .zero)                       // nil: look it up
/// presence.lookedUp(found: false, at: .zero)
/// presence.cached(at: .seconds(5))                 // false, without discovery
/// ```
package struct CaptureDevicePresence: Sendable {
    /// How long a "no device" answer is used before discovery runs again: thirty seconds.
    package static let retryInterval: Duration = .seconds(30)

    private var found = false
    private var lastMiss: Duration?

    /// Creates a presence that has looked up nothing yet.
    package init() {}

    /// The answer to use at `now` (time since an origin the caller keeps), or `nil` when discovery must run.
    package func cached(at now: Duration) -> Bool? {
        if found { return true }
        guard let lastMiss, now - lastMiss < Self.retryInterval else { return nil }
        return false
    }

    /// Records what discovery found at `now`.
    package mutating func lookedUp(found: Bool, at now: Duration) {
        if found {
            self.found = true
        } else {
            lastMiss = now
        }
    }
}

/// A ``CaptureDevicePresence`` shared by every status read of one media type in the process, on the continuous
/// clock.
///
/// For example:
///
/// ```swift
/// static let cameraPresence = CaptureDeviceCache()
/// let hasCamera = cameraPresence.hasDevice { AVCaptureDevice.default(for: .video) != nil }
/// ```
package final class CaptureDeviceCache: Sendable {
    private let presence = Locked(CaptureDevicePresence())
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    /// Creates a cache that has looked up nothing yet.
    package init() {
        origin = clock.now
    }

    /// Whether a device is present: the cached answer, or `lookUp()`'s when the presence says discovery must run.
    package func hasDevice(lookUp: () -> Bool) -> Bool {
        let now = origin.duration(to: clock.now)
        if let cached = presence.withLock({ $0.cached(at: now) }) { return cached }
        let found = lookUp()  // outside the lock: discovery may take a while
        presence.withLock { $0.lookedUp(found: found, at: now) }
        return found
    }
}
