#if canImport(SwiftUI)
public import PermitSystem
public import SwiftUI

/// A banner for one system warning: its title and message on the colour of its severity (critical red, warning
/// orange, info blue, `SystemBannerStyle`), an "Open Settings" button when the warning's action asks for one,
/// and a close ✗.
///
/// The view only shows what it is given: the app reads `SystemBanner.warning()`, passes the warning here, and
/// handles the buttons (open Settings; dismiss with `SystemBanner.dismiss(_:)`, after which the banner returns
/// at the next launch while the problem lasts). VoiceOver reads the close ✗ as "Dismiss". The texts are
/// `SystemStatusPresentation.Wording.localized()`: English, or the app's `Permit` strings table.
///
/// For example:
///
/// ```swift
/// if let warning {
///     PermissionWarningBanner(warning: warning,
///                             openSettings: { Task { await AppSettings.open() } },
///                             dismiss: { Task { self.warning = await banner.dismiss(warning) } })
/// }
/// ```
public struct PermissionWarningBanner: View {
    /// The warning shown.
    public let warning: SystemWarning
    private let openSettings: @MainActor () -> Void
    private let dismiss: @MainActor () -> Void
    private let openSettingsLabel: String
    private let style: SystemBannerStyle

    /// Creates a banner for `warning`.
    ///
    /// - Parameters:
    ///   - warning: The warning to show.
    ///   - wording: The buttons' texts; default: the app's `Permit` strings table, English for the rest.
    ///   - openSettings: What the "Open Settings" button does.
    ///   - dismiss: What the close ✗ does.
    public init(
        warning: SystemWarning, wording: SystemStatusPresentation.Wording = .localized(),
        openSettings: @escaping @MainActor () -> Void, dismiss: @escaping @MainActor () -> Void
    ) {
        self.warning = warning
        self.openSettings = openSettings
        self.dismiss = dismiss
        self.openSettingsLabel = wording.openSettings
        self.style = SystemBannerStyle(warning: warning, wording: wording)
    }

    /// The title, the message, the buttons, on the severity's colour.
    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack(alignment: .top) {
                VStack(alignment: .leading, spacing: 4) {
                    Text(warning.title).font(.headline)
                    Text(warning.message).font(.subheadline)
                }
                Spacer()
                Button(action: dismiss) { Text(style.closeSymbol) }
                    .accessibilityLabel(Text(style.closeLabel))
            }
            if warning.action == .openSettings {
                Button(openSettingsLabel, action: openSettings)
            }
        }
        .padding()
        .background(color.opacity(0.15))
    }

    private var color: Color {
        switch style.color {
        case .red: .red
        case .orange: .orange
        case .blue: .blue
        }
    }
}
#endif
