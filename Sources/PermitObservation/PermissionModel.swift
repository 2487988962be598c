public import Observation
public import Permit

/// The permission center's states for SwiftUI and any other Observation client: an `@Observable` model that
/// views read and that follows every change the center persists.
///
/// `PermissionCenter` is an actor, so a view cannot read it synchronously. The model holds the center's
/// states on the main actor, starts the center and keeps the states current while ``run()`` runs (from a
/// view's `.task`, so that it ends with the view). Observation needs iOS 17 or macOS 14; on iOS 16 read
/// `PermissionCenter/changes()` yourself. The model needs only Observation, not SwiftUI: it builds, and is
/// tested, wherever Observation does, Linux included. `PermitSwiftUI` re-exports this module.
///
/// Made over the app's `PromptPolicy`, the model's ``request(_:)`` is the person's own request: it shows the
/// declared primer and prompts whenever the kind was never asked (no budget, cooldown or startup holds it
/// back), and ``outcome(of:)`` says why it did not. Made over a center alone, it asks the center directly.
///
/// For example:
///
/// ```swift
/// struct CameraRow: View {
///     let permissions: PermissionModel      // PermissionModel(policy: policy, primers: primers)
///
///     var body: some View {
///         VStack {
///             Text(permissions.status(of: .camera)?.description ?? "…")
///             Button("Scan") { Task { try await permissions.request(.camera) } }
///             if permissions.outcome(of: .camera)?.nextStep == .openSettings {
///                 Text("Camera is off. Turn it on in Settings.")
///             }
///         }
///         .task { await permissions.run() }
///     }
/// }
/// ```
@available(iOS 17, macOS 14, *)
@MainActor
@Observable
public final class PermissionModel {
    /// The center the model follows.
    @ObservationIgnored public let center: PermissionCenter
    /// Every tracked permission's state, in the center's order; empty until ``run()`` has read them.
    public private(set) var states: [PermissionState] = []
    /// Whether the center has been started and its states read.
    public private(set) var isReady = false
    /// The policy the model's requests go through, or `nil` when they go to the center directly.
    @ObservationIgnored public let policy: PromptPolicy?
    @ObservationIgnored private let primers: (any PrimerPresenter)?
    @ObservationIgnored private let settingsOffers: (any SettingsOfferPresenter)?
    @ObservationIgnored private let settings: (any SettingsOpener)?
    /// What came of the latest request for each kind made through the policy.
    private var outcomes: [PermissionKind: PolicyRequestOutcome] = [:]

    /// Creates a model over `center`, whose requests go to the center with no policy; nothing is read until
    /// ``run()``.
    public init(center: PermissionCenter) {
        self.center = center
        policy = nil
        primers = nil
        settingsOffers = nil
        settings = nil
    }

    /// Creates a model over `policy`'s center, whose requests go through `policy` as the person's own; nothing
    /// is read until ``run()``.
    ///
    /// - Parameters:
    ///   - policy: The app's prompt policy.
    ///   - primers: Shows a primer the policy decides is due before the system prompt; with `nil`, the request
    ///     continues to the system prompt as the primer's Continue would.
    ///   - settingsOffers: Offers the way to Settings when a request meets a denied kind
    ///     (`PromptPolicy.offerSettings(for:presenter:opener:)`): `SettingsOfferAlerts` in UIKit, a
    ///     ``SettingsOfferModel`` shown with `.settingsOfferAlert(_:)` in SwiftUI; `nil` for no offer.
    ///   - settings: Opens the app's page in Settings when the person chooses to (`SettingsAppOpener`); the
    ///     offer is made only with both.
    public init(
        policy: PromptPolicy, primers: (any PrimerPresenter)? = nil,
        settingsOffers: (any SettingsOfferPresenter)? = nil, settings: (any SettingsOpener)? = nil
    ) {
        center = policy.center
        self.policy = policy
        self.primers = primers
        self.settingsOffers = settingsOffers
        self.settings = settings
    }

    /// The state of `kind`, or `nil` before the first read or for a kind the center does not track.
    public func state(of kind: PermissionKind) -> PermissionState? {
        states.first { $0.kind == kind }
    }

    /// The status of `kind`, or `nil` before the first read or for a kind the center does not track.
    public func status(of kind: PermissionKind) -> PermissionStatus? {
        state(of: kind)?.status
    }

    /// Starts the center (comparing the OS with the last launch), reads its states, then follows every
    /// change until the calling task is cancelled. Call it from a view's `.task`; calling it again (a view
    /// that appears again) starts nothing twice, as `PermissionCenter/start()` runs once.
    public func run() async {
        let changes = center.changes()
        await center.start()
        await refresh()
        isReady = true
        for await _ in changes {
            await refresh()
        }
    }

    /// Asks for `kind` as the person's own action, and returns the resulting state; the model's ``states``
    /// follow. Call it from a button's action, not at launch or from a timer.
    ///
    /// With a policy, the request goes through it as `RequestInitiator.person`: the declared primer, then the
    /// system prompt when the kind was never asked, or no prompt with the reason in ``outcome(of:)`` (denied,
    /// asked before). A kind denied before is offered Settings, with the model's presenter and opener, once per
    /// launch; it returns after the person's choice, which the outcome holds. Without a policy, the request
    /// goes to the center (one system prompt at most, however many callers ask).
    ///
    /// - Throws: The policy's errors (`PolicyError.kindNotDeclared`) or the center's
    ///   (`PermitError.kindNotTracked`, `PermitError.requestFailed`).
    @discardableResult
    public func request(_ kind: PermissionKind) async throws -> PermissionState {
        let state: PermissionState
        if let policy {
            let outcome = try await policy.request(
                kind, presentingPrimerWith: primers, offeringSettingsWith: settingsOffers, opener: settings,
                initiatedBy: .person)
            outcomes[kind] = outcome
            state = outcome.state
        } else {
            state = try await center.request(kind)
        }
        await refresh()
        return state
    }

    /// What came of the latest ``request(_:)`` for `kind` made through the policy: whether the OS was asked,
    /// and the step to take now (`NextStep.openSettings` after a denial). `nil` before the first such
    /// request, once the kind's status has changed since (turned on in Settings), and always for a model made
    /// over a center alone.
    public func outcome(of kind: PermissionKind) -> PolicyRequestOutcome? {
        outcomes[kind]
    }

    /// Reads every state from the center again. An outcome whose kind's status has changed since is dropped:
    /// it no longer says what to do.
    public func refresh() async {
        states = await center.states()
        outcomes = outcomes.filter { kind, outcome in status(of: kind) == outcome.state.status }
    }
}
