// iOS only (kinds.json's platforms): NFCReaderSession is API_UNAVAILABLE(watchos, macos, tvos) (NFCReaderSession.h).
#if canImport(CoreNFC) && !os(macOS) && !PERMIT_CHECK_MACOS
import CoreNFC
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/nfcReading``, over Core NFC.
///
/// NFC tag reading has no permission prompt: each reader session shows the system's scanning sheet, which the
/// person dismisses or uses. So the kind reads `granted` on a device that can read tags
/// (`NFCReaderSession.readingAvailable`) and `unavailable` elsewhere (iPad, Mac, older iPhones), and
/// ``request(_:)`` shows nothing. Any other kind is `unavailable`. Its Info.plist key is
/// `NFCReaderUsageDescription`, shown in the scanning sheet; the app also needs the Near Field Communication Tag
/// Reading capability.
///
/// For example:
///
/// ```swift
/// let nfc = NFCAuthority()
/// let status = await nfc.status(of: .nfcReading)
/// ```
public struct NFCAuthority: PermissionAuthority {
    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority; `logger` hears, once, that Info.plist lacks the kind's purpose string.
    public init(logger: Logger = Logger(label: "Permit.NFC")) {
        purposeKeys = PurposeKeyCheck(kind: .nfcReading, logger: logger)
    }

    /// `granted` where the device reads NFC tags, `unavailable` elsewhere.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .nfcReading else { return .unavailable }
        guard !purposeKeys.isMissing else { return .unavailable }
        return SystemRequestGate.nfcStatus(readingAvailable: NFCNDEFReaderSession.readingAvailable)
    }

    /// The same as ``status(of:)``: NFC reading has no prompt to show.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        await status(of: kind)
    }
}

/// The former name of ``NFCAuthority``, kept so that apps written against Permit 1.0 compile.
@available(*, deprecated, renamed: "NFCAuthority")
public typealias NFCReadingAuthority = NFCAuthority
#endif
