public import Foundation

/// How ``WebKitGTKWebView`` sets up its web view.
public struct WebKitGTKConfiguration: Sendable {
    /// Where the network session keeps its data and its cookie database; `nil` makes an ephemeral session
    /// whose cookies live as long as the web view.
    public var dataDirectory: URL?
    /// Host names the web view may reach; every other request goes to a proxy that refuses it, so no traffic
    /// leaves the machine.
    public var loopbackHosts: [String]
    /// Whether the web view restarts its web content process when it dies, re-applying cookies and reloading
    /// the last page.
    public var restartsAfterTermination: Bool
    /// The window size in CSS pixels.
    public var windowSize: (width: Int, height: Int)
    /// How long a page load may take.
    public var loadTimeout: Duration
    /// The Xvfb to start when `DISPLAY` is not set; `nil` looks for `Xvfb` on `PATH`.
    public var xvfb: URL?

    /// Creates a configuration with the defaults: an ephemeral session, `localhost` only, restarts on, 1280×800.
    public init(
        dataDirectory: URL? = nil, loopbackHosts: [String] = ["localhost"], restartsAfterTermination: Bool = true,
        windowSize: (width: Int, height: Int) = (1280, 800), loadTimeout: Duration = .seconds(30), xvfb: URL? = nil
    ) {
        self.dataDirectory = dataDirectory
        self.loopbackHosts = loopbackHosts
        self.restartsAfterTermination = restartsAfterTermination
        self.windowSize = windowSize
        self.loadTimeout = loadTimeout
        self.xvfb = xvfb
    }
}
