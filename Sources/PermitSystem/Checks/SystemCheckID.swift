/// The name of a ``SystemCheck``, stable across versions: results are stored and printed under it.
///
/// The built-in checks have static members; an app's own checks make their own.
///
/// For example:
///
/// ```swift
/// report.result(for: .documents)?.outcome      // .passed
/// let database = SystemCheckID(rawValue: "database")
/// ```
public struct SystemCheckID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The name as stored and printed, such as `documents`.
    public let rawValue: String

    /// Creates an identifier from its stored name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Whether someone is signed in to iCloud: ``ICloudAccountCheck``.
    public static let iCloud = SystemCheckID(rawValue: "icloud")
    /// Whether the app's iCloud Drive container can be reached: ``ICloudDriveCheck``.
    public static let iCloudDrive = SystemCheckID(rawValue: "icloudDrive")
    /// CloudKit's account status: ``CloudKitAccountCheck``.
    public static let cloudKit = SystemCheckID(rawValue: "cloudKit")
    /// Whether the documents directory can be written and read back: ``DocumentsAccessCheck``.
    public static let documents = SystemCheckID(rawValue: "documents")
    /// Whether the disk holding the documents directory has room: ``FreeSpaceCheck``.
    public static let freeSpace = SystemCheckID(rawValue: "freeSpace")
    /// Whether a network can be reached: ``NetworkCheck``.
    public static let network = SystemCheckID(rawValue: "network")

    /// The stored name.
    public var description: String { rawValue }
}
