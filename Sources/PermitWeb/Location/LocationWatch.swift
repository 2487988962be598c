import Permit
import PermitSupport

/// The native half of the page's `watchPosition`: one stream of fixes from the app's ``LocationProvider`` per
/// document, pushed to the page while a watch wants them.
///
/// ``run(provider:deliver:)`` is its lifetime, a child of ``WebBridge/run()``: each start adds a task that
/// follows the provider's ``LocationUpdates`` and stops when ``stop()`` is called for its generation, when the
/// stream ends, or when the run is cancelled. Stopping cancels the iteration, which ends the provider's updates.
/// `LocationWatchStateMachine` decides when to start and stop; this type only carries it out.
final class LocationWatch: Sendable {
    /// What reaches the page: a fix, or the failure that ended the stream.
    enum Delivery: Hashable, Sendable {
        case fix(LocationFix)
        case failure(BridgeError)
    }

    private struct State {
        var machine = LocationWatchStateMachine()
        /// The starts for the running ``run(provider:deliver:)``.
        var starts: AsyncStream<Int>.Continuation?
        /// Fires when the stream of its generation must stop.
        var stops: [Int: Signal] = [:]
    }

    private let state = Locked(State())

    /// Starts the stream unless it runs; `false` when the bridge is not running.
    func watch() -> Bool {
        let (action, starts) = state.withLock { state in (state.machine.watch(), state.starts) }
        guard let action else { return false }
        if case .start(let generation) = action {
            state.withLock { $0.stops[generation] = Signal() }
            starts?.yield(generation)
        }
        return true
    }

    /// Stops the stream, if one runs: the page's last watch ended, a new document began, or location stopped
    /// being usable. Cheap when none runs (a lock), so that every document's hello can call it.
    func stop() {
        let signal = state.withLock { state -> Signal? in
            guard case .stop(let generation) = state.machine.stop() else { return nil }
            return state.stops.removeValue(forKey: generation)
        }
        signal?.fire()
    }

    /// Whether a stream runs now.
    var isWatching: Bool {
        state.withLock { if case .watching = $0.machine.state { true } else { false } }
    }

    /// Starts a stream for each ``watch()`` that asks for one, following `provider` and handing each fix, then
    /// the failure that ended it, to `deliver`, until the calling task is cancelled; every stream stops then.
    func run(provider: any LocationProvider, deliver: @escaping @Sendable (Delivery) async -> Void) async {
        let (starts, continuation) = AsyncStream<Int>.makeStream()
        state.withLock { state in
            state.machine.runStarted()
            state.starts = continuation
        }
        await withDiscardingTaskGroup { group in
            for await generation in starts {
                guard let stop = state.withLock({ $0.stops[generation] }) else { continue }
                group.addTask { await self.follow(provider, generation: generation, until: stop, deliver: deliver) }
            }
            group.cancelAll()
        }
        let signals = state.withLock { state in
            _ = state.machine.runEnded()
            state.starts = nil
            defer { state.stops = [:] }
            return Array(state.stops.values)
        }
        for signal in signals { signal.fire() }
    }

    /// Follows the provider's updates until `stop` fires or they end; delivers what the current generation gets.
    private func follow(
        _ provider: any LocationProvider, generation: Int, until stop: Signal,
        deliver: @escaping @Sendable (Delivery) async -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await stop.wait() }
            group.addTask {
                let ending: Delivery?
                do {
                    for try await fix in provider.locationUpdates() {
                        guard self.isCurrent(generation) else { return }
                        await deliver(.fix(fix))
                    }
                    ending = nil
                } catch let error as LocationError {
                    ending = .failure(error == .permissionDenied ? .permissionDenied : error == .timedOut ? .timeout : .locationUnavailable)
                } catch {
                    ending = Task.isCancelled ? nil : .failure(.locationUnavailable)
                }
                guard self.isCurrent(generation) else { return }
                self.state.withLock { state in
                    state.machine.streamEnded(generation: generation)
                    state.stops[generation] = nil
                }
                if let ending { await deliver(ending) }
                stop.fire()
            }
            // Whichever ends first, the other ends too: a stop cancels the iteration, which ends the updates.
            await group.next()
            group.cancelAll()
        }
    }

    private func isCurrent(_ generation: Int) -> Bool {
        state.withLock { $0.machine.isCurrent(generation) } && !Task.isCancelled
    }
}
