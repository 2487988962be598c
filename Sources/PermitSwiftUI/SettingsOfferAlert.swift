#if canImport(SwiftUI)
import Permit
public import PermitObservation
public import SwiftUI

@available(iOS 17, macOS 14, *)
extension View {
    /// Shows the offer of Settings that `offers` holds in an alert: its title and message, Open Settings (with
    /// its VoiceOver hint) and Not now (the cancel button). The alert answers the model with the person's
    /// choice; it leaves by its buttons only.
    ///
    /// For example:
    ///
    /// ```swift
    /// struct ScanScreen: View {
    ///     let permissions: PermissionModel    // PermissionModel(policy: policy, settingsOffers: offers,
    ///     let offers: SettingsOfferModel      //                 settings: SettingsAppOpener())
    ///
    ///     var body: some View {
    ///         Button("Scan") { Task { try await permissions.request(.camera) } }
    ///             .settingsOfferAlert(offers)
    ///     }
    /// }
    /// ```
    public func settingsOfferAlert(_ offers: SettingsOfferModel) -> some View {
        let shown = offers.presented
        return alert(
            shown?.texts.title ?? "",
            // The model decides: the buttons answer it, and the alert's own dismissal changes nothing.
            isPresented: Binding(get: { @MainActor in offers.presented != nil }, set: { @MainActor _ in }),
            presenting: shown
        ) { shown in
            Button(shown.texts.openSettingsLabel) { offers.choose(.openSettings, for: shown.id) }
                .accessibilityHint(Text(shown.texts.openSettingsHint))
            Button(shown.texts.notNowLabel, role: .cancel) { offers.choose(.notNow, for: shown.id) }
        } message: { shown in
            Text(shown.texts.message)
        }
    }
}
#endif
