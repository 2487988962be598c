import Foundation

/// Chromium's process-singleton files, which a browser that is killed leaves behind.
///
/// A running browser holds three links in its profile: `SingletonLock` ("host-pid"), `SingletonCookie`, and
/// `SingletonSocket`, which points into a directory of its own in the temporary folder
/// (`org.chromium.Chromium.XXXXXX`, holding the socket and a cookie file). A browser that exits cleanly removes
/// them; one that is killed (a crash, a restart, a close that had to kill) leaves the directory in the temporary
/// folder for good, one per kill.
enum ChromiumSingleton {
    /// The names of the links in the profile.
    static let links = ["SingletonLock", "SingletonSocket", "SingletonCookie"]
    /// The prefix of the directory Chromium makes for its socket.
    static let socketDirectoryPrefix = "org.chromium.Chromium."

    /// Removes the singleton files of a browser of `profile` that is gone: the socket's directory in the
    /// temporary folder and the links. `owner` is the process this web view started (killed and waited for);
    /// a lock held by another process is left alone unless that process no longer exists, so a browser still
    /// running on the profile keeps its files, and so is a lock of another host. Returns whether anything was
    /// removed.
    @discardableResult
    static func removeLeftovers(in profile: URL, owner: pid_t?) -> Bool {
        let files = FileManager.default
        // "host-pid": a lock of another host (a profile on a shared disk), or one that cannot be read, is never
        // taken over, as Chromium itself does not; one of this host is, once its process is gone.
        if let lock = try? files.destinationOfSymbolicLink(atPath: profile.appendingPathComponent("SingletonLock").path) {
            guard let dash = lock.lastIndex(of: "-"), let holder = pid_t(lock[lock.index(after: dash)...]),
                String(lock[..<dash]) == hostName()
            else { return false }
            if holder != owner, isAlive(holder) { return false }
        }
        var removed = false
        if let socket = try? files.destinationOfSymbolicLink(atPath: profile.appendingPathComponent("SingletonSocket").path) {
            let directory = URL(fileURLWithPath: socket).deletingLastPathComponent()
            let contents = (try? files.contentsOfDirectory(atPath: directory.path)) ?? []
            // Only a directory that is Chromium's by name and holds nothing but the singleton's files.
            if directory.lastPathComponent.hasPrefix(socketDirectoryPrefix),
                !contents.isEmpty, contents.allSatisfy({ links.contains($0) })
            {
                removed = (try? files.removeItem(at: directory)) != nil
            }
        }
        for link in links {
            if (try? files.removeItem(at: profile.appendingPathComponent(link))) != nil { removed = true }
        }
        return removed
    }

    /// This machine's host name, as Chromium writes it in the lock.
    static func hostName() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count) == 0 else { return "" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether a process with this number exists (a zombie counts).
    private static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
