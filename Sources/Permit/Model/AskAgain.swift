/// Whether asking for a permission again would show the person a system prompt, and what that answer rests on.
///
/// iOS tells an app a permission's status, not whether a request would prompt. Permit answers from the status
/// and, where the status alone is not enough, from what this install saw happen (its history), and says which:
///
/// - ``Evidence/observed``: the OS's status says it (not determined prompts; denied never prompts again).
/// - ``Evidence/inferred``: Permit's history says it (location that went back to not determined after
///   Allow Once; a request iOS did not show; provisional notifications that can still ask for the full prompt).
/// - ``Evidence/unknown``: nothing tells; ``canAskAgain`` is then Permit's best guess.
///
/// The rules, each with the documentation it rests on, are in ``AskAgain/init(kind:record:history:)``.
///
/// For example, the choice between a button that asks and one that opens Settings:
///
/// ```swift
/// if let state = await center.state(for: .camera), !state.isUsable {
///     if state.askAgain.canAskAgain {
///         showAskButton()
///     } else {
///         showOpenSettingsButton()   // state.askAgain.reason == .denied
///     }
/// }
/// ```
public struct AskAgain: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Whether a request would show the person a system prompt.
    public var canAskAgain: Bool
    /// What ``canAskAgain`` rests on.
    public var evidence: Evidence
    /// The rule that decided.
    public var reason: Reason

    /// Creates an answer.
    public init(canAskAgain: Bool, evidence: Evidence, reason: Reason) {
        self.canAskAgain = canAskAgain
        self.evidence = evidence
        self.reason = reason
    }

    /// What an ``AskAgain`` answer rests on.
    public enum Evidence: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
        /// The OS's status says it.
        case observed
        /// Permit's record of this install says it: its history, a request iOS did not show.
        case inferred
        /// Nothing tells; the answer is Permit's best guess.
        case unknown

        /// The evidence's name, such as `observed`.
        public var description: String { rawValue }
    }

    /// The rule behind an ``AskAgain`` answer.
    ///
    /// An extensible set of names, as ``ChangeCause`` is; a consumer must read a name it does not know as "no
    /// more to say". Coded as its name alone (the standard library's coding of a `RawRepresentable` string).
    public struct Reason: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The reason's name, such as `"denied"`.
        public let rawValue: String

        /// Creates a reason from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Never asked: the OS shows the prompt at the next request.
        public static let notDetermined = Reason(rawValue: "notDetermined")
        /// A request left the permission not determined with no prompt (the app was not active, another alert
        /// was up): the prompt is still to come.
        public static let promptNotShown = Reason(rawValue: "promptNotShown")
        /// Location went back to not determined with no request: the person chose Allow Once (or Ask Next Time
        /// in Settings), and the next request prompts again.
        public static let allowOnceEnded = Reason(rawValue: "allowOnceEnded")
        /// The person declined; only Settings can change it.
        public static let denied = Reason(rawValue: "denied")
        /// Parental controls or device management decide; the person cannot change it.
        public static let restricted = Reason(rawValue: "restricted")
        /// The service is off, the hardware is missing, or the app lacks what the permission needs.
        public static let unavailable = Reason(rawValue: "unavailable")
        /// Usable: there is nothing left to ask.
        public static let usable = Reason(rawValue: "usable")
        /// Quiet notifications: asking for alerts shows the full prompt.
        public static let provisional = Reason(rawValue: "provisional")
        /// An App Clip's eight hours of notifications: asking shows the full prompt.
        public static let ephemeral = Reason(rawValue: "ephemeral")
        /// Write-only calendar access: asking for full access shows the upgrade prompt.
        public static let upgrade = Reason(rawValue: "upgrade")
        /// Approximate location: a temporary full-accuracy request shows its own prompt.
        public static let temporaryFullAccuracy = Reason(rawValue: "temporaryFullAccuracy")
        /// HealthKit read access, whose answer iOS keeps from the app: its sheet shows again only for data types
        /// not asked for yet.
        public static let undisclosed = Reason(rawValue: "undisclosed")
        /// Face ID reads as allowed before its first prompt, which shows at the first use.
        public static let promptAtFirstUse = Reason(rawValue: "promptAtFirstUse")
        /// The kind has no status API (local network, Nearby Interaction): its status is itself inferred.
        public static let noStatusAPI = Reason(rawValue: "noStatusAPI")

        /// The reason's name.
        public var description: String { rawValue }
    }

    /// A one-line description, such as `yes (observed: notDetermined)`.
    public var description: String {
        "\(canAskAgain ? "yes" : "no") (\(evidence): \(reason))"
    }
}
