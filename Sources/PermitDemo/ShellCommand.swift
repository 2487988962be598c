import Foundation
package import Permit

/// One line of a `permit shell` script, parsed.
package enum ShellCommand: Hashable, Sendable {
    /// `grant KIND`, `deny KIND`: the user turns the switch in Settings (iOS may terminate the app).
    case settings(PermissionKind, PermissionStatus)
    /// `reset KIND`: back to "not determined", as iOS's Reset Location & Privacy does.
    case reset(PermissionKind)
    /// `restrict KIND`: device management restricts the permission.
    case restrict(PermissionKind)
    /// `revoke KIND`: the whole trip: to the background, off in Settings, back to the app.
    case revoke(PermissionKind)
    /// `answer KIND grant|deny`: the user's answer to the next prompt for the kind.
    case answer(PermissionKind, PermissionStatus)
    /// `offer open|notnow`: the person's choice at the next offer of Settings.
    case offer(SettingsOfferChoice)
    /// `background`.
    case background
    /// `foreground`: back to the app, launched from cold when iOS terminated it.
    case foreground
    /// `relaunch`: the user swipes the app away and opens it again.
    case relaunch
    /// `location LAT LON`: the device's next location fix.
    case location(latitude: Double, longitude: Double)
    /// `token VALUE`: the push service issues this token.
    case token(String)
    /// `token clear`: the app clears the push token.
    case clearToken
    /// `tap SELECTOR`: clicks the element as a person would (trusted input events, user activation).
    case tap(String)
    /// `eval JS`: runs page script and prints its value.
    case eval(String)
    /// `expect JS`: evaluates a JavaScript expression (a promise is awaited) and fails when it is falsy.
    case expect(String)
    /// `expect-within MS JS`: evaluates the expression again until it is truthy, failing after `MS`
    /// milliseconds.
    case expectWithin(milliseconds: Int, String)
    /// `wait MS`.
    case wait(milliseconds: Int)
    /// `screenshot PATH`.
    case screenshot(String)
    /// `status`: the native and the page's view of every permission.
    case status
    /// `help`.
    case help
    /// `quit`.
    case quit

    /// Every command, one line each, for `help` and errors.
    package static let usage = """
        grant KIND | deny KIND          the switch in Settings (iOS may end the app)
        reset KIND                      back to not determined (Reset Location & Privacy)
        restrict KIND                   device management restricts KIND
        revoke KIND                     background, off in Settings, come back
        answer KIND grant|deny          the answer to the next prompt for KIND
        offer open|notnow               the choice at the next offer of Settings
        background | foreground         leave the app; come back (cold if ended)
        relaunch                        swipe the app away and open it again
        location LAT LON                the device's location fix
        token VALUE | token clear       a token from the push service; clear it
        tap SELECTOR                    click the element as a person would
        eval JS                         run page script and print its value
        expect JS                       fail unless the expression is truthy now
        expect-within MS JS             retry until truthy; fail after MS milliseconds
        wait MS                         wait, 0 to 600000 milliseconds
        screenshot PATH                 write a PNG of the page
        status                          each permission, native and in the page
        help | quit
        """

    /// Parses one line; `nil` for a blank line or a comment (`#`).
    ///
    /// - Parameter kinds: The kinds the app tracks; any other kind is an error.
    /// - Throws: ``ShellError`` with a one-line message.
    package static func parse(_ line: String, kinds: [PermissionKind]) throws(ShellError) -> ShellCommand? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        let verb = String(trimmed.prefix { !$0.isWhitespace })
        let rest = trimmed.dropFirst(verb.count).trimmingCharacters(in: .whitespaces)
        let words = rest.split(whereSeparator: \.isWhitespace).map(String.init)

        func kind(_ word: String) throws(ShellError) -> PermissionKind {
            guard let kind = kinds.first(where: { $0.rawValue == word }) else {
                let nearest = KindSuggestion.nearest(to: word, among: kinds.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
                throw ShellError("unknown permission '\(word)'\(nearest); the app tracks: \(kinds.map(\.rawValue).joined(separator: ", "))")
            }
            return kind
        }
        func arguments(_ count: Int, _ shape: String) throws(ShellError) {
            guard words.count == count else {
                throw ShellError("usage: \(verb.lowercased())\(shape.isEmpty ? " (no arguments)" : " " + shape)")
            }
        }

        switch verb.lowercased() {
        case "grant", "deny":
            try arguments(1, "KIND")
            return .settings(try kind(words[0]), verb.lowercased() == "grant" ? .granted : .denied)
        case "reset":
            try arguments(1, "KIND")
            return .reset(try kind(words[0]))
        case "restrict":
            try arguments(1, "KIND")
            return .restrict(try kind(words[0]))
        case "revoke":
            try arguments(1, "KIND")
            return .revoke(try kind(words[0]))
        case "answer":
            try arguments(2, "KIND grant|deny")
            switch words[1].lowercased() {
            case "grant": return .answer(try kind(words[0]), .granted)
            case "deny": return .answer(try kind(words[0]), .denied)
            default: throw ShellError("usage: answer KIND grant|deny (not '\(words[1])')")
            }
        case "offer":
            try arguments(1, "open|notnow")
            switch words[0].lowercased() {
            case "open": return .offer(.openSettings)
            case "notnow": return .offer(.notNow)
            default: throw ShellError("usage: offer open|notnow (not '\(words[0])')")
            }
        case "background":
            try arguments(0, "")
            return .background
        case "foreground":
            try arguments(0, "")
            return .foreground
        case "relaunch":
            try arguments(0, "")
            return .relaunch
        case "location":
            try arguments(2, "LAT LON")
            guard let latitude = Double(words[0]), (-90...90).contains(latitude),
                let longitude = Double(words[1]), (-180...180).contains(longitude)
            else { throw ShellError("usage: location LAT LON, with -90 <= LAT <= 90 and -180 <= LON <= 180") }
            return .location(latitude: latitude, longitude: longitude)
        case "token":
            try arguments(1, "VALUE|clear")
            return words[0] == "clear" ? .clearToken : .token(words[0])
        case "tap":
            guard !rest.isEmpty else { throw ShellError("usage: tap SELECTOR (a CSS selector, such as #scan)") }
            return .tap(rest)
        case "eval":
            guard !rest.isEmpty else { throw ShellError("usage: eval JS") }
            return .eval(rest)
        case "expect":
            guard !rest.isEmpty else { throw ShellError("usage: expect JS") }
            return .expect(rest)
        case "expect-within":
            let limit = rest.prefix { !$0.isWhitespace }
            let expression = rest.dropFirst(limit.count).trimmingCharacters(in: .whitespaces)
            guard let milliseconds = Int(limit), (0...600_000).contains(milliseconds), !expression.isEmpty else {
                throw ShellError("usage: expect-within MS JS, with 0 <= MS <= 600000")
            }
            return .expectWithin(milliseconds: milliseconds, expression)
        case "wait":
            try arguments(1, "MS")
            guard let milliseconds = Int(words[0]), (0...600_000).contains(milliseconds) else {
                throw ShellError("usage: wait MS, with 0 <= MS <= 600000")
            }
            return .wait(milliseconds: milliseconds)
        case "screenshot":
            guard !rest.isEmpty else { throw ShellError("usage: screenshot PATH") }
            return .screenshot(rest)
        case "status":
            try arguments(0, "")
            return .status
        case "help":
            return .help
        case "quit", "exit":
            return .quit
        default:
            throw ShellError("unknown command '\(verb)'; type help for the list")
        }
    }
}

/// A shell line that cannot run, in one line.
package struct ShellError: Error, Hashable, CustomStringConvertible {
    /// What is wrong.
    package var description: String

    init(_ description: String) { self.description = description }
}
