public import Foundation

/// The person came back from Settings: what they went there for, the permission's status before and after, how
/// long they were away, and whether iOS terminated the app meanwhile.
///
/// A ``PermissionCenter`` reports one return for each ``SettingsIntent`` recorded before Settings opened, at the
/// next launch (after iOS terminated the app for the change) or the next return to the foreground, once, and
/// only while the intent has not expired. Read it with ``PermissionCenter/lastSettingsReturn()`` or follow
/// ``PermissionCenter/settingsReturns()``.
///
/// For example, at launch:
///
/// ```swift
/// for await back in center.settingsReturns() where back.intent.feature == "scan" {
///     if back.after.isUsable { openScanner(resuming: back.intent.payload) }
/// }
/// ```
public struct SettingsReturn: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Identifies this return; the web bridge delivers each once.
    public var id: UUID
    /// What the person went to Settings for.
    public var intent: SettingsIntent
    /// The permission's status when Settings opened.
    public var before: PermissionStatus
    /// The permission's status now.
    public var after: PermissionStatus
    /// When Settings opened.
    public var leftAt: Date
    /// When the app saw the person back.
    public var returnedAt: Date
    /// Whether the process that opened Settings ended before the return: iOS terminated the app for the change
    /// (or the person or the system ended it meanwhile).
    public var processWasTerminated: Bool

    /// Creates a return.
    public init(
        id: UUID = UUID(), intent: SettingsIntent, before: PermissionStatus, after: PermissionStatus, leftAt: Date,
        returnedAt: Date, processWasTerminated: Bool
    ) {
        self.id = id
        self.intent = intent
        self.before = before
        self.after = after
        self.leftAt = leftAt
        self.returnedAt = returnedAt
        self.processWasTerminated = processWasTerminated
    }

    /// Whether the permission's status changed: `false` when the person came back without changing anything.
    public var changed: Bool { before != after }

    /// How long the person was away, from Settings opening to the return.
    public var duration: Duration {
        .milliseconds(Int64((returnedAt.timeIntervalSince(leftAt) * 1000).rounded()))
    }

    /// A one-line description, such as `camera: denied -> granted after 12.3 s (terminated)`.
    public var description: String {
        "\(intent.kind): \(before) -> \(after) after \((duration / .milliseconds(100)).rounded() / 10) s"
            + (processWasTerminated ? " (terminated)" : "")
    }
}
