/// A message a page posted to a handler registered with ``WebViewHost/addMessageHandler(named:_:)``, with
/// where it came from.
///
/// The frame and origin come from the web view, not from the page, so a page cannot forge them.
public struct WebMessage: Hashable, Sendable {
    /// The text the page posted.
    public var body: String
    /// The frame that posted it.
    public var frame: WebFrame

    /// Creates a message.
    public init(body: String, frame: WebFrame) {
        self.body = body
        self.frame = frame
    }
}

/// The frame a message came from: the main frame or an embedded one, and its security origin.
public struct WebFrame: Hashable, Sendable {
    /// Whether the frame is the top-level document rather than an iframe.
    public var isMainFrame: Bool
    /// The frame's security origin, or `nil` when it has none (`about:blank`, `data:` URLs, sandboxed frames).
    public var origin: WebOrigin?

    /// Creates a frame description.
    public init(isMainFrame: Bool, origin: WebOrigin?) {
        self.isMainFrame = isMainFrame
        self.origin = origin
    }
}
