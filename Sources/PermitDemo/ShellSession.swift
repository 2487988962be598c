import Foundation
import Permit
import PermitChromium
import PermitTesting
import PermitWeb

/// Runs `permit shell` commands against a simulated hybrid app and reports what happens.
///
/// Everything the shell prints goes through one closure as a ``ShellRecord``: the commands, their results
/// and errors, and the app's events (the page's console, the bridge's traffic, changes) as they happen.
package actor ShellSession {
    private let stage: DemoStage
    private let app: HybridApp
    private let output: @Sendable (ShellRecord) -> Void

    /// Creates a session over a stage and an app that uses it; nothing runs until ``start()``.
    package init(stage: DemoStage, app: HybridApp, output: @escaping @Sendable (ShellRecord) -> Void) {
        self.stage = stage
        self.app = app
        self.output = output
    }

    /// Launches the app, which loads its page, and reports a page that did not load or answered an HTTP
    /// error.
    package func start() async throws {
        do {
            try await app.launch()
        } catch {
            output(ShellRecord(failure: .loadFailed, "\(error)"))
            throw error
        }
        await checkLoadedPage()
    }

    /// Parses and runs one line; returns `false` after `quit`. A bad line is reported as an error record,
    /// and the session goes on.
    ///
    /// - Parameters:
    ///   - line: The command.
    ///   - number: The line's number in the script or on standard input, in the JSON log's records.
    ///   - namesLine: Whether an error names the line for a person (`line 3: …`), as it does in a script.
    package func run(line: String, number: Int, namesLine: Bool = true) async -> Bool {
        let place = namesLine ? "line \(number): " : ""
        let text = line.trimmingCharacters(in: .whitespaces)
        let fields = ["line": "\(number)", "command": text]
        func failed(_ message: String) {
            output(ShellRecord(
                type: "error", fields: fields.merging(["message": message, "failure": ShellFailure.command.rawValue]) { $1 },
                line: "error: \(place)\(message)"))
        }
        let command: ShellCommand?
        do {
            command = try ShellCommand.parse(line, kinds: app.configuration.kinds)
        } catch {
            failed(error.description)
            return true
        }
        guard let command else { return true }
        output(ShellRecord(type: "command", fields: fields, line: "> \(text)"))
        let launches = await app.device.launchCount
        do {
            let goesOn = try await execute(command)
            if await app.device.launchCount != launches, await app.isRunning { await checkLoadedPage() }
            return goesOn
        } catch {
            failed("\(error)")
            return true
        }
    }

    /// Reports a main document that answered an HTTP error: the page a person would see is not the app.
    private func checkLoadedPage() async {
        guard let status = try? await stage.webView.mainDocumentStatus(), status >= 400 else { return }
        output(ShellRecord(
            failure: .httpStatus,
            "the page answered HTTP \(status): \(app.configuration.pageURL.absoluteString)"))
    }

    private func execute(_ command: ShellCommand) async throws -> Bool {
        switch command {
        case .settings(let kind, let status):
            try await app.switchInSettings(kind, to: status)
        case .reset(let kind):
            try await app.switchInSettings(kind, to: nil)
        case .restrict(let kind):
            await app.device.setStatus(.restricted, for: kind)
            result("\(kind) restricted by device management; the app sees it when next active (background, foreground)")
        case .revoke(let kind):
            await app.background()
            await app.changeInSettings(kind, to: .denied)
            try await app.foreground()
        case .answer(let kind, let status):
            await app.device.answerNextPrompt(for: kind, with: status)
            result("the next \(kind) prompt will be answered \(status == .granted ? "Allow" : "Don't Allow")")
        case .offer(let choice):
            await app.answerNextSettingsOffer(with: choice)
            result("at the next offer of Settings the person will tap \(choice == .openSettings ? "Open Settings" : "Not now")")
        case .background:
            await app.background()
        case .foreground:
            try await app.foreground()
        case .relaunch:
            try await app.relaunch()
        case .location(let latitude, let longitude):
            app.location.setFix(LocationFix(latitude: latitude, longitude: longitude, accuracy: 5, timestamp: Date()))
            result("location fix: \(latitude), \(longitude)")
        case .token(let value):
            guard let tokens = await app.tokenManager else { throw ShellError("the app is not running; foreground first") }
            let changed = try await tokens.updateIfNeeded(value)
            result(changed ? "push token saved: \(value.count) characters, cookie written" : "push token unchanged")
        case .clearToken:
            guard let tokens = await app.tokenManager else { throw ShellError("the app is not running; foreground first") }
            try await tokens.clear()
            result("push token cleared: provider, cookie and backup")
        case .tap(let selector):
            try await tap(selector)
        case .eval(let script):
            let value = try await stage.webView.evaluateJavaScriptRevealingExceptions(script)
            result(value ?? "undefined", fields: ["value": value ?? "undefined"])
        case .expect(let expression):
            try await expect(expression)
        case .expectWithin(let milliseconds, let expression):
            try await expect(expression, within: milliseconds)
        case .wait(let milliseconds):
            try await Task.sleep(for: .milliseconds(milliseconds))
        case .screenshot(let path):
            let png = try await stage.webView.screenshot()
            try png.write(to: URL(fileURLWithPath: path), options: .atomic)
            result("screenshot: \(path) (\(png.count) bytes)", fields: ["path": path])
        case .status:
            try await status()
        case .help:
            result(ShellCommand.usage)
        case .quit:
            return false
        }
        return true
    }

    /// Evaluates `expression` (awaiting a promise) and throws when its value is falsy, naming the value; with
    /// `limit`, evaluates it again every 50 ms until it holds or the time is up, and names the last value.
    private func expect(_ expression: String, within limit: Int? = nil) async throws {
        let deadline = ContinuousClock.now + .milliseconds(limit ?? 0)
        var tries = 0
        while true {
            tries += 1
            let (passed, shown) = try await evaluateExpectation(expression)
            if passed {
                result("ok: \(expression)", fields: ["expect": expression, "value": shown])
                return
            }
            guard limit != nil, ContinuousClock.now < deadline else {
                guard let limit else { throw ShellError("expect failed: \(expression) is \(shown)") }
                throw ShellError(
                    "expect-within failed: \(expression) is still \(shown) after \(limit) ms (\(tries) tries)")
            }
            try await Task.sleep(for: min(.milliseconds(50), deadline - ContinuousClock.now))
        }
    }

    /// Taps the element `selector` finds, as a person would, and reports where.
    private func tap(_ selector: String) async throws {
        let place = try await app.tap(selector)
        result(
            "tapped \(selector) at (\(Int(place.x)), \(Int(place.y)))",
            fields: ["selector": selector, "x": "\(place.x)", "y": "\(place.y)"])
    }

    /// Whether `expression` is truthy in the page, and its value as JSON (or as text when JSON cannot hold it).
    private func evaluateExpectation(_ expression: String) async throws -> (passed: Bool, shown: String) {
        // The expression is spliced into a function body on purpose: it is page script from the script's author.
        let check = """
            (async () => { const value = await (\(expression)\n);
              let shown; try { shown = value === undefined ? 'undefined' : JSON.stringify(value); } catch (e) { shown = String(value); }
              return [!!value, shown === undefined ? String(value) : shown]; })()
            """
        let text = try await stage.webView.evaluateJavaScriptRevealingExceptions(check) ?? "[]"
        guard let answer = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any], answer.count == 2,
            let passed = answer[0] as? Bool
        else { throw ShellError("expect: the page did not answer (\(text))") }
        return (passed, answer[1] as? String ?? "?")
    }

    private func status() async throws {
        let name = app.configuration.bridge.permissionsObjectName
        let pageText = try await app.evaluate("typeof window.\(name) === 'object' && window.\(name) ? window.\(name) : null")
        let page = pageText.flatMap { try? JSONDecoder().decode([String: String].self, from: Data($0.utf8)) } ?? [:]
        var lines = ["app \(await app.device.appState)"]
        var fields = ["appState": "\(await app.device.appState)"]
        guard let center = await app.center else {
            result((lines + ["no process: foreground launches the app"]).joined(separator: "\n"), fields: fields)
            return
        }
        func column(_ text: String) -> String { text.padding(toLength: 14, withPad: " ", startingAt: 0) }
        for state in await center.states() {
            let cookie = await center.cookieValue(for: state.kind)
            let seen = page[state.kind.rawValue] ?? "-"
            lines.append(
                "  \(column(state.kind.rawValue)) os \(column(state.status.rawValue)) page \(column(seen))"
                    + " cookie \(cookie?.rawValue ?? "-")")
            fields[state.kind.rawValue] = "\(state.status.rawValue) page=\(seen)"
        }
        result(lines.joined(separator: "\n"), fields: fields)
    }

    private func result(_ text: String, fields: [String: String] = [:]) {
        var fields = fields
        if fields.isEmpty { fields["text"] = text }
        output(ShellRecord(type: "result", fields: fields, line: text))
    }
}

/// One thing the shell reports: a command, a result, an error, or an event of the app.
package struct ShellRecord: Sendable, Hashable {
    /// `command`, `result`, `error`, or an ``AppEvent/type``.
    package var type: String
    /// The record's data, for the JSON log.
    package var fields: [String: String]
    /// What a person reads.
    package var line: String

    /// Creates a record.
    package init(type: String, fields: [String: String], line: String) {
        self.type = type
        self.fields = fields
        self.line = line
    }

    /// The record of an app event; the page's uncaught exception or unhandled rejection names its failure.
    package init(_ event: AppEvent) {
        var fields = event.fields
        if case .console(level: "exception", let text) = event {
            let failure: ShellFailure = text.hasPrefix(DemoStage.unhandledRejectionPrefix) ? .unhandledRejection : .exception
            fields["failure"] = failure.rawValue
        }
        self.init(type: event.type, fields: fields, line: event.line)
    }

    /// The record of a failure outside any command: a page that did not load or answered an HTTP error.
    package init(failure: ShellFailure, _ message: String) {
        self.init(AppEvent.failure(failure, message))
    }

    /// What fails a `--strict` run, or `nil`: an error line of the shell (an unknown command or kind, a failed
    /// `expect`, a command that threw, a prompt nobody answered, a page that did not load or answered an HTTP
    /// error) or the page's uncaught exception or unhandled rejection.
    package var failure: ShellFailure? {
        if let named = fields["failure"].flatMap(ShellFailure.init(rawValue:)) { return named }
        return type == "error" ? .command : nil
    }

    /// Whether the record fails a `--strict` run.
    package var failsStrictRun: Bool { failure != nil }
}
