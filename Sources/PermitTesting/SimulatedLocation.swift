public import PermitWeb

/// A location service for tests and the simulated device: answers with the fix you set, or the error.
public actor SimulatedLocation: LocationProvider {
    /// The fix the next call returns.
    public private(set) var fix: LocationFix?
    /// The error the next call throws instead, if set.
    public private(set) var failure: LocationError?
    /// The number of fixes asked for.
    public private(set) var requestCount = 0

    /// Creates a service with a fix, or none (calls then throw `LocationError.unavailable`).
    public init(fix: LocationFix? = nil) {
        self.fix = fix
    }

    /// Moves the device: the next call returns this fix.
    public func setFix(_ fix: LocationFix?) { self.fix = fix }

    /// Makes the next calls throw `failure` (or stop throwing, with `nil`).
    public func setFailure(_ failure: LocationError?) { self.failure = failure }

    /// The fix set, or the failure.
    public func currentLocation() throws -> LocationFix {
        requestCount += 1
        if let failure { throw failure }
        guard let fix else { throw LocationError.unavailable }
        return fix
    }
}

/// A haptic engine for tests: records every impact played.
public actor RecordingHaptics: HapticFeedbackPlayer {
    /// The styles played, in order.
    public private(set) var played: [HapticStyle] = []

    /// Creates an engine that has played nothing.
    public init() {}

    /// Records the impact.
    public func play(_ style: HapticStyle) {
        played.append(style)
    }
}
