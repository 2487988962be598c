/// Runs a component's `run()` beside `body`, then cancels it and returns once it has returned: the component's
/// whole life inside a test, composed as an app composes it, in a task group.
///
/// ```swift
/// try await whileRunning({ await bridge.run() }) {
///     try await center.request(.camera)
///     #expect(await bridge.caughtUp(within: .seconds(10)))
/// }
/// ```
func whileRunning<Result>(
    _ component: @escaping @Sendable () async -> Void, _ body: () async throws -> Result
) async throws -> Result {
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await component() }
        defer { group.cancelAll() }
        return try await body()
    }
}
