/// Gives other tasks turns until `condition` holds, or gives up after `attempts` turns.
func yield(until condition: () async -> Bool, attempts: Int = 100_000) async -> Bool {
    for _ in 0..<attempts {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}
