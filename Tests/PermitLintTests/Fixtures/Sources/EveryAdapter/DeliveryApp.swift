import Permit
import PermitCamera
import PermitContacts
import PermitLocation
import PermitLocationAlways
import PermitMicrophone
import PermitNotifications

/// A delivery app that asks for every kind with an adapter: location while in use and always, the camera, the
/// microphone, notifications and contacts. It keeps its store in UserDefaults.
struct DeliveryApp {
    let store = UserDefaultsPermissionStore.self
}
