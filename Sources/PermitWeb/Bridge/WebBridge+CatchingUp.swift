import Foundation
import Permit
import PermitSupport

// MARK: - Catching up, for tests and tools

extension WebBridge {
    /// Waits until the page has every status the center holds now: the loaded page was given it and the
    /// document-start scripts carry it to the next document. Returns `true` once it has, or `false` when
    /// `timeout` passes first, the calling task is cancelled, or the bridge is not installed.
    ///
    /// Nothing is pushed for the caller: the change travels its usual way, through ``run()``, and this wakes at
    /// each status the bridge records (no polling). For an app's UI tests and tools that change the device and
    /// then look at the page.
    ///
    /// For example, in a UI test after turning a switch in Settings:
    ///
    /// ```swift
    /// #expect(await shell.bridge.caughtUp(within: .seconds(10)))
    /// #expect(try await webView.evaluateJavaScript("window.permitPermissions.camera") == #""denied""#)
    /// ```
    public func caughtUp(within timeout: Duration) async -> Bool {
        guard host != nil else { return false }
        let deadline = ContinuousClock.now + timeout
        while true {
            let seen = recordings.count
            guard current != BridgeStatuses(await center.states()) else { break }
            // What the center holds has not reached the bridge yet: its stream brings it, with a record.
            guard await recordings.next(after: seen, before: deadline) else { return false }
        }
        await settled()
        return true
    }
}
