import Foundation
import PermitSupport

extension PermissionCenter {
    // MARK: - Reading

    /// The state of one permission, or `nil` when the center does not track it.
    public func state(for kind: PermissionKind) async -> PermissionState? {
        await start()
        return kinds.contains(kind) ? currentState(kind) : nil
    }

    /// The status ``state(for:)`` would answer, read at once from any thread without waiting for the actor (for
    /// a hot path, such as the bridge answering a page); `nil` before ``start()`` has finished, or for an
    /// untracked kind.
    public nonisolated func latestStatus(for kind: PermissionKind) -> PermissionStatus? {
        published.withLock { $0?[kind] }
    }

    /// The states of every tracked permission, in the center's order.
    public func states() async -> [PermissionState] {
        await start()
        statesReadCount += 1
        return kinds.map(currentState)
    }

    /// The person's notification settings, as last read with the notifications status, or `nil` when the center
    /// does not track notifications or its authority does not read them.
    public func notificationDetails() async -> NotificationDetails? {
        await start()
        return records[.notifications]?.notificationDetails
    }

    /// The most recent changes, oldest first, kept across launches up to ``Configuration/historyLimit``.
    ///
    /// First observations of a kind (a change whose ``PermissionChange/previous`` is `nil`) are streamed by
    /// ``changes()`` but not kept here: they record no change of the OS.
    public func history() async -> [PermissionChange] {
        await start()
        return history
    }

    /// Compares the OS with the stored snapshot for every tracked permission, without recording anything:
    /// a permission summary for the log.
    public func summary() async -> PermissionSummary {
        await start()
        let statuses = await authority.statuses(of: kinds)
        return PermissionSummary(
            entries: kinds.map {
                PermissionSummary.Entry(
                    kind: $0, systemStatus: statuses[$0] ?? .unavailable, storedStatus: records[$0]?.status)
            })
    }

    /// A stream of every change from now on, each delivered once it is persisted.
    ///
    /// Subscribe before calling ``start()`` to receive the changes found at launch, first observations
    /// included.
    public nonisolated func changes() -> PermissionChanges {
        broadcaster.subscribe()
    }

    /// The number of live ``changes()`` subscriptions.
    nonisolated var subscriberCount: Int { broadcaster.subscriberCount }

    func currentState(_ kind: PermissionKind) -> PermissionState {
        let record = records[kind]
        return PermissionState(
            kind: kind, status: record?.status ?? .notDetermined,
            lastCheckedAt: lastChecked[kind] ?? record?.checkedAt ?? .distantPast,
            hasPrompted: record?.hasPrompted ?? false, notificationDetails: record?.notificationDetails,
            askAgain: AskAgain(kind: kind, record: record, history: history))
    }
}
