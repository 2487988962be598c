import Foundation

/// A value guarded by a lock, for the few places that must be reached synchronously from any thread.
final class Locked<Value>: @unchecked Sendable {  // every access to `value` goes through `lock`
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
