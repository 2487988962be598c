import Permit
import PermitLocation
// import PermitCamera
/*
import PermitNotifications
*/

/// Keeps its settings in a file: "UserDefaults" appears only in this comment and in a string.
struct Capture {
    let storeName = "UserDefaults"
    let raw = #"import PermitCamera"#
}
