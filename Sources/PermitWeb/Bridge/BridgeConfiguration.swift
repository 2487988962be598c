public import Permit

/// What the bridge is called in the page and whom it talks to.
///
/// The default names are Permit's own; ``zoobox(allowedOrigins:)`` gives the names `zooboxPermissions`, `ZooboxBridge` and `zooboxPermissionsUpdate`, so a
/// page written for it runs unchanged.
///
/// For example:
///
/// ```swift
/// let configuration = try BridgeConfiguration.zoobox(allowedOrigins: [WebOrigin("https://app.example.com")])
/// // window.zooboxPermissions, window.ZooboxBridge, "zooboxPermissionsUpdate"
/// ```
public struct BridgeConfiguration: Hashable, Sendable {
    /// The global holding every status, such as `{location: "granted", camera: "denied"}`.
    public var permissionsObjectName: String
    /// The global holding the bridge's functions.
    public var bridgeObjectName: String
    /// The event dispatched on `window` after every native change; its `detail` is the full status object.
    public var updateEventName: String
    /// The name of the web view message handler the bridge posts to. The bridge owns it: on WKWebView a handler
    /// the app registered under the same name is replaced (WebKit would end the app on a name added twice).
    public var messageHandlerName: String
    /// The origins whose main frame may use the bridge: scheme, host and port compared.
    public var allowedOrigins: Set<WebOrigin>
    /// The largest message accepted, in bytes of UTF-8.
    public var maximumMessageSize: Int
    /// Whether `navigator.permissions.query` answers from native state for the names the bridge knows.
    public var answersPermissionsQuery: Bool
    /// Whether the page's own requests (`navigator.geolocation`, `getUserMedia`, `Notification`) follow native
    /// state and go through the app's policy, for the kinds the app tracks.
    public var answersWebPermissionRequests: Bool
    /// The Push API on the page, backed by Permit's server, or `nil` (the default) to leave the page's push to
    /// the engine.
    public var webPush: WebPushOptions?

    /// Creates a configuration with Permit's names: `permitPermissions`, `PermitBridge`,
    /// `permitPermissionsUpdate`, handler `permit`.
    public init(
        allowedOrigins: Set<WebOrigin>,
        permissionsObjectName: String = "permitPermissions",
        bridgeObjectName: String = "PermitBridge",
        updateEventName: String = "permitPermissionsUpdate",
        messageHandlerName: String = "permit",
        maximumMessageSize: Int = 16 * 1024,
        answersPermissionsQuery: Bool = true,
        answersWebPermissionRequests: Bool = true
    ) {
        self.allowedOrigins = allowedOrigins
        self.permissionsObjectName = permissionsObjectName
        self.bridgeObjectName = bridgeObjectName
        self.updateEventName = updateEventName
        self.messageHandlerName = messageHandlerName
        self.maximumMessageSize = maximumMessageSize
        self.answersPermissionsQuery = answersPermissionsQuery
        self.answersWebPermissionRequests = answersWebPermissionRequests
    }

    /// The preset for pages written against `window.zooboxPermissions`, `window.ZooboxBridge`, event `zooboxPermissionsUpdate`,
    /// handler `zoobox`.
    public static func zoobox(allowedOrigins: Set<WebOrigin>) -> BridgeConfiguration {
        BridgeConfiguration(
            allowedOrigins: allowedOrigins, permissionsObjectName: "zooboxPermissions",
            bridgeObjectName: "ZooboxBridge", updateEventName: "zooboxPermissionsUpdate", messageHandlerName: "zoobox")
    }

    /// Checks that every name is a plain JavaScript identifier (or, for the event, a plain event name), that
    /// the names differ, and that the size limit is sensible.
    ///
    /// - Throws: ``BridgeSetupError`` naming the first problem.
    public func validate() throws(BridgeSetupError) {
        let globals = [
            ("permissionsObjectName", permissionsObjectName), ("bridgeObjectName", bridgeObjectName),
            ("messageHandlerName", messageHandlerName),
        ]
        for (field, name) in globals where !Self.isIdentifier(name) {
            throw BridgeSetupError.invalidIdentifier.about(field, "'\(name)' is not a JavaScript identifier")
        }
        if !Self.isIdentifier(updateEventName) {
            throw BridgeSetupError.invalidEventName.withDetail("'\(updateEventName)' is not a plain event name")
        }
        if permissionsObjectName == bridgeObjectName {
            throw BridgeSetupError.sameObjectNames
        }
        if !(256...(1 << 20)).contains(maximumMessageSize) {
            throw BridgeSetupError.messageSizeOutOfRange.withDetail("\(maximumMessageSize) is outside 256...1048576")
        }
        if allowedOrigins.isEmpty {
            throw BridgeSetupError.noAllowedOrigins
        }
        if let webPush, !webPush.hasValidPath {
            throw BridgeSetupError.invalidWebPushPath.withDetail("'\(webPush.subscriptionPath)' is not a path on the page's origin")
        }
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64 else { return false }
        return isIdentifierStart(first)
            && name.unicodeScalars.dropFirst().allSatisfy { isIdentifierStart($0) || ("0"..."9").contains($0) }
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar == "$"
    }
}

/// A bridge configuration that cannot be installed: which field, and what is wrong with it.
///
/// Compare against the static members to tell errors apart; new members may be added later without breaking
/// callers.
public struct BridgeSetupError: CodedError {
    private enum Code: String, Sendable {
        case invalidIdentifier, invalidEventName, sameObjectNames, messageSizeOutOfRange, noAllowedOrigins, invalidWebPushPath
    }

    private let member: Code
    /// The configuration field at fault.
    public let field: String
    /// The sentence that says what is wrong in place of the summary, naming the value at fault. Not part of
    /// equality.
    public let detail: String

    private init(_ member: Code, field: String, detail: String = "") {
        self.member = member
        self.field = field
        self.detail = detail
    }

    /// A global name (the permissions object, the bridge object or the message handler) is not a plain
    /// JavaScript identifier.
    public static let invalidIdentifier = BridgeSetupError(.invalidIdentifier, field: "")
    /// The update event's name is not a plain event name.
    public static let invalidEventName = BridgeSetupError(.invalidEventName, field: "updateEventName")
    /// The bridge object and the permissions object have the same name.
    public static let sameObjectNames = BridgeSetupError(.sameObjectNames, field: "bridgeObjectName")
    /// The message size limit is outside 256...1048576 bytes.
    public static let messageSizeOutOfRange = BridgeSetupError(.messageSizeOutOfRange, field: "maximumMessageSize")
    /// No origin is allowed to use the bridge.
    public static let noAllowedOrigins = BridgeSetupError(.noAllowedOrigins, field: "allowedOrigins")
    /// The Web Push subscription path is not a path on the page's origin.
    public static let invalidWebPushPath = BridgeSetupError(.invalidWebPushPath, field: "webPush")

    /// The same error about `field`, with `detail`.
    func about(_ field: String, _ detail: String) -> BridgeSetupError {
        BridgeSetupError(member, field: field, detail: detail)
    }

    /// The same error about the same field, with `detail` attached.
    public func withDetail(_ detail: String) -> BridgeSetupError {
        BridgeSetupError(member, field: field, detail: detail)
    }

    /// The member's name, such as `invalidIdentifier`.
    public var code: String { member.rawValue }

    /// A sentence naming the problem, without the field or the value at fault.
    public var summary: String {
        switch member {
        case .invalidIdentifier: "the name is not a JavaScript identifier"
        case .invalidEventName: "the name is not a plain event name"
        case .sameObjectNames: "must differ from permissionsObjectName"
        case .messageSizeOutOfRange: "the size is outside 256...1048576"
        case .noAllowedOrigins: "no origin may use the bridge; list the app's"
        case .invalidWebPushPath: "the Web Push subscription path is not a path on the page's origin"
        }
    }

    /// What is wrong with the field: the detail, or the summary when there is none.
    public var problem: String { detail.isEmpty ? summary : detail }

    /// `bridge configuration: FIELD: PROBLEM`.
    public var description: String { "bridge configuration: \(field): \(problem)" }
}
