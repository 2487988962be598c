/// What one request tells about an installation: from the web view's cookies or from the native endpoint.
///
/// A report may leave things out: a missing token keeps the registered one, and a kind not reported keeps
/// its last state.
package struct InstallationReport: Sendable, Hashable, Codable {
    /// The installation's identifier.
    package var installation: String
    /// The push token, if the request carried one.
    package var token: String?
    /// The platform, if the request said.
    package var platform: Platform?
    /// The permission states the request carried, by kind.
    package var states: [String: ReportedState]

    /// Creates a report.
    package init(installation: String, token: String? = nil, platform: Platform? = nil, states: [String: ReportedState] = [:]) {
        self.installation = installation
        self.token = token
        self.platform = platform
        self.states = states
    }
}
