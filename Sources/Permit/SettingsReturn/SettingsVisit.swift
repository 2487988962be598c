import Foundation

/// A visit to Settings under way: the intent, the statuses when Settings opened, and which process opened it.
/// Persisted under ``key`` until the return is reported or the visit expires.
struct SettingsVisit: Hashable, Sendable, Codable {
    var intent: SettingsIntent
    /// The intent's kind's status when Settings opened.
    var before: PermissionStatus
    /// Every tracked kind's status when Settings opened, by name: kept for diagnosis and later use.
    var statuses: [String: PermissionStatus]
    var leftAt: Date
    var expiresAt: Date
    /// The ``PermissionCenter`` instance that recorded it: another one reading it means a new process.
    var launch: UUID

    static let key = StorageKey<SettingsVisit>("permit.settingsVisit")

    /// What to do with a recorded visit, now.
    enum Decision: Equatable {
        /// The person is back: report the return.
        case report(processWasTerminated: Bool)
        /// Too old to resume from: forget it, report nothing.
        case expire
        /// The app has not left for Settings yet: keep it.
        case keep
    }

    /// The decision at `now`, in the process of `launch`, which has (`leftApp`) or has not seen the app go to the
    /// background since the visit was recorded.
    ///
    /// - A visit past its expiry is forgotten, whatever else holds.
    /// - A visit recorded by another process is reported: that process ended (iOS terminates the app for most
    ///   privacy changes), and this one is the person back.
    /// - A visit of this process is reported once the app went to the background and came back; until then it is
    ///   kept, since Settings has not shown yet (a foreground event can come between the record and the switch).
    func decision(now: Date, launch: UUID, leftApp: Bool) -> Decision {
        if now > expiresAt { return .expire }
        if launch != self.launch { return .report(processWasTerminated: true) }
        return leftApp ? .report(processWasTerminated: false) : .keep
    }
}
