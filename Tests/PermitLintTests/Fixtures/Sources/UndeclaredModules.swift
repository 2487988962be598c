@preconcurrency import PermitCamera
@_spi(Internal) public import PermitNotifications
import PermitLocation; import PermitWebKit

final class ShellViewController {
    let defaults = UserDefaults.standard
}
