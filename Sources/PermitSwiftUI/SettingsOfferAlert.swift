#if canImport(SwiftUI)
import Permit
public import PermitObservation
public import SwiftUI

@available(iOS 17, macOS 14, *)
extension View {
    /// Shows the offer of Settings that `offers` holds in an alert: its title and message, Open Settings (with
    /// the offer's hint as its accessibility hint) and Not now (the cancel button). The alert answers the model
    /// with the person's choice, and tells it when it has gone, so that the next offer waits for that.
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
        // The last offer, not only the one on screen: the alert keeps its texts while it goes away.
        let shown = offers.lastPresented
        return alert(
            shown?.texts.title ?? "",
            isPresented: Binding(
                get: { @MainActor in offers.presented != nil },
                set: { @MainActor isPresented in if !isPresented { offers.alertDismissed() } }),
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
