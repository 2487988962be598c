import Logging
import Permit
import PermitTesting
import PermitWeb

/// The demo app's primers: each is noted in the transcript, and the user taps Continue at once.
struct DemoPrimers: PrimerPresenter {
    let app: HybridApp

    func present(_ primer: Primer) async { await app.primerShown(primer) }
}

/// The demo app's offers of Settings: each is noted in the transcript, and the person makes the choice the
/// demo scripted (`offer open|notnow` in the shell), Not now when none was.
struct DemoSettingsOffers: SettingsOfferPresenter {
    let app: HybridApp

    func present(_ offer: SettingsOffer) async -> SettingsOfferChoice? { await app.settingsOfferShown(offer) }
}

/// The demo app's Settings: the page's `openSettings()` opens the simulated Settings app.
struct DemoSettings: SettingsOpener {
    let app: HybridApp

    func openSettings() async -> Bool { await app.openSettings() }
}

/// The simulated device as the app's center sees it, noting in the transcript a prompt that failed because
/// no answer was scripted for it.
struct PromptFailureNotes: PermissionAuthority {
    let device: SimulatedDevice
    let emit: @Sendable (AppEvent) -> Void

    func status(of kind: PermissionKind) async -> PermissionStatus { await device.status(of: kind) }

    func statuses(of kinds: [PermissionKind]) async -> [PermissionKind: PermissionStatus] {
        await device.statuses(of: kinds)
    }

    func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        do {
            return try await device.request(kind)
        } catch SimulatedDeviceError.appNotActive {
            let state = await device.appState
            let text =
                "the \(kind) prompt was not shown: the app is \(state == .background ? "in the background" : "not running") "
                + "(after background, or the page's openSettings()), and iOS shows prompts to the active app only; "
                + "foreground first"
            emit(.failure(.promptNotShown, text))
            throw SimulatedDeviceError.appNotActive.withDetail(text)
        } catch SimulatedDeviceError.unexpectedPrompt {
            let text = "the \(kind) prompt was shown and nobody answered it; script the answer first: answer \(kind) grant|deny"
            emit(.failure(.unansweredPrompt, text))
            throw SimulatedDeviceError.unexpectedPrompt.withDetail(text)
        }
    }

    func notificationDetails() async -> NotificationDetails? { await device.notificationDetails() }

    func observeChanges(_ handler: (@Sendable (PermissionKind) -> Void)?) async {
        await device.observeChanges(handler)
    }

    func requestTemporaryFullAccuracy(purposeKey: String) async -> PermissionStatus {
        await device.requestTemporaryFullAccuracy(purposeKey: purposeKey)
    }
}

/// Notes in the transcript each page request the bridge did not prompt for, with its reason: the log message
/// ``WebBridge/requestNotPromptedMessage``, beside the app's own log handler.
struct HeldRequestNotes: LogHandler {
    let emit: @Sendable (AppEvent) -> Void
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        guard event.message == WebBridge.requestNotPromptedMessage, let fields = event.metadata,
            let kind = fields["kind"], let reason = fields["reason"]
        else { return }
        let who = fields["initiator"].map { "\($0)" } == "person" ? "the person's" : "the page's own"
        let offer = fields["settingsOffer"].map { "\($0)" }.flatMap { $0 == "none" ? nil : $0 }
        emit(.note(
            "\(who) request for \(kind) did not prompt: \(reason); next: \(fields["next"].map { "\($0)" } ?? "none")"
                + (offer.map { "; offered Settings, the person chose \($0)" } ?? "")))
    }

    /// `logger` with its handler and this one side by side.
    static func beside(_ logger: Logger, emit: @escaping @Sendable (AppEvent) -> Void) -> Logger {
        var both = logger
        both.handler = MultiplexLogHandler([logger.handler, HeldRequestNotes(emit: emit)])
        return both
    }
}
