/// What the person was doing when the app sent them to Settings: the permission, the feature, and a small
/// payload of the app's own, handed back in the ``SettingsReturn`` when they come back.
///
/// iOS terminates an app when the person turns most privacy switches in Settings; the app comes back at its
/// start. Record the intent before opening Settings (``PermissionCenter/openSettings(for:with:lifetime:)``), and resume
/// from the return: open the scanner the person was about to use, not the home screen.
///
/// For example:
///
/// ```swift
/// let intent = SettingsIntent(kind: .camera, feature: "scan", payload: #"{"parcel":"4711"}"#)
/// _ = try await center.openSettings(for: intent, with: settings)
/// ```
public struct SettingsIntent: Hashable, Sendable, Codable {
    /// The permission the person went to turn on.
    public var kind: PermissionKind
    /// The feature the person was using, by the app's name for it (a ``Feature/name``), if any.
    public var feature: String?
    /// The app's own small payload, such as JSON with the screen's state: at most ``maximumPayloadSize`` bytes
    /// of UTF-8.
    public var payload: String?

    /// The largest payload, in bytes of UTF-8: 4 KiB.
    public static let maximumPayloadSize = 4 * 1024

    /// Creates an intent.
    public init(kind: PermissionKind, feature: String? = nil, payload: String? = nil) {
        self.kind = kind
        self.feature = feature
        self.payload = payload
    }
}
