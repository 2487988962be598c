#if canImport(Network)
import Foundation
import Network
import Permit
import PermitAdapterSupport

/// One probe of the Local Network privilege: it starts Network objects, feeds each of their states to
/// `LocalNetworkProbe`, and returns the first status that settles, or the deadline's.
///
/// Every property is touched only on the run's own serial queue, where Network also calls the handlers, which is
/// what makes it safe to share. The run always completes: the deadline answers when nothing settles first. The
/// continuation is resumed once, by whichever comes first, and the Network objects are cancelled (their handlers
/// cleared) at that moment.
final class LocalNetworkProbeRun: @unchecked Sendable {
    /// What a probe does on the network.
    enum Method: Sendable {
        /// Advertise a Bonjour service of `serviceType` with a unique name (`NWListener`) and browse for the type
        /// (`NWBrowser`): granted once the browse finds that name, with no peer needed (`LocalNetworkProbe`).
        case browse(serviceType: String)
        /// Connect to one peer (`NWConnection`): the deprecated probe, which a peer that is off keeps waiting.
        case connection(NWEndpoint, usesUDP: Bool)
    }

    private let queue = DispatchQueue(label: "Permit.LocalNetworkProbe")
    private let method: Method
    private var decision: LocalNetworkProbe
    private var continuation: CheckedContinuation<PermissionStatus, Never>?
    /// Whether the caller's task was cancelled.
    private var isCancelled = false
    private var deadline: DispatchWorkItem?
    private var listener: NWListener?
    private var browser: NWBrowser?
    private var connection: NWConnection?

    /// A run of `method`; nothing touches the network before ``run(timeout:)``.
    init(_ method: Method) {
        self.method = method
        switch method {
        case .browse:
            // A Bonjour service name is at most 63 bytes; this one is 49, and unique to the run.
            decision = LocalNetworkProbe(ownServiceName: "Permit probe \(UUID().uuidString)")
        case .connection:
            decision = LocalNetworkProbe(ownServiceName: nil)
        }
    }

    /// Starts the probe and returns its status: the first one its states settle, or the deadline's after `timeout`.
    /// A cancelled caller gets the deadline's status at once, and the probe stops.
    func run(timeout: Duration) async -> PermissionStatus {
        let delay = timeout.timeInterval
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async { [self] in
                    self.continuation = continuation
                    // Cancelled before it started: answer without touching the network.
                    guard !isCancelled else { return finish(decision.statusAtDeadline()) }
                    let deadline = DispatchWorkItem { [self] in finish(decision.statusAtDeadline()) }
                    self.deadline = deadline
                    queue.asyncAfter(deadline: .now() + delay, execute: deadline)
                    switch method {
                    case .browse(let serviceType): startBrowse(serviceType: serviceType)
                    case .connection(let endpoint, let usesUDP): startConnection(to: endpoint, usesUDP: usesUDP)
                    }
                }
            }
        } onCancel: {
            queue.async { [self] in
                isCancelled = true
                finish(decision.statusAtDeadline())
            }
        }
    }

    // MARK: - Deciding, on the queue

    private func observe(_ observation: LocalNetworkProbe.Observation?) {
        guard continuation != nil, let observation, let status = decision.observe(observation) else { return }
        finish(status)
    }

    private func finish(_ status: PermissionStatus) {
        guard let continuation else { return }
        self.continuation = nil
        deadline?.cancel()
        deadline = nil
        listener?.stateUpdateHandler = nil
        listener?.newConnectionHandler = nil
        listener?.cancel()
        browser?.stateUpdateHandler = nil
        browser?.browseResultsChangedHandler = nil
        browser?.cancel()
        connection?.stateUpdateHandler = nil
        connection?.cancel()
        listener = nil
        browser = nil
        connection = nil
        continuation.resume(returning: status)
    }

    // MARK: - The browse probe

    private func startBrowse(serviceType: String) {
        let listener: NWListener
        do {
            listener = try NWListener(using: .tcp)
        } catch {
            return observe(.failed(.listener, .other))
        }
        listener.service = NWListener.Service(name: decision.ownServiceName, type: serviceType)
        // The probe only advertises: it turns away any connection to its service.
        listener.newConnectionHandler = { connection in connection.cancel() }
        listener.stateUpdateHandler = { [self] state in observe(Self.observation(of: state)) }
        let browser = NWBrowser(for: .bonjour(type: serviceType, domain: nil), using: .tcp)
        browser.stateUpdateHandler = { [self] state in observe(Self.observation(of: state)) }
        browser.browseResultsChangedHandler = { [self] results, _ in
            observe(.found(serviceNames: Set(results.compactMap(Self.serviceName(of:)))))
        }
        self.listener = listener
        self.browser = browser
        listener.start(queue: queue)
        browser.start(queue: queue)
    }

    private static func observation(of state: NWListener.State) -> LocalNetworkProbe.Observation? {
        switch state {
        case .ready: .ready(.listener)
        case .waiting(let error): .waiting(.listener, reason(error))
        case .failed(let error): .failed(.listener, reason(error))
        case .setup, .cancelled: nil
        @unknown default: nil
        }
    }

    private static func observation(of state: NWBrowser.State) -> LocalNetworkProbe.Observation? {
        switch state {
        case .ready: .ready(.browser)
        case .waiting(let error): .waiting(.browser, reason(error))
        case .failed(let error): .failed(.browser, reason(error))
        case .setup, .cancelled: nil
        @unknown default: nil
        }
    }

    private static func serviceName(of result: NWBrowser.Result) -> String? {
        guard case .service(let name, _, _, _) = result.endpoint else { return nil }
        return name
    }

    // MARK: - The connection probe (deprecated)

    private func startConnection(to endpoint: NWEndpoint, usesUDP: Bool) {
        let connection = NWConnection(to: endpoint, using: usesUDP ? .udp : .tcp)
        connection.stateUpdateHandler = { [self] state in observe(connectionObservation(of: state)) }
        self.connection = connection
        connection.start(queue: queue)
    }

    private func connectionObservation(of state: NWConnection.State) -> LocalNetworkProbe.Observation? {
        switch state {
        case .ready:
            .ready(.connection)
        case .waiting(let error):
            .waiting(
                .connection,
                LocalNetworkProbe.Reason(
                    dnsError: Self.dnsError(error),
                    localNetworkDenied: connection?.currentPath?.unsatisfiedReason == .localNetworkDenied))
        case .failed(let error):
            .failed(.connection, Self.reason(error))
        case .setup, .preparing:
            .preparing(.connection)
        case .cancelled:
            nil
        @unknown default:
            nil
        }
    }

    // MARK: - Errors

    private static func reason(_ error: NWError) -> LocalNetworkProbe.Reason {
        LocalNetworkProbe.Reason(dnsError: dnsError(error))
    }

    private static func dnsError(_ error: NWError) -> Int32? {
        if case .dns(let code) = error { return Int32(code) }
        return nil
    }
}
#endif
