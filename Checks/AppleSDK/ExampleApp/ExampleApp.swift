// The integration that the DocC article "Adding Permit to an iOS app" and the README describe, written as an
// app would write it: scripts/check-apple-adapters type-checks it against the adapter modules it has just
// built, so that the documented wiring keeps compiling. It is never run and is part of no product.

import Foundation
import Logging
import Permit
import PermitCalendar
import PermitCalendarWriteOnly
import PermitCamera
import PermitContacts
import PermitFaceID
import PermitFocusStatus
import PermitCloud
import PermitLocation
import PermitLocationAlways
import PermitMicrophone
import PermitNetwork
import PermitNotifications
import PermitPhotos
import PermitPhotosAddOnly
import PermitReminders
import PermitSwiftUI
import PermitSystem
import PermitUIKit
import PermitWeb
import PermitWebKit
import SwiftUI

@MainActor
final class AppServices {
    let center: PermissionCenter
    let lifecycle: LifecycleObserver
    let host: WebKitWebView
    let network = PathNetworkMonitor()
    /// Owns the bridge, the cookie sync and the push-token manager while the web view is on screen.
    private(set) var shell: HybridShell?

    init(logger: Logger) throws {
        let authority = RoutedPermissionAuthority([
            ([.location, .locationAlways], LocationAuthority.includingAlways()),
            ([.camera], CaptureAuthority()),
            ([.microphone], MicrophoneAuthority()),
            ([.notifications], NotificationAuthority(provisional: true)),
            ([.contacts], ContactsAuthority()),
            ([.photos], PhotoLibraryAuthority()),
            ([.photosAddOnly], PhotoLibraryAddOnlyAuthority()),
            ([.calendar], CalendarAuthority()),
            ([.calendarWriteOnly], CalendarWriteOnlyAuthority()),
            ([.reminders], RemindersAuthority()),
            ([.focusStatus], FocusStatusAuthority()),
            ([.faceID], FaceIDAuthority(reason: "Unlock your saved orders.")),
        ])
        center = PermissionCenter(
            kinds: [.location, .camera, .notifications], authority: authority,
            storage: PermitStorage(
                store: UserDefaultsPermissionStore(defaults: .standard, logger: logger), logger: logger),
            logger: logger)
        lifecycle = LifecycleObserver(center: center)
        lifecycle.start()
        let site = try WebOrigin("https://app.example.com")
        host = WebKitWebView(configuration: .init(allowedOrigins: [site]), logger: logger)
        let center = center
        Task { await center.start() }
    }

    /// Wires and loads the site; the app has added `host.webView` to its view hierarchy.
    func showSite(pushTokens: any PushTokenProvider, logger: Logger) async throws {
        let site = try WebOrigin("https://app.example.com")
        let shell = HybridShell(
            configuration: HybridShell.Configuration(
                pageURL: URL(string: "https://app.example.com/")!,
                bridge: BridgeConfiguration.zoobox(allowedOrigins: [site])),
            center: center, webView: host, location: LocationFixProvider(), haptics: ImpactHaptics(),
            settings: SettingsAppOpener(), pushTokens: pushTokens, logger: logger)
        self.shell = shell
        try await shell.start()
    }

    func systemChecks(documents: URL) -> [any SystemCheck] {
        SystemCheckRunner.standardChecks(
            cloud: ICloudAccountProvider(containerIdentifier: "iCloud.com.example.app"), documents: documents)
    }
}

struct StatusScreen: View {
    var warning: SystemWarning?
    var cameraState: PermissionState
    var report: SystemReport?

    var body: some View {
        VStack {
            if let warning {
                PermissionWarningBanner(
                    warning: warning, openSettings: { Task { await AppSettings.open() } }, dismiss: {})
            }
            PermissionStatusCard(state: cameraState, actionTitle: "Open Settings") {
                Task { await AppSettings.open() }
            }
            SystemStatusSection(report: report, now: Date())
        }
    }
}
