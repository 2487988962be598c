public import Permit
import PermitSupport

/// A location service for tests and the simulated device: answers with the fix you set, or the error, and
/// streams each fix you set to every follower of ``locationUpdates()``.
///
/// A lock rather than an actor guards it, so that a call costs the router no hop of its own: the bridge
/// benchmark times the router, not the simulated service.
///
/// For example, a device that moves while a page watches it:
///
/// ```swift
/// let location = SimulatedLocation(fix: LocationFix(latitude: 52.52, longitude: 13.405, accuracy: 5, timestamp: Date()))
/// location.setFix(LocationFix(latitude: 52.53, longitude: 13.41, accuracy: 5, timestamp: Date()))  // each follower gets it
/// location.setFailure(.unavailable)   // every update stream ends, throwing the error
/// ```
public final class SimulatedLocation: LocationProvider, Sendable {
    private typealias Follower = AsyncThrowingStream<LocationFix, any Error>.Continuation

    private struct State {
        var fix: LocationFix?
        var failure: LocationError?
        var requestCount = 0
        var followers: [Int: Follower] = [:]
        var nextFollower = 0
        var updateStreamCount = 0
    }

    private let state: Locked<State>

    /// The fix the next call returns.
    public var fix: LocationFix? { state.withLock { $0.fix } }
    /// The error the next call throws instead, if set.
    public var failure: LocationError? { state.withLock { $0.failure } }
    /// The number of fixes asked for.
    public var requestCount: Int { state.withLock { $0.requestCount } }
    /// The number of update streams running now: started by ``locationUpdates()`` and not yet ended (the
    /// consumer stopped, or a failure ended it).
    public var activeUpdateCount: Int { state.withLock { $0.followers.count } }
    /// The number of update streams started in all.
    public var updateStreamCount: Int { state.withLock { $0.updateStreamCount } }

    /// Creates a service with a fix, or none (calls then throw `LocationError.unavailable`).
    public init(fix: LocationFix? = nil) {
        state = Locked(State(fix: fix))
    }

    /// Moves the device: the next call returns this fix, and every update stream delivers it.
    public func setFix(_ fix: LocationFix?) {
        let followers = state.withLock { state in
            state.fix = fix
            return Array(state.followers.values)
        }
        guard let fix else { return }
        for follower in followers { follower.yield(fix) }
    }

    /// Makes the next calls throw `failure` (or stop throwing, with `nil`); a failure also ends every update
    /// stream, which throws it, as a location service that fails mid-watch does.
    public func setFailure(_ failure: LocationError?) {
        let followers = state.withLock { state in
            state.failure = failure
            guard failure != nil else { return [Follower]() }
            defer { state.followers = [:] }
            return Array(state.followers.values)
        }
        guard let failure else { return }
        for follower in followers { follower.finish(throwing: failure) }
    }

    /// The fix set, or the failure.
    public func currentLocation() throws -> LocationFix {
        try state.withLock { state in
            state.requestCount += 1
            if let failure = state.failure { throw failure }
            guard let fix = state.fix else { throw LocationError.unavailable }
            return fix
        }
    }

    /// The fix set now, if any, then each fix set later, until the consumer stops or a failure is set (thrown);
    /// with a failure set already, it throws at once.
    public func locationUpdates() -> LocationUpdates {
        LocationUpdates { continuation in
            let (id, first, failure) = state.withLock { state -> (Int?, LocationFix?, LocationError?) in
                state.updateStreamCount += 1
                if let failure = state.failure { return (nil, nil, failure) }
                let id = state.nextFollower
                state.nextFollower += 1
                state.followers[id] = continuation
                return (id, state.fix, nil)
            }
            guard let id else {
                continuation.finish(throwing: failure ?? LocationError.unavailable)
                return
            }
            continuation.onTermination = { [state] _ in
                _ = state.withLock { $0.followers.removeValue(forKey: id) }
            }
            if let first { continuation.yield(first) }
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
