#if canImport(UIKit)
public import Foundation
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
#endif
