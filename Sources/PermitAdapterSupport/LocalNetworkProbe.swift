package import Permit

/// How the local network permission is read: iOS has no API for it, so a probe tries a local connection and this
/// type decides what the connection's states say.
///
/// Apple's technote TN3179 ("Understanding local network privacy") is the source of each rule:
/// - There is no way to read the Local Network privilege; the app learns it by attempting a local network
///   operation and watching the outcome, so a read returns a probe's result no older than a short bound
///   (`RecentProbeResult`; the adapter's `statusMaxAge`, five seconds by default) and probes again when it is older.
/// - The first local network operation shows the system alert. So a probe runs only once the app has asked for
///   the permission on purpose (``shouldProbe(hasAsked:)``); before that the status is `notDetermined` without
///   touching the network.
/// - A denied operation does not fail: the connection waits, with its path's unsatisfied reason
///   `localNetworkDenied`, or, for Bonjour, the DNS-SD error `kDNSServiceErr_PolicyDenied` (-65570).
/// - A connection that becomes ready reached the local network: the privilege is allowed.
///
/// The Network adapter (`PermitLocalNetwork`) feeds each state of its connection to
/// ``status(after:)`` until it answers, and calls ``statusAtDeadline(lastObservation:)`` when the probe's time
/// is up.
package enum LocalNetworkProbe {
    /// What one state of the probe's connection says.
    package enum Observation: Sendable, Hashable {
        /// The connection is ready: it reached the local network.
        case ready
        /// The connection waits. `localNetworkDenied` is whether its path's unsatisfied reason is
        /// `localNetworkDenied`; `dnsError` is the DNS-SD error code it waits with, if any.
        case waiting(localNetworkDenied: Bool, dnsError: Int32?)
        /// The connection failed, with the DNS-SD error code if the failure carried one.
        case failed(dnsError: Int32?)
        /// The connection is still being set up or prepared; it says nothing yet.
        case inProgress
    }

    /// DNS-SD's `kDNSServiceErr_PolicyDenied`: the system's policy, here local network privacy, refused the
    /// operation.
    package static let policyDeniedDNSError: Int32 = -65_570

    /// Whether reading the status may touch the network: only once the app has asked for the permission, since
    /// the first local network operation shows the system alert.
    package static func shouldProbe(hasAsked: Bool) -> Bool { hasAsked }

    /// The status `observation` settles, or `nil` while the probe must keep watching.
    ///
    /// A wait for any other reason (no Wi-Fi, say) settles nothing: the alert may still be on screen, or the
    /// network may come back before the deadline.
    package static func status(after observation: Observation) -> PermissionStatus? {
        switch observation {
        case .ready:
            .granted
        case .waiting(let localNetworkDenied, let dnsError):
            localNetworkDenied || dnsError == policyDeniedDNSError ? .denied : nil
        case .failed(let dnsError):
            dnsError == policyDeniedDNSError ? .denied : .unavailable
        case .inProgress:
            nil
        }
    }

    /// The status when the probe's time is up with nothing settled: `notDetermined` if the connection never got
    /// past preparing (the alert is most likely still on screen), `unavailable` if it was waiting for a reason
    /// other than privacy (there is no local network to reach, so no feature that needs one can run).
    package static func statusAtDeadline(lastObservation: Observation?) -> PermissionStatus {
        switch lastObservation {
        case .waiting: .unavailable
        case .ready, .failed, .inProgress, nil: .notDetermined
        }
    }
}
