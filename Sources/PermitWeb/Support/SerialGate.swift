/// A first-in, first-out gate for an actor's asynchronous operations, so that an operation which reads,
/// awaits and then writes never interleaves with another.
///
/// The owning actor keeps it as a stored property and wraps each operation:
///
/// ```swift
/// private func acquire() async { if !gate.enter() { await withCheckedContinuation { gate.wait($0) } } }
/// // ... await acquire(); defer { gate.leave() }
/// ```
struct SerialGate {
    private var isHeld = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Takes the gate and returns `true` when it is free; returns `false` when the caller must ``wait(_:)``.
    mutating func enter() -> Bool {
        guard !isHeld else { return false }
        isHeld = true
        return true
    }

    /// Queues a caller, resumed holding the gate once everyone before it has left.
    mutating func wait(_ continuation: CheckedContinuation<Void, Never>) {
        waiting.append(continuation)
    }

    /// Hands the gate to the next caller in line, or frees it.
    mutating func leave() {
        if waiting.isEmpty { isHeld = false } else { waiting.removeFirst().resume() }
    }
}
