import Foundation
import Permit
import PermitDemo
import Testing

@Suite struct ShellCommandTests {
    let kinds = PermissionKind.legacyCookieKinds

    @Test(arguments: [
        ("grant camera", ShellCommand.settings(.camera, .granted)),
        ("deny  location", .settings(.location, .denied)),
        ("restrict notifications", .restrict(.notifications)),
        ("reset location", .reset(.location)),
        ("revoke camera", .revoke(.camera)),
        ("answer location grant", .answer(.location, .granted)),
        ("answer camera DENY", .answer(.camera, .denied)),
        ("offer open", .offer(.openSettings)),
        ("offer NotNow", .offer(.notNow)),
        ("background", .background),
        ("  foreground  ", .foreground),
        ("relaunch", .relaunch),
        ("location 52.52 -13.4", .location(latitude: 52.52, longitude: -13.4)),
        ("token abc:DEF-1_2", .token("abc:DEF-1_2")),
        ("token clear", .clearToken),
        ("tap #scan", .tap("#scan")),
        ("tap  [data-request=camera] ", .tap("[data-request=camera]")),
        ("eval document.title + ' x'", .eval("document.title + ' x'")),
        ("expect  window.ready === true ", .expect("window.ready === true")),
        ("expect-within 2000 document.title === 'x y'", .expectWithin(milliseconds: 2000, "document.title === 'x y'")),
        ("wait 250", .wait(milliseconds: 250)),
        ("screenshot out dir/page.png", .screenshot("out dir/page.png")),
        ("status", .status),
        ("help", .help),
        ("quit", .quit),
        ("exit", .quit),
        ("QUIT", .quit),
    ])
    func parsesEachCommand(line: String, command: ShellCommand) throws {
        #expect(try ShellCommand.parse(line, kinds: kinds) == command)
    }

    @Test(arguments: ["", "   ", "# a comment", "  # indented comment"])
    func skipsBlankLinesAndComments(line: String) throws {
        #expect(try ShellCommand.parse(line, kinds: kinds) == nil)
    }

    @Test(arguments: [
        ("fly away", "unknown command 'fly'; type help for the list"),
        ("grant microphone", "unknown permission 'microphone'; the app tracks: location, camera, notifications"),
        ("grant", "usage: grant KIND"),
        ("grant camera now", "usage: grant KIND"),
        ("answer camera maybe", "usage: answer KIND grant|deny (not 'maybe')"),
        ("offer later", "usage: offer open|notnow (not 'later')"),
        ("offer", "usage: offer open|notnow"),
        ("location 91 0", "usage: location LAT LON, with -90 <= LAT <= 90 and -180 <= LON <= 180"),
        ("location north east", "usage: location LAT LON, with -90 <= LAT <= 90 and -180 <= LON <= 180"),
        ("wait -1", "usage: wait MS, with 0 <= MS <= 600000"),
        ("wait soon", "usage: wait MS, with 0 <= MS <= 600000"),
        ("tap", "usage: tap SELECTOR (a CSS selector, such as #scan)"),
        ("eval", "usage: eval JS"),
        ("expect", "usage: expect JS"),
        ("expect-within", "usage: expect-within MS JS, with 0 <= MS <= 600000"),
        ("expect-within 500", "usage: expect-within MS JS, with 0 <= MS <= 600000"),
        ("expect-within soon window.ready", "usage: expect-within MS JS, with 0 <= MS <= 600000"),
        ("expect-within 600001 window.ready", "usage: expect-within MS JS, with 0 <= MS <= 600000"),
        ("grant locaton", "unknown permission 'locaton' (did you mean 'location'?); the app tracks: location, camera, notifications"),
        ("token", "usage: token VALUE|clear"),
        ("status now", "usage: status (no arguments)"),
        ("deny", "usage: deny KIND"),
        ("restrict camera location", "usage: restrict KIND"),
        ("revoke", "usage: revoke KIND"),
        ("answer camera", "usage: answer KIND grant|deny"),
        ("answer microphone grant", "unknown permission 'microphone'; the app tracks: location, camera, notifications"),
        ("background now", "usage: background (no arguments)"),
        ("foreground 2", "usage: foreground (no arguments)"),
        ("relaunch fast", "usage: relaunch (no arguments)"),
        ("location 52.52", "usage: location LAT LON"),
        ("location 0 181", "usage: location LAT LON, with -90 <= LAT <= 90 and -180 <= LON <= 180"),
        ("wait", "usage: wait MS"),
        ("wait 600001", "usage: wait MS, with 0 <= MS <= 600000"),
        ("screenshot", "usage: screenshot PATH"),
        ("token a b", "usage: token VALUE|clear"),
    ])
    func rejectsBadLinesWithOneLine(line: String, message: String) {
        #expect(throws: ShellError.self) { try ShellCommand.parse(line, kinds: kinds) }
        do {
            _ = try ShellCommand.parse(line, kinds: kinds)
        } catch {
            #expect(error.description == message)
            #expect(!error.description.contains("\n"))
        }
    }
}

@Suite struct StrictRunTests {
    @Test func errorLinesAndThePagesUncaughtErrorsFailAStrictRun() {
        #expect(ShellRecord(type: "error", fields: ["message": "unknown command 'x'"], line: "error: x").failsStrictRun)
        #expect(ShellRecord(AppEvent.console(level: "exception", text: "Error: boom\n    at f")).failsStrictRun)
    }

    @Test func eachFailureIsNamedForTheJSONLog() {
        #expect(ShellRecord(type: "error", fields: ["message": "unknown command 'x'"], line: "error: x").failure == .command)
        let thrown = ShellRecord(AppEvent.console(level: "exception", text: "Error: boom\n    at f"))
        #expect(thrown.failure == .exception && thrown.fields["failure"] == "exception")
        let rejected = ShellRecord(AppEvent.console(level: "exception", text: "unhandled rejection: Error: no"))
        #expect(rejected.failure == .unhandledRejection && rejected.fields["failure"] == "unhandledRejection")
        let unanswered = ShellRecord(AppEvent.failure(.unansweredPrompt, "the camera prompt was shown and nobody answered it"))
        #expect(unanswered.type == "error" && unanswered.fields["failure"] == "unansweredPrompt" && unanswered.failsStrictRun)
        #expect(ShellRecord(failure: .httpStatus, "the page answered HTTP 404").fields["failure"] == "httpStatus")
    }

    @Test func aChangeOfANewKindSaysNewInTheLogAsOnTheConsole() {
        let change = PermissionChange(kind: .camera, previous: nil, current: .granted, cause: .launch, date: Date())
        let record = ShellRecord(AppEvent.change(change))
        #expect(record.fields["previous"] == "new")
        #expect(record.line.contains("new -> granted"))
    }

    @Test func theConsolesOtherLevelsAndResultsDoNot() {
        for level in ["log", "info", "warn", "error", "debug"] {
            #expect(!ShellRecord(AppEvent.console(level: level, text: "x")).failsStrictRun, "console.\(level)")
        }
        #expect(!ShellRecord(type: "result", fields: ["text": "ok"], line: "ok").failsStrictRun)
        #expect(!ShellRecord(AppEvent.note("launched")).failsStrictRun)
    }
}

@Suite struct KindSuggestionTests {
    @Test(arguments: [
        ("camra", "camera"), ("locaton", "location"), ("Notification", "notifications"), ("contact", "contacts"),
        ("faceid", "faceID"),
    ])
    func aSlipSuggestsTheKindMeant(typed: String, meant: String) {
        #expect(KindSuggestion.nearest(to: typed, among: PermissionKind.builtIn.map(\.rawValue)) == meant)
    }

    @Test(arguments: ["bogus", "x", "teleportation"])
    func aNameFarFromEveryKindSuggestsNothing(typed: String) {
        #expect(KindSuggestion.nearest(to: typed, among: PermissionKind.builtIn.map(\.rawValue)) == nil)
    }
}
