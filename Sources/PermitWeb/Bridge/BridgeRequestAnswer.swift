import Permit
import PermitSupport

/// The detailed answer to a page's permission request, `{status, asked, reason, next, settingsOffer, canAskAgain,
/// canAskAgainEvidence, canAskAgainReason}`, which a page asks for with `requestPermission(type, {detail: true})`.
///
/// - `status` is the bridge's status string, as the plain answer gives it.
/// - `asked` tells whether the OS was asked (by this request, or by one it shared a prompt with).
/// - `reason` says why the permission is not usable now: `denied`, `restricted`, `cooldown`, `budget`,
///   `startup`, `undeclared`, `unavailable`, `alreadyAsked` or `approximate` (the page's web platform APIs add `insecure` for a
///   context that is not secure); `null` when it is usable, or when the person was just asked and left it
///   undecided.
/// - `next` is what the page can do: `openSettings`, `retryLater`, `requestTemporaryFullAccuracy` (ask with
///   `enableHighAccuracy`) or `none`.
/// - `settingsOffer` is the person's choice when the app offered Settings before answering (their own request
///   met a denial): `openSettings` (Settings is opening, the app goes to the background) or `notNow`; `null`
///   when no offer was made.
/// - `canAskAgain` tells whether a later request would show the system prompt; `canAskAgainEvidence` what that
///   rests on (`observed`, `inferred` or `unknown`) and `canAskAgainReason` the rule (`AskAgain`), such as
///   `allowOnceEnded` or `promptNotShown`.
///
/// Both lists are open: a page must read a value it does not know as "not usable, nothing to do".
struct BridgeRequestAnswer: Hashable, Sendable {
    var status: BridgeStatus
    var asked: Bool
    var reason: String?
    var next: String
    var settingsOffer: SettingsOfferChoice?
    var askAgain: AskAgain

    /// The answer for a request that went through the policy.
    init(_ outcome: PolicyRequestOutcome) {
        status = outcome.state.status.bridgeStatus
        asked = outcome.askedSystem
        settingsOffer = outcome.settingsOffer
        askAgain = outcome.state.askAgain
        switch outcome.nextStep {
        case .ready, .showPrimer, .showSystemPrompt:
            (reason, next) = (nil, "none")
        case .openSettings:
            (reason, next) = ("denied", "openSettings")
        case .unavailable:
            (reason, next) = (outcome.state.status == .restricted ? "restricted" : "unavailable", "none")
        case .suppressed(.coolingDown):
            (reason, next) = ("cooldown", "retryLater")
        case .suppressed(.budgetSpent):
            (reason, next) = ("budget", "retryLater")
        case .suppressed(.startup):
            (reason, next) = ("startup", "retryLater")
        case .suppressed(.alreadyAsked):
            (reason, next) = ("alreadyAsked", "openSettings")
        case .requestTemporaryFullAccuracy:
            (reason, next) = ("approximate", "requestTemporaryFullAccuracy")
        }
    }

    /// The reason of a kind the app's manifest does not declare.
    static let undeclaredReason = "undeclared"

    /// The answer for a kind the center tracks and the app's manifest does not declare: it is never asked.
    init(undeclared state: PermissionState) {
        status = state.status.bridgeStatus
        askAgain = state.askAgain
        asked = false
        reason = Self.undeclaredReason
        next = "none"
    }

    var json: JSONValue {
        .object([
            "status": .string(status.rawValue), "asked": .bool(asked), "reason": reason.map(JSONValue.string) ?? .null,
            "next": .string(next), "settingsOffer": settingsOffer.map { .string($0.rawValue) } ?? .null,
            "canAskAgain": .bool(askAgain.canAskAgain), "canAskAgainEvidence": .string(askAgain.evidence.rawValue),
            "canAskAgainReason": .string(askAgain.reason.rawValue),
        ])
    }
}
