/// The push service that issues the app's push token: Firebase Cloud Messaging in the seed, a simulated one
/// in tests and the demo.
///
/// Push tokens are opaque strings that change (reinstall, restore, refresh) and may be absent: a service may
/// have none yet (FCM has none before APNs gives the device its token) or register by installation id.
///
/// ## Implementation requirements
///
/// - ``observeTokens(_:)``: call the handler with every token the service issues or changes to, from the
///   service's own callback (FCM's `messaging(_:didReceiveRegistrationToken:)`), never by polling; `nil`
///   when the service reports that it has no token.
/// - ``fetchToken()`` asks the service for the current token; it may throw, for example before the APNs
///   token exists.
/// - ``deleteToken()`` invalidates the token at the service.
///
/// For example, over Firebase Messaging (the app links Firebase; Permit does not):
///
/// ```swift
/// final class FirebasePushTokens: NSObject, PushTokenProvider, MessagingDelegate, @unchecked Sendable {
///     private var handler: (@Sendable (String?) async -> Void)?
///     func observeTokens(_ handler: @escaping @Sendable (String?) async -> Void) async {
///         self.handler = handler
///         Messaging.messaging().delegate = self
///     }
///     func messaging(_ messaging: Messaging, didReceiveRegistrationToken token: String?) {
///         Task { await handler?(token) }
///     }
///     func fetchToken() async throws -> String? { try await Messaging.messaging().token() }
///     func deleteToken() async throws { try await Messaging.messaging().deleteToken() }
/// }
/// ```
public protocol PushTokenProvider: Sendable {
    /// Sets the handler called with each token the service issues, replacing the previous handler.
    func observeTokens(_ handler: @escaping @Sendable (String?) async -> Void) async

    /// Asks the service for the current token; `nil` when it has none.
    func fetchToken() async throws -> String?

    /// Deletes the token at the service, so that it no longer delivers to it.
    func deleteToken() async throws
}
