import Permit
import PermitAdapterSupport
import Testing

/// The local network adapter's decision, `LocalNetworkProbe`, checked against Apple's TN3179 ("Understanding local
/// network privacy"): the privilege cannot be read, only inferred from a local network operation; a Bonjour
/// operation that local network privacy refuses waits or fails with DNS-SD's `kDNSServiceErr_PolicyDenied`
/// (-65570), with no peer present (TN3179 says it of the browse; Permit takes the advertisement's the same way).
/// The default probe advertises a service of its own and browses for it, so finding that service shows the local
/// network was reached: common practice, not a rule of TN3179, and not yet run on a device.
@Suite("Local network probe")
struct LocalNetworkBrowseTests {
    static let own = "Permit probe 5F0C"

    func browseProbe() -> LocalNetworkProbe { LocalNetworkProbe(ownServiceName: Self.own) }

    @Test("the local network is never probed before the app asks: the first probe shows the alert (TN3179)")
    func probesOnlyAfterAsking() {
        #expect(!LocalNetworkProbe.shouldProbe(hasAsked: false))
        #expect(LocalNetworkProbe.shouldProbe(hasAsked: true))
    }

    // MARK: - Granted

    @Test("the browse finds the probe's own service: the local network was reached, granted")
    func ownServiceFoundIsGranted() {
        var probe = browseProbe()
        #expect(probe.observe(.ready(.listener)) == nil)
        #expect(probe.observe(.ready(.browser)) == nil)
        #expect(probe.observe(.found(serviceNames: ["Living Room", Self.own])) == .granted)
    }

    @Test("results without the probe's own service settle nothing; the own service arriving later grants")
    func otherServicesSettleNothing() {
        var probe = browseProbe()
        #expect(probe.observe(.found(serviceNames: [])) == nil)
        #expect(probe.observe(.found(serviceNames: ["Permit probe 9A1B", "Printer"])) == nil)
        #expect(probe.statusAtDeadline() == .notDetermined)
        #expect(probe.observe(.found(serviceNames: [Self.own])) == .granted)
    }

    @Test("a browser or listener that is ready has not reached anyone yet: it settles nothing")
    func readyBrowseSettlesNothing() {
        var probe = browseProbe()
        #expect(probe.observe(.ready(.browser)) == nil)
        #expect(probe.observe(.ready(.listener)) == nil)
        #expect(probe.statusAtDeadline() == .notDetermined)
    }

    @Test("the deprecated connection probe: a ready connection reached the local network; it has no own service")
    func connection() {
        var ready = LocalNetworkProbe(ownServiceName: nil)
        #expect(ready.observe(.ready(.connection)) == .granted)
        var found = LocalNetworkProbe(ownServiceName: nil)
        #expect(found.observe(.found(serviceNames: [Self.own])) == nil)
    }

    // MARK: - Denied

    @Test(
        "no peer present but policy denied: a browse or advertisement that waits or fails with PolicyDenied is denied",
        arguments: [
            LocalNetworkProbe.Observation.waiting(.browser, .policyDenied),
            .failed(.browser, .policyDenied),
            .waiting(.listener, .policyDenied),
            .failed(.listener, .policyDenied),
            .waiting(.connection, .policyDenied),
            .failed(.connection, .policyDenied),
        ])
    func policyDeniedIsDenied(observation: LocalNetworkProbe.Observation) {
        var probe = browseProbe()
        #expect(probe.observe(observation) == .denied)
    }

    @Test("policy denied settles at once, even after a wait for another reason")
    func policyDeniedAfterAnotherWait() {
        var probe = browseProbe()
        #expect(probe.observe(.waiting(.browser, .other)) == nil)
        #expect(probe.observe(.waiting(.browser, .policyDenied)) == .denied)
    }

    @Test("the reason: DNS-SD's PolicyDenied (-65570) or a path's localNetworkDenied; any other code is another reason")
    func reason() {
        #expect(LocalNetworkProbe.Reason(dnsError: -65_570) == .policyDenied)
        #expect(LocalNetworkProbe.Reason(dnsError: nil, localNetworkDenied: true) == .policyDenied)
        #expect(LocalNetworkProbe.Reason(dnsError: nil) == .other)
        #expect(LocalNetworkProbe.Reason(dnsError: -65_555) == .other)  // NoAuth
        #expect(LocalNetworkProbe.Reason(dnsError: -65_563) == .other)  // ServiceNotRunning
    }

    // MARK: - Unavailable and not determined

    @Test(
        "waiting for another reason (no Wi-Fi) settles nothing at once, and reads unavailable at the deadline",
        arguments: [LocalNetworkProbe.Part.browser, .listener, .connection])
    func otherWaitIsUnavailableAtTheDeadline(part: LocalNetworkProbe.Part) {
        var probe = browseProbe()
        #expect(probe.observe(.waiting(part, .other)) == nil)
        #expect(probe.statusAtDeadline() == .unavailable)
    }

    @Test("a part that stops waiting (ready, or preparing again) no longer makes the deadline unavailable")
    func waitThatEndsIsForgotten() {
        var browse = browseProbe()
        #expect(browse.observe(.waiting(.browser, .other)) == nil)
        #expect(browse.observe(.ready(.browser)) == nil)
        #expect(browse.statusAtDeadline() == .notDetermined)

        var connection = LocalNetworkProbe(ownServiceName: nil)
        #expect(connection.observe(.waiting(.connection, .other)) == nil)
        #expect(connection.observe(.preparing(.connection)) == nil)
        #expect(connection.statusAtDeadline() == .notDetermined)
    }

    @Test("each part's wait counts on its own: the listener ready does not end the browser's wait")
    func waitsArePerPart() {
        var probe = browseProbe()
        #expect(probe.observe(.waiting(.browser, .other)) == nil)
        #expect(probe.observe(.ready(.listener)) == nil)
        #expect(probe.statusAtDeadline() == .unavailable)
    }

    @Test("the browser or the connection failing for another reason cannot probe: unavailable at once")
    func otherFailureIsUnavailable() {
        var probe = browseProbe()
        #expect(probe.observe(.failed(.browser, .other)) == .unavailable)
        var connection = LocalNetworkProbe(ownServiceName: nil)
        #expect(connection.observe(.failed(.connection, .other)) == .unavailable)
    }

    @Test("the listener failing for another reason (a Mac sandbox without network.server) cannot grant, yet a denial still reads denied")
    func aFailedListenerStillHearsADenial() {
        var denied = browseProbe()
        #expect(denied.observe(.failed(.listener, .other)) == nil)
        #expect(denied.observe(.ready(.browser)) == nil)
        #expect(denied.observe(.waiting(.browser, .policyDenied)) == .denied)
        var silent = browseProbe()
        #expect(silent.observe(.failed(.listener, .other)) == nil)
        #expect(silent.observe(.ready(.browser)) == nil)
        #expect(silent.statusAtDeadline() == .unavailable, "it could never have read granted")
    }

    @Test("nothing settled by the deadline (the alert most likely still up) reads notDetermined")
    func nothingIsNotDetermined() {
        #expect(browseProbe().statusAtDeadline() == .notDetermined)
        var prepared = LocalNetworkProbe(ownServiceName: nil)
        #expect(prepared.observe(.preparing(.connection)) == nil)
        #expect(prepared.statusAtDeadline() == .notDetermined)
    }
}
