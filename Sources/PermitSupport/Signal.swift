/// A one-time event that tasks wait for, each at most until it is cancelled or for a while: a cookie write's end,
/// for the request that carried it; the server's cookie writer's next idle moment, or work for its run; an
/// orderly stop, for the push worker.
///
/// Firing it resumes every waiter, and every later wait returns at once; a waiter whose task is cancelled returns
/// at once too, without the signal having fired. It never throws and never needs a task of its own. It is an
/// ``Occurrences`` that counts to one.
///
/// For example:
///
/// ```swift
/// let stop = Signal()
/// group.addTask { await worker.run(until: stop) }
/// // ...
/// stop.fire()
/// ```
package final class Signal: Sendable {
    private let occurrences = Occurrences()

    /// A signal not yet fired.
    package init() {}

    /// Whether the signal has fired.
    package var isFired: Bool { occurrences.count > 0 }

    /// How many tasks wait for the signal now: for tests that must know a wait began.
    package var waiterCount: Int { occurrences.waiterCount }

    /// Fires the signal: every waiter resumes, and every later wait returns at once. Firing again changes nothing.
    package func fire() {
        occurrences.happened()
    }

    /// Returns `true` once the signal fires, or `false` once the task is cancelled first.
    @discardableResult
    package func wait() async -> Bool {
        await occurrences.next(after: 0)
    }

    /// Returns `true` once the signal fires, or `false` when `duration` passes on `clock` first (or the task is
    /// cancelled first).
    package func wait(upTo duration: Duration, on clock: any Clock<Duration>) async -> Bool {
        await occurrences.next(after: 0, within: duration, on: clock)
    }
}
