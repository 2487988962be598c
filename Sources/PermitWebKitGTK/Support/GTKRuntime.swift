import CPermitWebKitGTK
import Foundation
import PermitWeb

/// The process's GTK thread and display, started by the first web view and kept for the life of the process:
/// GTK holds its display connection until then, and ends the process if the display goes away under it.
enum GTKRuntime {
    /// Starts the display and the GTK thread once; later calls return at once (or throw the first failure).
    static func start(xvfb: URL?) async throws {
        let path = xvfb?.path ?? locateXvfb() ?? "Xvfb"
        _ = GTKGeolocation.connect
        // The C side blocks until GTK is up (a fraction of a second, once): off the cooperative pool.
        let failure: String? = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var message = [CChar](repeating: 0, count: 256)
                let started = permit_wk_runtime_start(path, &message, message.count)
                let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
                continuation.resume(returning: started == 0 ? nil : text)
            }
        }
        if let failure { throw WebViewError.engineUnavailable.withDetail(failure) }
    }

    /// `Xvfb` on `PATH`, or `nil` when it is not installed.
    static func locateXvfb() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/Xvfb" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The process ID of the Xvfb this process started, or `nil` when the display was given.
    static var xvfbProcessID: Int32? {
        let pid = permit_wk_runtime_xvfb_pid()
        return pid > 0 ? pid : nil
    }
}
