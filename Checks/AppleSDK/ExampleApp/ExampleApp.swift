// The integration that the DocC article "Adding Permit to an iOS app" and the README describe, written as an
// app would write it: scripts/check-apple-adapters type-checks it against the adapter modules it has just
// built, so that the documented wiring keeps compiling. It is never run and is part of no product. Each of the
// article's Swift blocks (but Firebase's) is one of the blocks below, verbatim: the script checks that too.

// MARK: - The article's blocks, in its order

import Foundation
import Logging
import Permit
import PermitCamera
import PermitCloud
import PermitLocation
import PermitLocationAlways
import PermitNotifications
import PermitSwiftUI
import PermitSystem
import PermitUIKit
import PermitWeb
import PermitWebKit
import SwiftUI
import UIKit
import WebKit

@MainActor
final class AppServices {
    let center: PermissionCenter
    let lifecycle: LifecycleObserver
    let host: WebKitWebView
    /// The app's own WebKit UI delegate, which the host holds weakly.
    let siteUI = SiteUIDelegate()
    /// Owns the bridge, the cookie sync and the push-token cookie while the web view is on screen.
    var shell: HybridShell?

    init(logger: Logging.Logger) throws {
        let authority = RoutedPermissionAuthority([
            ([.location, .locationAlways], LocationAuthority.includingAlways(logger: logger)),
            ([.camera], CameraAuthority(logger: logger)),
            ([.notifications], NotificationsAuthority(provisional: true)),
        ])
        center = PermissionCenter(
            kinds: [.location, .locationAlways, .camera, .notifications], authority: authority,
            storage: PermitStorage(
                store: UserDefaultsPermissionStore(defaults: .standard, logger: logger), logger: logger),
            logger: logger)
        lifecycle = LifecycleObserver(center: center)  // runs in run(), below
        let site = try WebOrigin("https://app.example.com")
        host = WebKitWebView(
            configuration: .init(
                allowedOrigins: [site], openExternally: { url in Task { await ExternalURLs.open(url) } }),
            logger: logger)
        host.uiDelegate = siteUI  // gets what the host does not answer itself, such as window.close()
        let center = center
        Task { await center.start() }
    }
}

extension AppServices {
    /// Puts the web view in `container`, filling it, then wires and loads the site, and keeps it wired until the
    /// calling task is cancelled (the screen's `.task`, or the task the view controller cancels when it goes).
    func showSite(in container: UIView, pushTokens: any PushTokenProvider, logger: Logging.Logger) async throws {
        host.webView.frame = container.bounds
        host.webView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(host.webView)
        let site = try WebOrigin("https://app.example.com")
        let shell = HybridShell(
            configuration: HybridShell.Configuration(
                pageURL: URL(string: "https://app.example.com/")!,
                bridge: BridgeConfiguration(allowedOrigins: [site])),
            center: center, webView: host, location: LocationFixProvider(), haptics: ImpactHaptics(),
            settingsOffers: SettingsOfferAlerts(), settings: SettingsAppOpener(), pushTokens: pushTokens,
            logger: logger)
        self.shell = shell
        try await shell.run()  // bridge, cookies, push token, then the page; until cancelled
    }
}

extension AppServices {
    func systemChecks(documents: URL) -> [any SystemCheck] {
        SystemCheckRunner.standardChecks(
            cloud: ICloudAccountProvider(
                driveContainerIdentifier: "iCloud.com.example.app",
                cloudKitContainerIdentifier: "iCloud.com.example.app"),
            documents: documents)
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
            SystemStatusSection(report: report)  // "Last checked" keeps itself current
        }
    }
}

/// The app's own `WKUIDelegate`. The host answers new windows, the JavaScript dialogs and capture requests
/// itself and forwards every other UI delegate call here, such as the page's `window.close()`.
final class SiteUIDelegate: NSObject, WKUIDelegate {
    var onClose: (@MainActor () -> Void)?

    func webViewDidClose(_ webView: WKWebView) { onClose?() }
}

// The adapters the article's blocks do not use, imported so that every adapter is type-checked here.
import PermitCalendar
import PermitCalendarWriteOnly
import PermitContacts
import PermitFaceID
import PermitFocusStatus
import PermitMicrophone
import PermitNetwork
import PermitPhotos
import PermitPhotosAddOnly
import PermitReminders

// MARK: - Every other adapter, as an app that links them all would route them

@MainActor
func allAdapters(logger: Logging.Logger) -> RoutedPermissionAuthority {
    RoutedPermissionAuthority([
        ([.location, .locationAlways], LocationAuthority.includingAlways(logger: logger)),
        ([.camera], CameraAuthority(logger: logger)),
        ([.microphone], MicrophoneAuthority(logger: logger)),
        ([.notifications], NotificationsAuthority(provisional: true)),
        ([.contacts], ContactsAuthority()),
        ([.photos], PhotosAuthority()),
        ([.photosAddOnly], PhotosAddOnlyAuthority()),
        ([.calendar], CalendarAuthority()),
        ([.calendarWriteOnly], CalendarWriteOnlyAuthority()),
        ([.reminders], RemindersAuthority()),
        ([.focusStatus], FocusStatusAuthority()),
        ([.faceID], FaceIDAuthority(reason: "Unlock your saved orders.")),
    ])
}

func networkMonitor() -> PathNetworkMonitor { PathNetworkMonitor() }

// MARK: - The app's own WebKit navigation delegate, beside the host

/// What an app that handles a WebKit navigation call the host does not answer writes (its methods are WebKit's
/// optional ones; the host forwards them).
final class SiteNavigationDelegate: NSObject, WKNavigationDelegate {}

@MainActor
func give(_ navigationDelegate: SiteNavigationDelegate, to host: WebKitWebView) {
    host.navigationDelegate = navigationDelegate  // held weakly: the app keeps it
}

extension AppServices {
    /// Runs the app's long-lived components until the task is cancelled.
    func run() async {
        let lifecycle = lifecycle
        await withDiscardingTaskGroup { group in
            group.addTask { await lifecycle.run() }  // will-enter-foreground and did-become-active reach the center
        }
    }
}
