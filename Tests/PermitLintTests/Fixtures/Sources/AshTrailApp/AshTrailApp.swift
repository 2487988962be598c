import Logging
import Permit
@preconcurrency import PermitLocation
import PermitNotifications
import SwiftUI

@main
struct AshTrailApp: App {
    @State private var model = AppModel(
        center: PermissionCenter(
            kinds: [.location, .camera, .notifications],
            authority: AppleAuthority(),
            storage: PermitStorage(store: UserDefaultsPermissionStore(defaults: .standard, logger: Logger(label: "ashtrail")), logger: Logger(label: "ashtrail")),
            logger: Logger(label: "ashtrail")))

    var body: some Scene {
        WindowGroup { LogView(model: model) }
    }
}
