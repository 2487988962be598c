public import Permit
import PermitSupport

/// A location service for tests and the simulated device: answers with the fix you set, or the error.
///
/// A lock rather than an actor guards it, so that a call costs the router no hop of its own: the bridge
/// benchmark times the router, not the simulated service.
public final class SimulatedLocation: LocationProvider, Sendable {
    private struct State {
        var fix: LocationFix?
        var failure: LocationError?
        var requestCount = 0
    }

    private let state: Locked<State>

    /// The fix the next call returns.
    public var fix: LocationFix? { state.withLock { $0.fix } }
    /// The error the next call throws instead, if set.
    public var failure: LocationError? { state.withLock { $0.failure } }
    /// The number of fixes asked for.
    public var requestCount: Int { state.withLock { $0.requestCount } }

    /// Creates a service with a fix, or none (calls then throw `LocationError.unavailable`).
    public init(fix: LocationFix? = nil) {
        state = Locked(State(fix: fix))
    }

    /// Moves the device: the next call returns this fix.
    public func setFix(_ fix: LocationFix?) { state.withLock { $0.fix = fix } }

    /// Makes the next calls throw `failure` (or stop throwing, with `nil`).
    public func setFailure(_ failure: LocationError?) { state.withLock { $0.failure = failure } }

    /// The fix set, or the failure.
    public func currentLocation() throws -> LocationFix {
        try state.withLock { state in
            state.requestCount += 1
            if let failure = state.failure { throw failure }
            guard let fix = state.fix else { throw LocationError.unavailable }
            return fix
        }
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
