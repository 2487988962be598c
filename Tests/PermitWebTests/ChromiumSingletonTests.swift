import Foundation
@testable import PermitChromium
import PermitWeb
import Testing

/// Chromium's process-singleton files: a browser that is killed leaves a directory in the temporary folder,
/// one per kill, unless the web view removes it (Chromium only: WebKitGTK has no such files).
@Suite struct ChromiumSingletonTests {
    /// A profile holding the links of a browser that was process `holder`, and the socket directory they
    /// point to, named `socketDirectory`, in a folder of their own.
    struct Leftovers {
        let folder: URL
        let profile: URL
        let socketDirectory: URL

        init(
            holder: pid_t, host: String = ChromiumSingleton.hostName(),
            socketDirectory name: String = "org.chromium.Chromium.test"
        ) throws {
            let files = FileManager.default
            folder = files.temporaryDirectory.appendingPathComponent("permit-singleton-\(UUID().uuidString)")
            profile = folder.appendingPathComponent("profile")
            socketDirectory = folder.appendingPathComponent(name)
            try files.createDirectory(at: profile, withIntermediateDirectories: true)
            try files.createDirectory(at: socketDirectory, withIntermediateDirectories: true)
            try Data().write(to: socketDirectory.appendingPathComponent("SingletonSocket"))
            try files.createSymbolicLink(
                atPath: socketDirectory.appendingPathComponent("SingletonCookie").path, withDestinationPath: "42")
            try files.createSymbolicLink(
                atPath: profile.appendingPathComponent("SingletonLock").path, withDestinationPath: "\(host)-\(holder)")
            try files.createSymbolicLink(
                atPath: profile.appendingPathComponent("SingletonSocket").path,
                withDestinationPath: socketDirectory.appendingPathComponent("SingletonSocket").path)
            try files.createSymbolicLink(
                atPath: profile.appendingPathComponent("SingletonCookie").path, withDestinationPath: "42")
        }

        var socketDirectoryExists: Bool { FileManager.default.fileExists(atPath: socketDirectory.path) }
        var links: [String] {
            ChromiumSingleton.links.filter {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: profile.appendingPathComponent($0).path)) != nil
            }
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// A process number that exists nowhere (above Linux's largest).
    static let gone: pid_t = 99_999_999

    @Test func aGoneBrowsersSocketDirectoryAndLinksAreRemoved() throws {
        let leftovers = try Leftovers(holder: Self.gone)
        defer { leftovers.remove() }
        #expect(ChromiumSingleton.removeLeftovers(in: leftovers.profile, owner: nil))
        #expect(!leftovers.socketDirectoryExists)
        #expect(leftovers.links.isEmpty)
    }

    @Test func aBrowserStillRunningOnTheProfileKeepsItsFiles() throws {
        let leftovers = try Leftovers(holder: getpid())  // a live process that is not this web view's browser
        defer { leftovers.remove() }
        #expect(!ChromiumSingleton.removeLeftovers(in: leftovers.profile, owner: nil))
        #expect(leftovers.socketDirectoryExists)
        #expect(leftovers.links.count == 3)
    }

    @Test func anotherHostsLockIsNeverTakenOver() throws {
        // A profile on a shared disk, locked by a browser on another machine, whose number means nothing here.
        let leftovers = try Leftovers(holder: Self.gone, host: "another-machine.example")
        defer { leftovers.remove() }
        #expect(!ChromiumSingleton.removeLeftovers(in: leftovers.profile, owner: nil))
        #expect(leftovers.socketDirectoryExists)
        #expect(leftovers.links.count == 3)
    }

    @Test func theWebViewsOwnKilledBrowserIsRemovedBeforeItIsReaped() throws {
        // Killed but not yet reaped, the browser's number still exists; it is the web view's own.
        let leftovers = try Leftovers(holder: getpid())
        defer { leftovers.remove() }
        #expect(ChromiumSingleton.removeLeftovers(in: leftovers.profile, owner: getpid()))
        #expect(!leftovers.socketDirectoryExists)
    }

    @Test func aDirectoryThatIsNotChromiumsIsNeverRemoved() throws {
        let leftovers = try Leftovers(holder: Self.gone, socketDirectory: "important")
        defer { leftovers.remove() }
        ChromiumSingleton.removeLeftovers(in: leftovers.profile, owner: nil)
        #expect(leftovers.socketDirectoryExists)
        // Nor one holding anything else.
        let crowded = try Leftovers(holder: Self.gone)
        defer { crowded.remove() }
        try Data("mine".utf8).write(to: crowded.socketDirectory.appendingPathComponent("notes.txt"))
        ChromiumSingleton.removeLeftovers(in: crowded.profile, owner: nil)
        #expect(crowded.socketDirectoryExists)
    }

    @Test(.enabled(if: Engine.available.contains(.chromium)), .timeLimit(.minutes(2)))
    func aKilledBrowserLeavesNothingInTheTemporaryFolder() async throws {
        let webView = try await ChromiumWebView.launch(logger: quietLogger)
        let first = try #require(await socketDirectory(of: webView))
        #expect(FileManager.default.fileExists(atPath: first.path))
        var events = webView.events().makeAsyncIterator()
        try await webView.killWebContent()
        while let event = await events.next(), event != .restarted {}
        #expect(!FileManager.default.fileExists(atPath: first.path), "the killed browser's socket directory is gone")
        // The restarted browser's own directory goes with the close.
        let second = try #require(await socketDirectory(of: webView))
        #expect(second != first)
        await webView.close()
        #expect(!FileManager.default.fileExists(atPath: second.path))
    }

    /// The directory the running browser's `SingletonSocket` link points into.
    func socketDirectory(of webView: ChromiumWebView) async -> URL? {
        let link = await webView.profile.appendingPathComponent("SingletonSocket").path
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: link))
            .map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
    }
}
