#if canImport(UIKit)
public import Foundation
public import Permit
import UIKit

/// The app's page in the Settings app: the next step after a denial.
///
/// For example, the action of a banner's "Open Settings" button:
///
/// ```swift
/// Button("Open Settings") { Task { await AppSettings.open() } }
/// ```
@MainActor
public enum AppSettings {
    /// The URL of the app's page in Settings (`UIApplication.openSettingsURLString`).
    public static var url: URL? { URL(string: UIApplication.openSettingsURLString) }

    /// Opens the app's page in Settings and returns whether the system opened it.
    @discardableResult
    public static func open() async -> Bool {
        guard let url else { return false }
        return await UIApplication.shared.open(url, options: [:])
    }
}

/// Opens the app's page in Settings when a web page calls the bridge's `openSettings()`: give it to
/// `HybridShell` or `WebBridge`.
///
/// For example:
///
/// ```swift
/// let shell = HybridShell(configuration: configuration, policy: policy, webView: webView, location: location,
///                         haptics: ImpactHaptics(), primers: primers, settings: SettingsAppOpener(), logger: logger)
/// ```
public struct SettingsAppOpener: SettingsOpener {
    /// Creates an opener.
    public init() {}

    /// Opens the app's page in Settings; returns whether the system opened it.
    public func openSettings() async -> Bool { await AppSettings.open() }
}
#endif
