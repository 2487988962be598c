import Foundation
import PermitServer

extension PyWebPush {
    /// Whether the tests that send with pywebpush run: it is installed, or this is CI, where its absence fails.
    static let shouldRun = python != nil || ProcessInfo.processInfo.environment["CI"] == "true"
}
