#if canImport(Speech)
import Speech
public import Permit

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
/// let speech = SpeechRecognitionAuthority()
/// let status = try await speech.request(.speechRecognition)
/// ```
public struct SpeechRecognitionAuthority: PermissionAuthority {
    /// Creates the authority.
    public init() {}

    /// The speech recognition authorization, read without prompting.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        guard kind == .speechRecognition else { return .unavailable }
        return Self.status(SFSpeechRecognizer.authorizationStatus())
    }

    /// Shows the system prompt when the status is `notDetermined`, and returns the status after the answer.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        guard kind == .speechRecognition else { return .unavailable }
        guard SFSpeechRecognizer.authorizationStatus() == .notDetermined else { return await status(of: kind) }
        let answer = await withCheckedContinuation { continuation in
            SFSpeechRecognizer.requestAuthorization { continuation.resume(returning: $0) }
        }
        return Self.status(answer)
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
#endif
