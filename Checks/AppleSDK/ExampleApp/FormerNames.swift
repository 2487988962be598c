// Apps written against Permit 1.0 name six adapters' authorities as they were before the names followed their
// modules (Permit 1.1): those names must keep compiling, deprecated, until a major release removes them.
import Permit
import PermitCamera
import PermitNFC
import PermitNotifications
import PermitPhotos
import PermitPhotosAddOnly
import PermitSpeech

@available(*, deprecated, message: "uses Permit 1.0's names on purpose")
let formerAuthorityNames: [any PermissionAuthority.Type] = [
    CaptureAuthority.self, NFCReadingAuthority.self, NotificationAuthority.self, PhotoLibraryAuthority.self,
    PhotoLibraryAddOnlyAuthority.self, SpeechRecognitionAuthority.self,
]
