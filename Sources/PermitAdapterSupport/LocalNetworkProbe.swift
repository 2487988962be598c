package import Permit

/// How the local network permission is read: iOS has no API for it, so a probe performs a local network operation
/// and this type decides what the operation's states say.
///
/// Apple's technote TN3179 ("Understanding local network privacy") is the source of these rules:
/// - There is no way to read the Local Network privilege; the app learns it by attempting a local network
///   operation and watching the outcome, so a read returns a probe's result no older than a short bound
///   (`RecentProbeResult`; the adapter's `statusMaxAge`, five seconds by default) and probes again when it is older.
/// - The first local network operation shows the system alert; a Bonjour browse is one. So a probe runs only once
///   the app has asked for the permission on purpose (``shouldProbe(hasAsked:)``); before that the status is
///   `notDetermined` without touching the network.
/// - A denied operation need not fail: it waits. A Bonjour operation reports the DNS-SD error
///   `kDNSServiceErr_PolicyDenied` (-65570), with no peer needed; a connection waits with its path's unsatisfied
///   reason `localNetworkDenied`. That the browser (`NWBrowser`) reports it is TN3179's; that the advertisement
///   (`NWListener`) may too is Permit's reading, and either is taken as a denial.
///
/// The default probe needs no peer either way: it advertises a short-lived Bonjour service of its own
/// (`NWListener`) and browses for that service type (`NWBrowser`). A browse that finds the probe's own service
/// reached the local network: the privilege is allowed. This positive signal is common practice rather than a
/// rule TN3179 states, and Permit has not run it on a device; a browser that is merely ready is not taken as
/// `granted`, since public reports say it is ready whether or not the person allowed it. The deprecated
/// connection probe, which reads one peer, is decided here too: its connection becoming ready is the same proof,
/// but a peer that is switched off keeps it waiting for a reason that says nothing about the privilege.
///
/// The Network adapter (`PermitLocalNetwork`) makes one value per probe, feeds it each state of the probe's Network
/// objects with ``observe(_:)`` until it answers, and calls ``statusAtDeadline()`` when the probe's time is up.
///
/// For example:
///
/// ```swift
/// var probe = LocalNetworkProbe(ownServiceName: "Permit 5F0C")
/// probe.observe(.ready(.listener))                           // nil: keep watching
/// probe.observe(.found(serviceNames: ["Permit 5F0C"]))       // .granted
/// ```
package struct LocalNetworkProbe: Sendable {
    /// Which of the probe's Network objects an observation is about.
    package enum Part: Sendable, Hashable {
        /// The `NWBrowser` that browses for the probe's service type.
        case browser
        /// The `NWListener` that advertises the probe's own service.
        case listener
        /// The `NWConnection` to one peer (the deprecated probe).
        case connection
    }

    /// Why a part waits or failed.
    package enum Reason: Sendable, Hashable {
        /// Local network privacy refused the operation: the DNS-SD error `kDNSServiceErr_PolicyDenied`, or a path
        /// whose unsatisfied reason is `localNetworkDenied` (TN3179).
        case policyDenied
        /// Anything else: no Wi-Fi, a peer that does not answer, a service type missing from `NSBonjourServices`.
        case other

        /// The reason a Network error and path give: `dnsError` is the DNS-SD code the state carried, if any;
        /// `localNetworkDenied` whether the path's unsatisfied reason is `localNetworkDenied`.
        package init(dnsError: Int32?, localNetworkDenied: Bool = false) {
            self = localNetworkDenied || dnsError == LocalNetworkProbe.policyDeniedDNSError ? .policyDenied : .other
        }
    }

    /// What one state of the probe says.
    package enum Observation: Sendable, Hashable {
        /// The part is set up and working: a browser browses, a listener listens, a connection is ready (for a
        /// connection that is the local network reached).
        case ready(Part)
        /// The part is still being prepared; it says nothing yet, but it no longer waits.
        case preparing(Part)
        /// The part waits, for `Reason`.
        case waiting(Part, Reason)
        /// The part failed, for `Reason`.
        case failed(Part, Reason)
        /// The browse results now hold the services with these names.
        case found(serviceNames: Set<String>)
    }

    /// DNS-SD's `kDNSServiceErr_PolicyDenied`: the system's policy, here local network privacy, refused the
    /// operation.
    package static let policyDeniedDNSError: Int32 = -65_570

    /// The name of the Bonjour service the probe advertises, or `nil` for a probe that advertises none.
    package let ownServiceName: String?
    /// The parts whose latest state is a wait for a reason other than privacy.
    private var waiting: Set<Part> = []
    /// Whether the listener failed for a reason other than privacy: the probe can then never find its own service,
    /// so it cannot read `granted`, but the browser may still report a denial.
    private var cannotGrant = false

    /// The decision for one probe, which advertises `ownServiceName` (nil for the connection probe).
    package init(ownServiceName: String?) {
        self.ownServiceName = ownServiceName
    }

    /// Whether reading the status may touch the network: only once the app has asked for the permission, since
    /// the first local network operation shows the system alert.
    package static func shouldProbe(hasAsked: Bool) -> Bool { hasAsked }

    /// Records `observation` and returns the status it settles, or `nil` while the probe must keep watching.
    ///
    /// - The browse finds the probe's own service, or the connection is ready: `granted`.
    /// - Any part waits or fails for privacy: `denied`, whether or not a peer is present.
    /// - The browser or the connection fails for another reason: `unavailable`, the probe cannot run. The listener
    ///   failing for another reason (on a Mac, an App Sandbox without `com.apple.security.network.server`) settles
    ///   nothing: the browser may still report a denial, and the deadline reads `unavailable`.
    /// - A wait for another reason (no Wi-Fi, say) settles nothing: the alert may still be on screen, or the
    ///   network may come back before the deadline.
    package mutating func observe(_ observation: Observation) -> PermissionStatus? {
        switch observation {
        case .found(let names):
            guard let ownServiceName, names.contains(ownServiceName) else { return nil }
            return .granted
        case .ready(let part):
            waiting.remove(part)
            return part == .connection ? .granted : nil
        case .preparing(let part):
            waiting.remove(part)
            return nil
        case .waiting(_, .policyDenied), .failed(_, .policyDenied):
            return .denied
        case .waiting(let part, .other):
            waiting.insert(part)
            return nil
        case .failed(.listener, .other):
            cannotGrant = true
            return nil
        case .failed(_, .other):
            return .unavailable
        }
    }

    /// The status when the probe's time is up with nothing settled: `unavailable` if the listener failed or a part
    /// still waits for a reason other than privacy (there is no local network to reach, so no feature that needs
    /// one can run), otherwise `notDetermined` (the alert is most likely still on screen).
    package func statusAtDeadline() -> PermissionStatus {
        cannotGrant || !waiting.isEmpty ? .unavailable : .notDetermined
    }
}
