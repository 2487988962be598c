#if canImport(CoreBluetooth)
public import CoreBluetooth
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/bluetooth``, over Core Bluetooth.
///
/// | CoreBluetooth (`CBManager.authorization`) | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `allowedAlways` | `granted` |
///
/// iOS has no "request" call for Bluetooth: the prompt shows when the app first creates a Bluetooth manager. So
/// ``request(_:)`` creates a central manager (without the "turn Bluetooth on" alert) and waits for its first
/// state update after the answer, or for ``answerTimeout``, whichever comes first (each request its own
/// `PromptWait`, tested on Linux), then reads the authorization again: a request always completes. Bluetooth being off is not a permission: it reads
/// `granted` when allowed; the app checks the manager's state before scanning.
///
/// Accessories paired through AccessorySetupKit (iOS 18) need no Bluetooth authorization: an app that uses only
/// those never asks, and this kind stays `notDetermined`. Any other kind is `unavailable`. Its Info.plist key
/// is `NSBluetoothAlwaysUsageDescription`.
///
/// For example:
///
/// ```swift
/// let bluetooth = BluetoothAuthority()
/// let status = try await bluetooth.request(.bluetooth)
/// ```
@MainActor
public final class BluetoothAuthority: NSObject, PermissionAuthority, CBCentralManagerDelegate {
    /// How long ``request(_:)`` waits for the answer before it reads the authorization as it is.
    public let answerTimeout: Duration
    private var manager: CBCentralManager?
    /// The waits of the requests in flight: each ends at the answer or at its own deadline.
    private var waits: [PromptWait] = []

    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority; it creates no Bluetooth manager until ``request(_:)``. `logger` hears, once, that
    /// Info.plist lacks the kind's purpose string.
    public init(answerTimeout: Duration = .seconds(120), logger: Logger = Logger(label: "Permit.Bluetooth")) {
        purposeKeys = PurposeKeyCheck(kind: .bluetooth, logger: logger)
        self.answerTimeout = answerTimeout
        super.init()
    }

    /// The Bluetooth authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .bluetooth else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        return Self.status(CBManager.authorization)
    }

    /// Shows the system prompt when the status is `notDetermined` (by creating a central manager), and returns
    /// the status after the answer or after ``answerTimeout``.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .bluetooth else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        guard SystemRequestGate.asksSystem(current: Self.status(CBManager.authorization)) else {
            return await status(of: kind)
        }
        // Only the answer or the deadline ends the wait: the no-prompt window is the whole timeout.
        let wait = PromptWait(noPromptWindow: answerTimeout, deadline: answerTimeout)
        waits.append(wait)
        if manager == nil {
            manager = CBCentralManager(
                delegate: self, queue: nil, options: [CBCentralManagerOptionShowPowerAlertKey: false])
        }
        _ = await wait.finish()
        waits.removeAll { $0 === wait }
        return await status(of: kind)
    }

    // MARK: - CBCentralManagerDelegate

    /// Tells the waiting requests whether the person answered. The manager was created with no queue, so
    /// Core Bluetooth calls this on the main queue.
    public nonisolated func centralManagerDidUpdateState(_ central: CBCentralManager) {
        MainActor.assumeIsolated {
            let answered = CBManager.authorization != .notDetermined
            for wait in waits { wait.authorizationChanged(isAnswer: answered) }
        }
    }

    nonisolated static func status(_ authorization: CBManagerAuthorization) -> PermissionStatus {
        switch authorization {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .allowedAlways: .granted
        @unknown default: .unavailable
        }
    }
}
#endif
