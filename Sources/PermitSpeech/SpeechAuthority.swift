#if canImport(Speech)
import Speech
public import Logging
public import Permit
import PermitAdapterSupport

/// The `PermissionAuthority` for ``PermissionKind/speechRecognition``, over `SFSpeechRecognizer`.
///
/// It translates and decides nothing:
///
/// | Speech | Permit |
/// | --- | --- |
/// | `notDetermined` | `notDetermined` |
/// | `restricted` | `restricted` |
/// | `denied` | `denied` |
/// | `authorized` | `granted` |
///
/// Any other kind is `unavailable`. Its Info.plist key is `NSSpeechRecognitionUsageDescription`. Live
/// recognition also records audio, which is the separate ``PermissionKind/microphone`` kind (`PermitMicrophone`).
///
/// For example:
///
/// ```swift
/// let speech = SpeechAuthority()
/// let status = try await speech.request(.speechRecognition)
/// ```
public struct SpeechAuthority: PermissionAuthority {
    /// The shared flow: read at once, ask only while not determined.
    private let base = CallbackAuthority(
        kind: .speechRecognition, status: { Self.status(SFSpeechRecognizer.authorizationStatus()) },
        ask: { answer in SFSpeechRecognizer.requestAuthorization { answer(Self.status($0)) } })

    /// The purpose strings iOS needs before the framework is touched: without one the kind reads `unavailable`
    /// and is never asked (asking would terminate the app).
    private let purposeKeys: PurposeKeyCheck

    /// Creates the authority; `logger` hears, once, that Info.plist lacks the kind's purpose string.
    public init(logger: Logger = Logger(label: "Permit.Speech")) {
        purposeKeys = PurposeKeyCheck(kind: .speechRecognition, logger: logger)
    }

    /// The authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind != base.kind || !purposeKeys.isMissing else { return .unavailable }
        return await base.status(of: kind)
    }

    /// Shows the system prompt when the status is `notDetermined`, and returns the status after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind != base.kind || !purposeKeys.isMissing else { return .unavailable }
        return try await base.request(kind)
    }

    static func status(_ authorization: SFSpeechRecognizerAuthorizationStatus) -> PermissionStatus {
        switch authorization {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorized: .granted
        @unknown default: .unavailable
        }
    }
}

/// The former name of ``SpeechAuthority``, kept so that apps written against Permit 1.0 compile.
@available(*, deprecated, renamed: "SpeechAuthority")
public typealias SpeechRecognitionAuthority = SpeechAuthority
#endif
