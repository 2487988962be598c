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
        ("background", .background),
        ("  foreground  ", .foreground),
        ("relaunch", .relaunch),
        ("location 52.52 -13.4", .location(latitude: 52.52, longitude: -13.4)),
        ("token abc:DEF-1_2", .token("abc:DEF-1_2")),
        ("token clear", .clearToken),
        ("eval document.title + ' x'", .eval("document.title + ' x'")),
        ("expect  window.ready === true ", .expect("window.ready === true")),
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
        ("location 91 0", "usage: location LAT LON, with -90 <= LAT <= 90 and -180 <= LON <= 180"),
        ("location north east", "usage: location LAT LON, with -90 <= LAT <= 90 and -180 <= LON <= 180"),
        ("wait -1", "usage: wait MS, with 0 <= MS <= 600000"),
        ("wait soon", "usage: wait MS, with 0 <= MS <= 600000"),
        ("eval", "usage: eval JS"),
        ("expect", "usage: expect JS"),
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

    @Test func theConsolesOtherLevelsAndResultsDoNot() {
        for level in ["log", "info", "warn", "error", "debug"] {
            #expect(!ShellRecord(AppEvent.console(level: level, text: "x")).failsStrictRun, "console.\(level)")
        }
        #expect(!ShellRecord(type: "result", fields: ["text": "ok"], line: "ok").failsStrictRun)
        #expect(!ShellRecord(AppEvent.note("launched")).failsStrictRun)
    }
}
