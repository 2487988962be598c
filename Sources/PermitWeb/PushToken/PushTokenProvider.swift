/// The push service that issues the app's push token: Firebase Cloud Messaging in most apps, a simulated one
/// in tests and the demo.
///
/// Push tokens are opaque strings that change (reinstall, restore, refresh) and may be absent: a service may
/// have none yet (FCM has none before APNs gives the device its token) or register by installation id.
///
/// ## Implementation requirements
///
/// - ``tokenUpdates()`` returns a new sequence of every token the service issues from then on, in the order
///   it issued them, reported from the service's own callback (FCM's
///   `messaging(_:didReceiveRegistrationToken:)`), never by polling; `nil` when the service reports that it
///   has none. A ``PushTokenChannel`` does exactly this: send each token to it from the callback.
/// - ``fetchToken()`` asks the service for the current token; it may throw, for example before the APNs
///   token exists.
/// - ``deleteToken()`` invalidates the token at the service.
///
/// For example, over Firebase Messaging (the app links Firebase; Permit does not):
///
/// ```swift
/// final class FirebasePushTokens: NSObject, PushTokenProvider, MessagingDelegate {
///     private let channel = PushTokenChannel()
///     func tokenUpdates() -> PushTokenUpdates { channel.updates() }
///     func messaging(_ messaging: Messaging, didReceiveRegistrationToken token: String?) {
///         channel.send(token)
///     }
///     func fetchToken() async throws -> String? { try await Messaging.messaging().token() }
///     func deleteToken() async throws { try await Messaging.messaging().deleteToken() }
/// }
/// // At launch: Messaging.messaging().delegate = firebasePushTokens
/// ```
public protocol PushTokenProvider: Sendable {
    /// A new sequence of the tokens the service issues from now on, in order; `nil` elements for none.
    func tokenUpdates() -> PushTokenUpdates

    /// Asks the service for the current token; `nil` when it has none.
    func fetchToken() async throws -> String?

    /// Deletes the token at the service, so that it no longer delivers to it.
    func deleteToken() async throws
}
