#if canImport(SwiftUI)
public import PermitSystem
public import SwiftUI

/// A banner for one system warning: its title, message and buttons, over `SystemBanner`'s current warning.
///
/// The view only shows what it is given: the app reads `SystemBanner.warning()`, passes the warning here, and
/// handles the buttons (open Settings; dismiss with `SystemBanner.dismiss(_:)`, after which the banner returns
/// at the next launch while the problem lasts). The "Open Settings" button appears when the warning's action
/// asks for it.
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

    /// Creates a banner for `warning`.
    ///
    /// - Parameters:
    ///   - warning: The warning to show.
    ///   - openSettings: What the "Open Settings" button does.
    ///   - dismiss: What the "Dismiss" button does.
    public init(
        warning: SystemWarning, openSettings: @escaping @MainActor () -> Void,
        dismiss: @escaping @MainActor () -> Void
    ) {
        self.warning = warning
        self.openSettings = openSettings
        self.dismiss = dismiss
    }

    /// The title, the message and the buttons.
    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(warning.title).font(.headline)
            Text(warning.message).font(.subheadline)
            HStack {
                if warning.action == .openSettings {
                    Button("Open Settings", action: openSettings)
                }
                Spacer()
                Button("Dismiss", action: dismiss)
            }
        }
        .padding()
    }
}
#endif
