import Foundation
package import Permit

/// Something that happened in the simulated hybrid app, as `permit demo` and `permit shell` report it.
package enum AppEvent: Sendable, Hashable {
    /// The page wrote to its console (`log`, `info`, `warn`, `error`, `debug`) or threw an uncaught error
    /// (`exception`).
    case console(level: String, text: String)
    /// The page posted a message to the bridge's handler.
    case bridgeCall(String)
    /// The bridge answered a message.
    case bridgeReply(String)
    /// A permission changed, persisted by the center.
    case change(PermissionChange)
    /// The native side did something worth telling: a launch, a primer, a token saved.
    case note(String)
    /// Something a CI run must fail on, named: a prompt nobody answered, a page that did not load.
    case failure(ShellFailure, String)

    /// The event's kind, as the shell's JSON log names it.
    package var type: String {
        switch self {
        case .console: "console"
        case .bridgeCall: "call"
        case .bridgeReply: "reply"
        case .change: "change"
        case .note: "app"
        case .failure: "error"
        }
    }

    /// One line for a person: `page  [log] text`, `bridge → {…}`, `change camera: …`.
    package var line: String {
        switch self {
        case .console(let level, let text): "page    [\(level)] \(text)"
        case .bridgeCall(let body): "bridge  → \(body)"
        case .bridgeReply(let body): "bridge  ← \(body)"
        case .change(let change): "change  \(change)"
        case .note(let text): "app     \(text)"
        case .failure(_, let text): "error: \(text)"
        }
    }

    /// The event's fields for the shell's JSON log.
    package var fields: [String: String] {
        switch self {
        case .console(let level, let text): ["level": level, "text": text]
        case .bridgeCall(let body), .bridgeReply(let body): ["body": body]
        case .change(let change):
            [
                "kind": change.kind.rawValue, "previous": change.previous?.rawValue ?? "new",
                "current": change.current.rawValue, "cause": "\(change.cause)",
            ]
        case .note(let text): ["text": text]
        case .failure(let failure, let text): ["failure": failure.rawValue, "message": text]
        }
    }
}

/// What fails a `permit shell --strict` run, as the JSON log's `failure` field names it.
package enum ShellFailure: String, Sendable, Hashable, CaseIterable {
    /// A command that could not run: unknown, malformed, or it threw (`expect` that failed among them).
    case command
    /// A system prompt was shown and no `answer KIND grant|deny` was scripted for it.
    case unansweredPrompt
    /// A prompt asked for while the app was not active (after `background` or the page's `openSettings()`).
    case promptNotShown
    /// The main document answered with an HTTP status of 400 or more.
    case httpStatus
    /// The page could not be loaded at all.
    case loadFailed
    /// The page threw and nothing caught it.
    case exception
    /// A promise of the page was rejected and nothing handled it.
    case unhandledRejection
}
