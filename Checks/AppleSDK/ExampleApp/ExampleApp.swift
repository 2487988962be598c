// The integration that the DocC article "Adding Permit to an iOS app" and the README describe, written as an
// app would write it: scripts/check-apple-adapters type-checks it against the adapter modules it has just
// built, so that the documented wiring keeps compiling. It is never run and is part of no product.

import Foundation
import Logging
import Permit
import PermitCamera
import PermitCloud
import PermitLocation
import PermitNetwork
import PermitNotifications
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

    init(logger: Logger) throws {
        let authority = RoutedPermissionAuthority([
            ([.location, .locationAlways], LocationAuthority()),
            ([.camera, .microphone], CaptureAuthority()),
            ([.notifications], NotificationAuthority(provisional: true)),
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

    func showSite(logger: Logger) async throws {
        let site = try WebOrigin("https://app.example.com")
        let router = BridgeRouter(
            center: center, configuration: BridgeConfiguration.zoobox(allowedOrigins: [site]),
            location: LocationFixProvider(), haptics: ImpactHaptics(), logger: logger)
        try await router.attach(to: host)
        let sync = CookieSync(host: host, siteHost: "app.example.com", logger: logger)
        await sync.start()
        try await host.load(URL(string: "https://app.example.com/")!)
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
