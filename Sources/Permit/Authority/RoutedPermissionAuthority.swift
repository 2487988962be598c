/// One ``PermissionAuthority`` made of several, each answering for its own kinds: how an app gives a
/// ``PermissionCenter`` the Apple adapters it links.
///
/// Each kind goes to the first route that lists it; a kind no route lists is
/// ``PermissionStatus/unavailable`` and is never requested. ``observeChanges(_:)`` installs the handler on
/// every authority, so each one's change callbacks reach the center. The router decides nothing else.
///
/// For example, with the adapters `PermitLocation`, `PermitCamera` and `PermitNotifications`:
///
/// ```swift
/// let authority = RoutedPermissionAuthority([
///     ([.location], LocationAuthority()),
///     ([.camera], CameraAuthority()),
///     ([.notifications], NotificationsAuthority(provisional: true)),
/// ])
/// let storage = PermitStorage(store: UserDefaultsPermissionStore(defaults: .standard, logger: logger), logger: logger)
/// let center = PermissionCenter(
///     kinds: [.location, .camera, .notifications], authority: authority, storage: storage, logger: logger)
/// ```
public struct RoutedPermissionAuthority: PermissionAuthority {
    private let authorities: [any PermissionAuthority]
    /// Each routed kind's index in `authorities`.
    private let routes: [PermissionKind: Int]

    /// Creates a router; each kind goes to the first route that lists it.
    public init(_ routes: [(kinds: [PermissionKind], authority: any PermissionAuthority)]) {
        authorities = routes.map(\.authority)
        var table: [PermissionKind: Int] = [:]
        for (index, route) in routes.enumerated() {
            for kind in route.kinds where table[kind] == nil { table[kind] = index }
        }
        self.routes = table
    }

    /// The status from the authority routed for `kind`, or ``PermissionStatus/unavailable`` when none is.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard let index = routes[kind] else { return .unavailable }
        return await authorities[index].status(of: kind)
    }

    /// The statuses of `kinds`, asking each authority once for all of its kinds.
    public func statuses(of kinds: [PermissionKind]) async -> [PermissionKind: PermissionStatus] {
        var result: [PermissionKind: PermissionStatus] = [:]
        var byAuthority: [Int: [PermissionKind]] = [:]
        for kind in kinds {
            if let index = routes[kind] {
                byAuthority[index, default: []].append(kind)
            } else {
                result[kind] = .unavailable
            }
        }
        for (index, routed) in byAuthority.sorted(by: { $0.key < $1.key }) {
            let statuses = await authorities[index].statuses(of: routed)
            for kind in routed { result[kind] = statuses[kind] ?? .unavailable }
        }
        return result
    }

    /// Asks the authority routed for `kind`; a kind no route lists is ``PermissionStatus/unavailable`` at once.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard let index = routes[kind] else { return .unavailable }
        return try await authorities[index].request(kind)
    }

    /// The notification settings from the authority routed for ``PermissionKind/notifications``, or `nil` when
    /// none is.
    public func notificationDetails() async -> NotificationDetails? {
        guard let index = routes[.notifications] else { return nil }
        return await authorities[index].notificationDetails()
    }

    /// Asks the authority routed for ``PermissionKind/location``; without one, nothing is asked and the status is
    /// ``PermissionStatus/unavailable``.
    public func requestTemporaryFullAccuracy(purposeKey: String) async -> PermissionStatus {
        guard let index = routes[.location] else { return .unavailable }
        return await authorities[index].requestTemporaryFullAccuracy(purposeKey: purposeKey)
    }

    /// Installs `handler` on every authority; a change is reported only for a kind routed to the authority
    /// that reports it.
    public func observeChanges(_ handler: (@Sendable (PermissionKind) -> Void)?) async {
        let routes = routes
        for (index, authority) in authorities.enumerated() {
            guard let handler else {
                await authority.observeChanges(nil)
                continue
            }
            await authority.observeChanges { kind in
                if routes[kind] == index { handler(kind) }
            }
        }
    }
}
