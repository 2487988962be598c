import Foundation
import PermitServer

extension NginxProcess {
    /// Whether the nginx tests run: nginx is installed, or this is CI, where its absence fails.
    static let shouldRun = executable != nil || ProcessInfo.processInfo.environment["CI"] == "true"
}
