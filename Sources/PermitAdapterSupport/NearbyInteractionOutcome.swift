package import Permit

/// What the Nearby Interaction adapter reads and remembers, from the outcomes of the app's sessions.
///
/// Nearby Interaction has no status API and no request call: iOS asks when the app runs its first session with a
/// peer, and a refusal shows up as the session's invalidation with `NIError.Code.userDidNotAllow`. So the last
/// outcome is remembered (by its ``PermissionStatus`` raw value) and read back:
///
/// - a device without the ultra-wideband chip is `unavailable`, whatever was remembered;
/// - nothing remembered is `notDetermined`;
/// - a session that ran means `granted` (also after an earlier refusal: the person allowed it in Settings);
/// - an invalidation with `userDidNotAllow` means `denied`; any other invalidation (the peer left, a timeout)
///   changes nothing.
///
/// `NearbyInteractionAuthority` stores the value in `UserDefaults`, writing only a change.
///
/// For example:
///
/// ```swift
/// NearbyInteractionOutcome.afterInvalidation(userDidNotAllow: true)   // .denied
/// ```
package enum NearbyInteractionOutcome {
    /// The status to read, from whether the device measures precise distance and the remembered raw value.
    package static func status(supportsPreciseDistance: Bool, remembered: String?) -> PermissionStatus {
        guard supportsPreciseDistance else { return .unavailable }
        return remembered.flatMap(PermissionStatus.init(rawValue:)) ?? .notDetermined
    }

    /// What to remember after a session ran: `granted`.
    package static let afterSessionRan: PermissionStatus = .granted

    /// What to remember after a session was invalidated, or `nil` to keep what was remembered.
    package static func afterInvalidation(userDidNotAllow: Bool) -> PermissionStatus? {
        userDidNotAllow ? .denied : nil
    }

    /// Whether remembering `status` changes what is remembered (`remembered` is the stored raw value).
    package static func isChange(to status: PermissionStatus, remembered: String?) -> Bool {
        remembered != status.rawValue
    }
}
