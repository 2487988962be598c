#if canImport(Network)
import Foundation
public import Network
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/localNetwork``, by a Bonjour probe that needs no peer (the
/// rules of Apple's TN3179, and an advertised service of its own as the sign of `granted`).
///
/// iOS has no API that reads the Local Network privilege, and the first local network operation shows its alert.
/// So the authority:
/// - reads `notDetermined` without touching the network until the app has called ``request(_:)`` once (kept in
///   `UserDefaults` under ``defaultsKey``);
/// - from then on, a read returns a result no older than ``statusMaxAge`` (five seconds by default), probing
///   when the last one is older. A probe advertises a short-lived Bonjour service of ``serviceType`` under a name
///   unique to the probe and browses for that type, and feeds the states to `LocalNetworkProbe`, which decides:
///   the browse finds the probe's own service → `granted`; the browse or the advertisement waits or fails with
///   DNS-SD's policy-denied error → `denied`, with no peer present. The bound is short because the person can
///   change the switch in Settings at any time; a request always probes (`RecentProbeResult`, tested on Linux);
/// - gives each probe a deadline (``requestTimeout`` for a request, whose alert the person may take a while to
///   answer, ``statusTimeout`` for a read): a probe always completes, `notDetermined` when nothing settled, and
///   `unavailable` when the browse was still waiting for a network; a caller whose task is cancelled gets that
///   answer at once. The listener and the browser are cancelled as soon as the probe answers.
///
/// Any other kind is `unavailable`. The app's Info.plist needs `NSLocalNetworkUsageDescription` (without it the
/// kind reads `unavailable` and is never asked) and must list ``serviceType`` (`_permit-probe._tcp` by default)
/// in `NSBonjourServices`, the service types the app may browse for; without it the browse cannot run. A Mac
/// app in the App Sandbox (macOS, Mac Catalyst) also needs `com.apple.security.network.server` for the probe's
/// listener and `com.apple.security.network.client` for its browse; without the first it never reads `granted`
/// (a denial is still read). Each probe older than ``statusMaxAge`` advertises the service on the local
/// network for as long as it runs, under a name unique to the probe, and accepts no connection to it.
///
/// For example:
///
/// ```swift
/// let localNetwork = LocalNetworkAuthority()
/// let status = try await localNetwork.request(.localNetwork)
/// ```
///
/// with, in Info.plist:
///
/// ```xml
/// <key>NSLocalNetworkUsageDescription</key>
/// <string>Finds your printer on this network.</string>
/// <key>NSBonjourServices</key>
/// <array>
///     <string>_permit-probe._tcp</string>
/// </array>
/// ```
public struct LocalNetworkAuthority: PermissionAuthority {
    /// The Bonjour service type a probe advertises and browses for unless the app names another:
    /// `_permit-probe._tcp`. It must be in the app's `NSBonjourServices`.
    public static let defaultServiceType = "_permit-probe._tcp"

    /// The Bonjour service type each probe advertises and browses for, which the app's `NSBonjourServices` must
    /// list; `nil` when the authority probes a connection to ``endpoint`` instead (the deprecated initializer).
    public var serviceType: String? {
        if case .browse(let serviceType) = method { serviceType } else { nil }
    }
    /// The local endpoint each probe connects to, with the deprecated connection probe; `nil` with the Bonjour probe.
    @available(*, deprecated, message: "only the deprecated init(endpoint:usesUDP:...) probes an endpoint")
    public var endpoint: NWEndpoint? {
        if case .connection(let endpoint, _) = method { endpoint } else { nil }
    }
    /// Whether the deprecated connection probe connects over UDP (no handshake) instead of TCP; `false` with the
    /// Bonjour probe.
    @available(*, deprecated, message: "only the deprecated init(endpoint:usesUDP:...) probes an endpoint")
    public var usesUDP: Bool {
        if case .connection(_, let usesUDP) = method { usesUDP } else { false }
    }
    /// How long a probe started by ``request(_:)`` waits for an answer.
    public let requestTimeout: Duration
    /// How long a probe started by ``status(of:)`` waits for an answer.
    public let statusTimeout: Duration
    /// The `UserDefaults` key that records that the app asked.
    public let defaultsKey: String
    /// How long a probe's result answers later reads before a read probes again.
    public let statusMaxAge: Duration
    /// What each probe does on the network.
    private let method: LocalNetworkProbeRun.Method
    /// The last probe's result and when it settled.
    private let recent: RecentProbeResult

    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority that probes with Bonjour, advertising and browsing for `serviceType`; nothing is
    /// probed until the app asks.
    ///
    /// The app's Info.plist must list `serviceType` in `NSBonjourServices` and have
    /// `NSLocalNetworkUsageDescription`. `logger` hears, once, that Info.plist lacks the purpose string.
    public init(
        serviceType: String = LocalNetworkAuthority.defaultServiceType, requestTimeout: Duration = .seconds(60),
        statusTimeout: Duration = .seconds(3), defaultsKey: String = "PermitLocalNetworkAsked",
        statusMaxAge: Duration = .seconds(5), logger: Logger = Logger(label: "Permit.LocalNetwork")
    ) {
        self.init(
            method: .browse(serviceType: serviceType), requestTimeout: requestTimeout, statusTimeout: statusTimeout,
            defaultsKey: defaultsKey, statusMaxAge: statusMaxAge, logger: logger)
    }

    /// Creates the authority that probes by connecting to `endpoint`, a device or service on the local network.
    ///
    /// Deprecated because a connection reads the peer, not the permission: a peer that is switched off or gone keeps
    /// the connection waiting, and the kind reads `unavailable` at the deadline whatever the person allowed. This
    /// initializer keeps that connection probe, unchanged (it does not route to the Bonjour probe), so that an app
    /// moves to ``init(serviceType:requestTimeout:statusTimeout:defaultsKey:statusMaxAge:logger:)`` together with
    /// the `NSBonjourServices` entry that probe needs. `endpoint`'s service type, if it is a Bonjour
    /// service, must be in the app's `NSBonjourServices`.
    @available(
        *, deprecated,
        message: """
            a connection reads the peer, not the permission (a peer that is off reads as an answer): use \
            init(serviceType:...), whose Bonjour probe needs no peer, and list its service type in NSBonjourServices
            """
    )
    public init(
        endpoint: NWEndpoint, usesUDP: Bool = false, requestTimeout: Duration = .seconds(60),
        statusTimeout: Duration = .seconds(3), defaultsKey: String = "PermitLocalNetworkAsked",
        statusMaxAge: Duration = .seconds(5), logger: Logger = Logger(label: "Permit.LocalNetwork")
    ) {
        self.init(
            method: .connection(endpoint, usesUDP: usesUDP), requestTimeout: requestTimeout,
            statusTimeout: statusTimeout, defaultsKey: defaultsKey, statusMaxAge: statusMaxAge, logger: logger)
    }

    private init(
        method: LocalNetworkProbeRun.Method, requestTimeout: Duration, statusTimeout: Duration, defaultsKey: String,
        statusMaxAge: Duration, logger: Logger
    ) {
        purposeKeys = PurposeKeyCheck(kind: .localNetwork, logger: logger)
        self.method = method
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
        let status = await LocalNetworkProbeRun(method).run(timeout: statusTimeout)
        recent.record(status)
        return status
    }

    /// Records that the app asked, then probes: the first probe shows iOS's alert, and its outcome is the status.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .localNetwork else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        UserDefaults.standard.set(true, forKey: defaultsKey)
        let status = await LocalNetworkProbeRun(method).run(timeout: requestTimeout)
        recent.record(status)
        return status
    }
}
#endif
