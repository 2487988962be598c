/// Sends the user to the app's page in the Settings app, as a page's `openSettings()` asks.
///
/// The app implements it: on iOS, `SettingsAppOpener` in the `PermitUIKit` adapter opens
/// `UIApplication.openSettingsURLString`; the simulated app of the demo opens the simulated Settings.
///
/// ## Implementation requirements
///
/// Open the app's own page in Settings and return whether it opened; never change a permission itself.
///
/// For example:
///
/// ```swift
/// struct AppSettings: SettingsOpener {
///     func openSettings() async -> Bool {
///         await UIApplication.shared.open(URL(string: UIApplication.openSettingsURLString)!)
///     }
/// }
/// ```
public protocol SettingsOpener: Sendable {
    /// Opens the app's page in Settings; returns whether it opened.
    func openSettings() async -> Bool
}
