/// Waits until `condition` holds, checking every 50 ms for at most `limit`; returns whether it did. For what a
/// test can only look at from outside (another process, its log, its database), which sends no signal.
func eventually(within limit: Duration, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let end = ContinuousClock.now.advanced(by: limit)
    while ContinuousClock.now < end {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
}
