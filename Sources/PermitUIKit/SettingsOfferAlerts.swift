#if canImport(UIKit)
public import Permit
import UIKit

/// Offers the way to Settings in an alert, "Camera is off for Trails" with Open Settings and Not now: the
/// `SettingsOfferPresenter` for a UIKit app. Give it to `PermissionModel`, `HybridShell` or `WebBridge` with a
/// `SettingsAppOpener`.
///
/// The alert is presented over the key window's front view controller. Its texts come from
/// `SettingsOffer.Wording.localized(bundle:table:)`: English, or the app's translations in its `Permit`
/// strings table. Open Settings is the alert's preferred action, and VoiceOver reads its hint ("Opens Trails's
/// page in the Settings app."), since the button leaves the app.
///
/// For example:
///
/// ```swift
/// let shell = HybridShell(configuration: configuration, policy: policy, webView: webView, location: location,
///                         haptics: ImpactHaptics(), primers: primers, settingsOffers: SettingsOfferAlerts(),
///                         settings: SettingsAppOpener(), logger: logger)
/// ```
public struct SettingsOfferAlerts: SettingsOfferPresenter {
    /// The app's name in the texts.
    public let appName: String
    /// The texts' wording.
    public let wording: SettingsOffer.Wording

    /// Creates the presenter.
    ///
    /// - Parameters:
    ///   - appName: The app's name in the texts; default: its display name (`SettingsOffer.appName(of:)`).
    ///   - wording: The texts' wording; default: the app's `Permit` strings table, English for the rest.
    public init(appName: String = SettingsOffer.appName(), wording: SettingsOffer.Wording = .localized()) {
        self.appName = appName
        self.wording = wording
    }

    /// Shows `offer` in an alert and returns the person's choice; Not now when no view controller is on screen
    /// to present it.
    @MainActor
    public func present(_ offer: SettingsOffer) async -> SettingsOfferChoice {
        guard let front = Self.frontViewController() else { return .notNow }
        let texts = offer.texts(appName: appName, wording: wording)
        return await withCheckedContinuation { chosen in
            let alert = UIAlertController(title: texts.title, message: texts.message, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: texts.notNowLabel, style: .cancel) { _ in chosen.resume(returning: .notNow) })
            let open = UIAlertAction(title: texts.openSettingsLabel, style: .default) { _ in
                chosen.resume(returning: .openSettings)
            }
            open.accessibilityHint = texts.openSettingsHint
            alert.addAction(open)
            alert.preferredAction = open
            front.present(alert, animated: true)
        }
    }

    /// The view controller in front on the key window: the root, or the one it presents, all the way up.
    @MainActor
    static func frontViewController() -> UIViewController? {
        let windows = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
        var front = windows.first(where: \.isKeyWindow)?.rootViewController
        while let presented = front?.presentedViewController { front = presented }
        return front
    }
}
#endif
