public import Permit

/// Why headless Chromium could not do what was asked.
public struct ChromiumError: CodedError {
    private enum Code: String, Sendable {
        case notInstalled
        case launchFailed
        case disconnected
        case protocolError
        case javaScriptException
        case navigationFailed
        case timedOut
        case closed
    }

    private let member: Code
    /// What happened, for people; never a cookie value or other page data.
    public let detail: String

    private init(_ member: Code, _ detail: String = "") {
        self.member = member
        self.detail = detail
    }

    /// No Chromium executable was found; install Debian's `chromium` package or set `PERMIT_CHROMIUM`.
    public static let notInstalled = ChromiumError(.notInstalled)
    /// The process could not be started, or did not answer on its DevTools pipe.
    public static let launchFailed = ChromiumError(.launchFailed)
    /// The browser went away while a command was in flight.
    public static let disconnected = ChromiumError(.disconnected)
    /// The browser answered a command with a protocol error.
    public static let protocolError = ChromiumError(.protocolError)
    /// Evaluated JavaScript threw.
    public static let javaScriptException = ChromiumError(.javaScriptException)
    /// A navigation failed (the page could not be loaded).
    public static let navigationFailed = ChromiumError(.navigationFailed)
    /// The browser did not answer in time.
    public static let timedOut = ChromiumError(.timedOut)
    /// The web view was closed.
    public static let closed = ChromiumError(.closed)

    /// The same error with `detail` attached.
    public func withDetail(_ detail: String) -> ChromiumError { ChromiumError(member, detail) }

    /// The member's name, such as `launchFailed`.
    public var code: String { member.rawValue }

    /// A sentence naming the error, without the detail.
    public var summary: String {
        switch member {
        case .notInstalled:
            "no Chromium executable found (install Chromium or Google Chrome, or set PERMIT_CHROMIUM to one)"
        case .launchFailed: "Chromium could not be started"
        case .disconnected: "Chromium went away"
        case .protocolError: "Chromium refused a DevTools command"
        case .javaScriptException: "the evaluated JavaScript threw"
        case .navigationFailed: "the page could not be loaded"
        case .timedOut: "Chromium did not answer in time"
        case .closed: "the web view is closed"
        }
    }
}
