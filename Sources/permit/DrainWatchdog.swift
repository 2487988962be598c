import Dispatch
import Foundation
import Logging

/// Ends the process when SIGTERM or SIGINT is not followed by an exit within the drain deadline: the backstop
/// behind the server's graceful shutdown.
///
/// On SIGTERM the server stops accepting connections and waits for the requests in flight, each bounded by
/// the database deadline, then for the cookie and forward-auth writes they started (within what is left of the
/// drain deadline), then closes its storage; should anything still hold it (a connection that never
/// closes), this watchdog logs an error and exits with status 1 when the deadline has passed. A write that had
/// not been acknowledged by then was never promised.
final class DrainWatchdog {
    private let sources: [any DispatchSourceSignal]

    /// Starts watching for SIGTERM and SIGINT.
    init(deadline: Duration, logger: Logger) {
        sources = [SIGTERM, SIGINT].map { number in
            // Dispatch needs the signal's default action off; swift-service-lifecycle does the same for its own.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let (seconds, attoseconds) = deadline.components
                let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
                    logger.error("permit server did not drain in time; exiting", metadata: ["deadline": "\(deadline)"])
                    exit(EXIT_FAILURE)
                }
            }
            source.resume()
            return source
        }
    }

    /// Stops watching: the server has ended by itself.
    func cancel() {
        for source in sources { source.cancel() }
    }
}
