import Foundation
package import Permit
package import PermitTesting
import PermitWeb

// What the person does with the device while the app runs or not: leaving the app, coming back, and changing
// the app's permissions in Settings.
extension HybridApp {
    /// The user leaves the app (to go to Settings, say).
    package func background() async {
        await device.moveToBackground()
        emit(.note("moved to the background"))
    }

    /// How long `foreground()` waits for the page to hear of what the app re-read.
    static let pageCatchUpLimit = Duration.seconds(2)

    /// The user comes back to the app: a running app gets will-enter-foreground and did-become-active; one
    /// that iOS terminated is launched again from cold, page reloaded, as tapping its icon would.
    package func foreground() async throws {
        if await device.appState == .notRunning {
            await shutDown()
            emit(.note("the app is not running (iOS terminated it); launching it from cold"))
            try await launch()
        } else {
            let wasActive = await device.appState == .active
            try await device.moveToForeground()
            guard !wasActive else {
                emit(.note("already in the foreground; nothing re-read (go to the background first, as a user in Settings would)"))
                return
            }
            // What the app re-read on coming back reaches the page before the next command looks at it.
            if let bridge = process?.shell.bridge, !(await bridge.caughtUp(within: Self.pageCatchUpLimit)) {
                emit(.note("back in the foreground; the page had not heard of the app's statuses after \(Self.pageCatchUpLimit)"))
                return
            }
            emit(.note("back in the foreground"))
        }
    }

    /// The user turns `kind` to `status` in Settings; iOS terminates the app for most privacy switches.
    @discardableResult
    package func changeInSettings(_ kind: PermissionKind, to status: PermissionStatus) async -> SimulatedDevice.SettingsOutcome {
        let outcome = await device.changeInSettings(kind, to: status)
        switch outcome {
        case .appTerminated:
            await shutDown()
            emit(.note("in Settings: \(kind) → \(status); iOS terminated the app"))
        case .appKeptRunning:
            emit(.note("in Settings: \(kind) → \(status); \(await whenTheRunningAppSees(kind))"))
        case .appNotRunning:
            emit(.note("in Settings: \(kind) → \(status); the app is not running"))
        }
        return outcome
    }

    /// How long a switch command waits for the app and the page to take in its change.
    package static let settleLimit = Duration.seconds(5)

    /// The user, in the app, turns `kind` to `status` in Settings and comes back: returns once the app has
    /// recorded the change and the page has heard it, so that the next command sees it.
    ///
    /// A running app told at once (location) has recorded the new status and pushed it to the page; an app
    /// iOS terminated is launched again and its page loaded with the new status; an app that learns of the
    /// change only when it next becomes active is left as it is, and the note says so. What did not settle
    /// within ``settleLimit`` is said in a note.
    package func switchInSettings(_ kind: PermissionKind, to status: PermissionStatus?) async throws {
        let wasActive = await device.appState == .active
        let toldAtOnce = await device.reportsChangesWhileRunning.contains(kind)
        let outcome = if let status { await changeInSettings(kind, to: status) } else { await reset(kind) }
        switch outcome {
        case .appTerminated where wasActive:
            emit(.note("back to the app: launching it from cold"))
            try await launch()
            try await settle(nil)
        case .appKeptRunning where wasActive && toldAtOnce:
            try await settle(kind)
        case .appTerminated, .appKeptRunning, .appNotRunning:
            break
        }
    }

    /// Waits until the running app holds `kind` as the device has it (every kind when `nil`) and the page
    /// has heard what the app holds; a note says what did not settle within ``settleLimit``.
    private func settle(_ kind: PermissionKind?) async throws {
        guard let process else { return }
        let deadline = ContinuousClock.now + Self.settleLimit
        if let kind {
            let expected = await device.status(of: kind)
            let center = process.shell.center
            // Subscribed before the check, so that the change arriving in between is seen.
            let changes = center.changes()
            if await center.state(for: kind)?.status != expected {
                let recorded = await withTaskGroup(of: Bool.self) { group in
                    group.addTask {
                        for await change in changes where change.kind == kind && change.current == expected { return true }
                        return false
                    }
                    group.addTask {
                        try? await Task.sleep(until: deadline)
                        return false
                    }
                    let first = await group.next() ?? false
                    group.cancelAll()
                    return first
                }
                guard recorded else {
                    emit(.note("the app had not recorded \(kind) → \(expected) after \(Self.settleLimit)"))
                    return
                }
            }
        }
        if !(await process.shell.bridge.caughtUp(within: deadline - ContinuousClock.now)) {
            emit(.note("the page had not heard of the app's statuses after \(Self.settleLimit)"))
        }
    }

    /// When an app that kept running hears of a change to `kind`: iOS reports some kinds to it at once (location),
    /// the others only when it re-reads them on becoming active again.
    private func whenTheRunningAppSees(_ kind: PermissionKind) async -> String {
        let isActive = await device.appState == .active
        if await device.reportsChangesWhileRunning.contains(kind) {
            return isActive ? "the app keeps running and is told at once" : "the app keeps running and is told when active"
        }
        return isActive
            ? "the app keeps running and sees it when it next becomes active (background, then foreground)"
            : "the app keeps running and sees it when active"
    }

    /// The user resets `kind` to "not determined" (Reset Location & Privacy); iOS may terminate the app.
    @discardableResult
    package func reset(_ kind: PermissionKind) async -> SimulatedDevice.SettingsOutcome {
        let outcome = await device.reset(kind)
        switch outcome {
        case .appTerminated:
            await shutDown()
            emit(.note("reset: \(kind) → notDetermined; iOS terminated the app"))
        case .appKeptRunning:
            emit(.note("reset: \(kind) → notDetermined; \(await whenTheRunningAppSees(kind))"))
        case .appNotRunning:
            emit(.note("reset: \(kind) → notDetermined; the app is not running"))
        }
        return outcome
    }
}
