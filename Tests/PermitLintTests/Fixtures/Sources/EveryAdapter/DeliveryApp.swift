import Permit
import PermitCalendar
import PermitCamera
import PermitContacts
import PermitLocation
import PermitLocationAlways
import PermitMicrophone
import PermitNotifications
import PermitPhotos
import PermitPhotosAddOnly
import PermitReminders

/// A delivery app that asks for every kind with an adapter: location while in use and always, the camera, the
/// microphone, notifications, contacts, the photo library, the calendar and reminders. It keeps its store in UserDefaults.
struct DeliveryApp {
    let store = UserDefaultsPermissionStore.self
}
