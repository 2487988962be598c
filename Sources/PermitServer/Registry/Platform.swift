/// The platform an installation runs on, which decides how long its push token lives without contact.
package enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
    /// An iOS app; its token reaches APNs directly or through FCM.
    case ios
    /// An Android app; FCM expires its token after 270 days without contact.
    case android
    /// A web page with a web-push token.
    case web
}
