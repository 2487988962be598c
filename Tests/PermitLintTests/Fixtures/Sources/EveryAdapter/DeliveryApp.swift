import Permit
import PermitBluetooth
import PermitCalendar
import PermitCamera
import PermitContacts
import PermitLocation
import PermitLocationAlways
import PermitMediaLibrary
import PermitMicrophone
import PermitMotion
import PermitNotifications
import PermitPhotos
import PermitPhotosAddOnly
import PermitReminders
import PermitSpeech
import PermitTracking

/// A delivery app that asks for every kind of every-kind.json, each through its adapter: location while in use and
/// always, the camera, the microphone, notifications, contacts, the photo library, the calendar, reminders,
/// Bluetooth, motion, speech recognition, tracking and the media library. It keeps its store in UserDefaults.
struct DeliveryApp {
    let store = UserDefaultsPermissionStore.self
}
