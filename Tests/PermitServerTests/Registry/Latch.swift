import PermitSupport

/// Holds every task that waits on it until it is opened, and none after: how the tests' storages hold a first
/// read or commit while others queue behind it.
final class Latch: Sendable {
    private let state = Locked((open: false, waiters: [CheckedContinuation<Void, Never>]()))

    /// Lets every waiting task go on, and every later one pass.
    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the latch is open.
    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
    }
}
