#if canImport(Network)
import Foundation
public import Network
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/localNetwork``, by probing a connection (Apple's TN3179).
///
/// iOS has no API that reads the Local Network privilege, and the first local network operation shows its alert.
/// So the authority:
/// - reads `notDetermined` without touching the network until the app has called ``request(_:)`` once (kept in
///   `UserDefaults` under ``defaultsKey``);
/// - from then on, a read returns a result no older than ``statusMaxAge`` (five seconds by default), probing
///   when the last one is older: it opens a connection to ``endpoint`` and feeds its states to
///   `LocalNetworkProbe`, which decides (ready → `granted`; waiting on `localNetworkDenied` or DNS-SD's
///   policy-denied error → `denied`). The bound is short because the person can change the switch in Settings at
///   any time; a request always probes (`RecentProbeResult`, tested on Linux);
/// - gives each probe a deadline (``requestTimeout`` for a request, whose alert the person may take a while to
///   answer, ``statusTimeout`` for a read): a probe always completes.
///
/// `endpoint` is a device or service on the local network the app talks to, such as its accessory's Bonjour
/// service; its service type must be in the app's `NSBonjourServices`. Any other kind is `unavailable`. Its
/// Info.plist key is `NSLocalNetworkUsageDescription`.
///
/// For example:
///
/// ```swift
/// let localNetwork = LocalNetworkAuthority(
///     endpoint: .service(name: "Printer", type: "_ipp._tcp", domain: "local.", interface: nil))
/// let status = try await localNetwork.request(.localNetwork)
/// ```
public struct LocalNetworkAuthority: PermissionAuthority {
    /// The local endpoint each probe connects to.
    public let endpoint: NWEndpoint
    /// Whether the probe connects over UDP (no handshake) instead of TCP.
    public let usesUDP: Bool
    /// How long a probe started by ``request(_:)`` waits for an answer.
    public let requestTimeout: Duration
    /// How long a probe started by ``status(of:)`` waits for an answer.
    public let statusTimeout: Duration
    /// The `UserDefaults` key that records that the app asked.
    public let defaultsKey: String
    /// How long a probe's result answers later reads before a read probes again.
    public let statusMaxAge: Duration
    /// The last probe's result and when it settled.
    private let recent: RecentProbeResult

    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority; nothing is probed until the app asks. `logger` hears, once, that Info.plist
    /// lacks the kind's purpose string.
    public init(
        endpoint: NWEndpoint, usesUDP: Bool = false, requestTimeout: Duration = .seconds(60),
        statusTimeout: Duration = .seconds(3), defaultsKey: String = "PermitLocalNetworkAsked",
        statusMaxAge: Duration = .seconds(5), logger: Logger = Logger(label: "Permit.LocalNetwork")
    ) {
        purposeKeys = PurposeKeyCheck(kind: .localNetwork, logger: logger)
        self.endpoint = endpoint
        self.usesUDP = usesUDP
        self.requestTimeout = requestTimeout
        self.statusTimeout = statusTimeout
        self.defaultsKey = defaultsKey
        self.statusMaxAge = statusMaxAge
        recent = RecentProbeResult(maxAge: statusMaxAge)
    }

    /// `notDetermined` until the app asked; then the last probe's outcome while it is younger than
    /// ``statusMaxAge``, else a fresh probe's.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .localNetwork else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        guard LocalNetworkProbe.shouldProbe(hasAsked: UserDefaults.standard.bool(forKey: defaultsKey)) else {
            return .notDetermined
        }
        if let recent = recent.status() { return recent }
        let status = await Probe(endpoint: endpoint, usesUDP: usesUDP).run(timeout: statusTimeout)
        recent.record(status)
        return status
    }

    /// Records that the app asked, then probes: the first probe shows iOS's alert, and its outcome is the status.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .localNetwork else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        UserDefaults.standard.set(true, forKey: defaultsKey)
        let status = await Probe(endpoint: endpoint, usesUDP: usesUDP).run(timeout: requestTimeout)
        recent.record(status)
        return status
    }
}

/// One connection attempt. Its state is touched only on its own serial queue, where Network also calls the
/// state handler, which is what makes it safe to share.
private final class Probe: @unchecked Sendable {
    private let queue = DispatchQueue(label: "Permit.LocalNetworkProbe")
    private let connection: NWConnection
    private var lastObservation: LocalNetworkProbe.Observation?
    private var continuation: CheckedContinuation<PermissionStatus, Never>?

    init(endpoint: NWEndpoint, usesUDP: Bool) {
        connection = NWConnection(to: endpoint, using: usesUDP ? .udp : .tcp)
    }

    func run(timeout: Duration) async -> PermissionStatus {
        let (seconds, attoseconds) = timeout.components
        let delay = Double(seconds) + Double(attoseconds) / 1e18
        return await withCheckedContinuation { continuation in
            queue.async { [self] in
                self.continuation = continuation
                connection.stateUpdateHandler = { [self] state in handle(state) }
                connection.start(queue: queue)
                queue.asyncAfter(deadline: .now() + delay) { [self] in
                    finish(LocalNetworkProbe.statusAtDeadline(lastObservation: lastObservation))
                }
            }
        }
    }

    private func handle(_ state: NWConnection.State) {
        let observation: LocalNetworkProbe.Observation
        switch state {
        case .ready:
            observation = .ready
        case .waiting(let error):
            observation = .waiting(
                localNetworkDenied: connection.currentPath?.unsatisfiedReason == .localNetworkDenied,
                dnsError: Self.dnsError(error))
        case .failed(let error):
            observation = .failed(dnsError: Self.dnsError(error))
        case .setup, .preparing:
            observation = .inProgress
        case .cancelled:
            return
        @unknown default:
            return
        }
        lastObservation = observation
        if let status = LocalNetworkProbe.status(after: observation) { finish(status) }
    }

    private func finish(_ status: PermissionStatus) {
        guard let continuation else { return }
        self.continuation = nil
        connection.stateUpdateHandler = nil
        connection.cancel()
        continuation.resume(returning: status)
    }

    private static func dnsError(_ error: NWError) -> Int32? {
        if case .dns(let code) = error { return Int32(code) }
        return nil
    }
}
#endif
