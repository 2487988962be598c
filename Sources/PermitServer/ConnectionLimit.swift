import Foundation
import HummingbirdCore
import Logging
import PermitSupport

/// Bounds how many connections the server holds open, and says so in the log when the bound is reached.
///
/// Hummingbird stops accepting while the bound is reached; further connections wait in the listen queue until
/// one closes (the idle timeout closes those that send nothing). Without a bound, about a thousand slow sockets
/// took every file descriptor of a process limited to 1,024, and the server answered no one, in silence.
struct ConnectionLimit: AvailableConnectionsDelegate {
    private let limit: Int
    private let logger: Logger
    /// Lets the warning through once a minute, not once per event.
    private let warnings = WarningThrottle()
    private var open = 0

    init(_ limit: Int, logger: Logger) {
        self.limit = limit
        self.logger = logger
    }

    mutating func connectionOpened() { open += 1 }

    mutating func connectionClosed() { open -= 1 }

    func isAcceptingNewConnections() -> Bool {
        guard open >= limit else { return true }
        if warnings.isDue() {
            logger.warning(
                "connection limit reached; new connections wait in the listen queue until one closes",
                metadata: ["limit": "\(limit)"])
        }
        return false
    }
}
