public import Foundation
import PermitWeb

/// How ``ChromiumWebView`` starts Chromium.
public struct ChromiumConfiguration: Sendable {
    /// The Chromium executable; `nil` looks for it with ``ChromiumWebView/locateExecutable()``.
    public var executable: URL?
    /// The profile directory; `nil` makes a temporary one, removed on close. Cookies persist across launches
    /// only in a directory you give, and only through a clean ``ChromiumWebView/close()``.
    public var userDataDirectory: URL?
    /// Host names Chromium resolves, all to 127.0.0.1; every other name fails to resolve. Together with a
    /// proxy that refuses every connection not to these hosts, no traffic leaves the machine. The loopback
    /// addresses `127.0.0.1` and `[::1]` are always reachable.
    public var loopbackHosts: [String]
    /// Host names opened on purpose beyond this machine (a staging server, say): resolved by the system's
    /// resolver and reached directly. Empty by default, so that nothing leaves the machine.
    public var networkHosts: [String]
    /// Whether the web view starts Chromium again when it dies, re-applying scripts, handlers and cookies and
    /// reloading the last page.
    public var restartsAfterTermination: Bool
    /// The viewport size in CSS pixels.
    public var windowSize: (width: Int, height: Int)
    /// How long a page load may take.
    public var loadTimeout: Duration
    /// Where Chromium's own output goes; `nil` discards it.
    public var logFile: URL?

    /// Creates a configuration with the defaults: a temporary profile, `localhost` only, restarts on, 1280×800.
    public init(
        executable: URL? = nil, userDataDirectory: URL? = nil, loopbackHosts: [String] = ["localhost"],
        restartsAfterTermination: Bool = true, windowSize: (width: Int, height: Int) = (1280, 800),
        loadTimeout: Duration = .seconds(30), logFile: URL? = nil, networkHosts: [String] = []
    ) {
        self.executable = executable
        self.userDataDirectory = userDataDirectory
        self.loopbackHosts = loopbackHosts
        self.networkHosts = networkHosts
        self.restartsAfterTermination = restartsAfterTermination
        self.windowSize = windowSize
        self.loadTimeout = loadTimeout
        self.logFile = logFile
    }

    /// Checks that every loopback and network host is a plain host name (letters, digits, dots and hyphens),
    /// so that none can add a rule of its own to Chromium's resolver rules.
    func validate() throws(WebViewError) {
        for host in loopbackHosts + networkHosts {
            let allowed = host.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
            }
            guard allowed, !host.isEmpty, host.count <= 253 else {
                throw WebViewError.launchFailed.withDetail("loopback host '\(host)' is not a plain host name")
            }
        }
    }

    /// The loopback addresses, as Chromium's resolver rules name them.
    static let loopbackAddresses = ["127.0.0.1", "::1"]

    /// The command-line arguments for a profile directory.
    func arguments(userDataDirectory: URL) -> [String] {
        // `MAP *` applies to IP literals too: the loopback addresses and the network hosts are excluded from it.
        let resolverRules =
            loopbackHosts.map { "MAP \($0) 127.0.0.1" } + ["MAP * ~NOTFOUND"]
            + (Self.loopbackAddresses + networkHosts).map { "EXCLUDE \($0)" }
        // Chromium's sandbox cannot run as root, which CI and containers are.
        let sandbox = geteuid() == 0 ? ["--no-sandbox"] : []
        return [
            "--headless",
            "--remote-debugging-pipe",
        ] + sandbox + [
            "--user-data-dir=\(userDataDirectory.path)",
            "--host-resolver-rules=\(resolverRules.joined(separator: ", "))",
            // A proxy on the discard port refuses every connection, so even a literal IP cannot be reached;
            // the loopback hosts and addresses and the network hosts bypass it.
            "--proxy-server=http://127.0.0.1:9",
            "--proxy-bypass-list=\((loopbackHosts + ["127.0.0.1", "[::1]"] + networkHosts).joined(separator: ";"))",
            // WebRTC may send UDP past the proxy; only proxied traffic is allowed.
            "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--disable-default-apps",
            "--disable-gpu",
            "--mute-audio",
            // A fake camera and microphone, so that a page granted capture gets a stream (the simulated
            // device has both); whether it may capture is set per origin with Browser.setPermission.
            "--use-fake-device-for-media-stream",
            "--password-store=basic",
            "--use-mock-keychain",
            "--window-size=\(windowSize.width),\(windowSize.height)",
            "about:blank",
        ]
    }
}
