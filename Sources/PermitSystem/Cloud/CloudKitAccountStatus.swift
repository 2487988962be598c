/// CloudKit's view of the device's account: the cases of `CKAccountStatus`.
///
/// ``CloudKitAccountCheck`` passes only for ``available``; every other status raises
/// ``SystemWarning/cloudKitUnavailable``.
public enum CloudKitAccountStatus: String, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// Signed in, and CloudKit can be used.
    case available
    /// No iCloud account is signed in.
    case noAccount
    /// Parental controls or device management do not allow this app to use iCloud.
    case restricted
    /// CloudKit could not tell, for example because of a network error.
    case couldNotDetermine
    /// The account is signed in but cannot be used right now, for example until the user accepts new terms.
    case temporarilyUnavailable

    /// The raw value.
    public var description: String { rawValue }
}
