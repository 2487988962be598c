import PermitWeb

// MARK: - Timeout

/// Runs `operation`, throwing `WebViewError.timedOut` if it takes longer than `duration`; the operation is
/// cancelled then, and must end promptly when it is.
///
/// The deadline is wall time on the continuous clock: it bounds how long the browser may take to answer, which
/// only real time can measure.
func withTimeout<Value: Sendable>(
    _ duration: Duration, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: duration)
            throw WebViewError.timedOut
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() else { throw WebViewError.timedOut }
        return value
    }
}
