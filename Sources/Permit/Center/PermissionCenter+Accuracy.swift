extension PermissionCenter {
    /// Asks the OS for precise location until the app is next launched
    /// (``PermissionAuthority/requestTemporaryFullAccuracy(purposeKey:)``), then reads both location kinds again
    /// and records what changed with cause ``ChangeCause/request``. It applies no policy:
    /// ``PromptPolicy/requestTemporaryFullAccuracy(for:)`` decides whether to ask.
    ///
    /// - Returns: The state of ``PermissionKind/location`` afterwards.
    /// - Throws: ``PermitError/kindNotTracked`` when the center does not track location.
    @discardableResult
    public func requestTemporaryFullAccuracy(purposeKey: String) async throws -> PermissionState {
        guard kinds.contains(.location) else { throw PermitError.kindNotTracked.withDetail("location") }
        await start()
        _ = await authority.requestTemporaryFullAccuracy(purposeKey: purposeKey)
        await refresh([PermissionKind.location, .locationAlways].filter(kinds.contains), cause: .request)
        return currentState(.location)
    }
}
