/// What a push says: the alert's title and body, and data for the app.
package struct PushMessage: Sendable, Hashable, Codable {
    /// The alert's title, or `nil` for none.
    package var title: String?
    /// The alert's text, or `nil` for none (a data-only push).
    package var body: String?
    /// Key-value data delivered to the app.
    package var data: [String: String]

    /// Creates a message.
    package init(title: String? = nil, body: String? = nil, data: [String: String] = [:]) {
        self.title = title
        self.body = body
        self.data = data
    }
}

/// A push service: FCM or APNs. It sends one message to one token and judges the answer.
package protocol PushService: Sendable {
    /// Sends `message` to `token` once and returns the verdict on the answer.
    ///
    /// - Throws: ``ServerError/pushServiceUnreachable`` when the service cannot be reached,
    ///   ``ServerError/pushAuthenticationFailed`` or ``ServerError/credentialsInvalid`` when the credential fails.
    func send(_ message: PushMessage, to token: String) async throws -> PushVerdict
}
