import Foundation

/// A value guarded by a lock, for the few places that must be reached synchronously from any thread: the one
/// lock box of Permit's modules (`package` access).
///
/// The standard library's `Synchronization.Mutex` would serve, but it needs iOS 18 and macOS 15, above the
/// package's iOS 16 and macOS 13; this is the same shape over `NSLock`.
package final class Locked<Value>: @unchecked Sendable {  // every access to `value` goes through `lock`
    private let lock = NSLock()
    private var value: Value

    /// Creates a lock box holding `value`.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock, and returns what it returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
