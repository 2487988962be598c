public import Permit

/// The files one lint run checks: the permission manifest, and whichever of the app's build files are given.
///
/// Each rule runs when the files it compares are given: the Info.plist rules need ``infoPlist`` (and read the
/// `serviceType:` passed to `LocalNetworkAuthority(…)` in ``sources``, when given, for `NSBonjourServices`), the Android
/// rules ``androidManifest``, the module rules ``sources``, and the privacy-manifest rule both
/// ``privacyManifest`` and ``sources`` (it checks the entry only when the sources use `UserDefaults`), the
/// translation rule ``localizations``, the entitlement rules ``entitlements`` (and ``sources`` for what the code
/// says it holds). The
/// purpose-string voice rules and the primer rules always check the manifest's own texts; the primer rules check
/// the translations of a continue label in the ``localizations``' `Localizable` tables too.
///
/// For example:
///
/// ```swift
/// let linter = PermissionLinter()
/// let inputs = LintInputs(
///     manifest: try linter.readManifest(contentsOf: manifestURL), manifestFile: "permissions.json",
///     infoPlist: try InfoPlist(contentsOf: plistURL))
/// ```
public struct LintInputs: Hashable, Sendable {
    /// The permission manifest, the source of truth.
    public var manifest: PermissionManifest
    /// The manifest's path, as given, for findings.
    public var manifestFile: String
    /// The app's Info.plist.
    public var infoPlist: InfoPlist?
    /// The app's privacy manifest, `PrivacyInfo.xcprivacy`.
    public var privacyManifest: PrivacyManifest?
    /// The Android app's `AndroidManifest.xml`.
    public var androidManifest: AndroidManifest?
    /// The app's Swift sources.
    public var sources: SourceScan?
    /// The app's translated strings (`InfoPlist` and `Localizable`, `.strings` and `.xcstrings`).
    public var localizations: PurposeLocalizations?
    /// The app's entitlements, its `.entitlements` file.
    public var entitlements: Entitlements?

    /// Creates the inputs of a run.
    public init(
        manifest: PermissionManifest, manifestFile: String, infoPlist: InfoPlist? = nil,
        privacyManifest: PrivacyManifest? = nil, androidManifest: AndroidManifest? = nil, sources: SourceScan? = nil,
        localizations: PurposeLocalizations? = nil, entitlements: Entitlements? = nil
    ) {
        self.manifest = manifest
        self.manifestFile = manifestFile
        self.infoPlist = infoPlist
        self.privacyManifest = privacyManifest
        self.androidManifest = androidManifest
        self.sources = sources
        self.localizations = localizations
        self.entitlements = entitlements
    }
}
