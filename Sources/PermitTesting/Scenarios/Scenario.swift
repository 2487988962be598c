package import Foundation
package import Logging
package import Permit

/// A scripted story run against a ``SimulatedDevice`` and a real file store, with checks along the way.
///
/// Scenarios are what `permit simulate` runs, and what the test suite runs too, so the command's transcript
/// and the tests tell the same story. Each run gets its own device and its own store in a fresh temporary
/// folder, removed afterwards.
///
/// For example:
///
/// ```swift
/// for scenario in Scenario.seed {
///     let result = await scenario.run(logger: logger) { print("  " + $0) }
///     print(scenario.name, result.passed ? "passed" : "FAILED: \(result.detail)")
/// }
/// ```
package struct Scenario: Sendable {
    /// A short identifier, such as `fresh-install`.
    package let name: String
    /// One sentence saying what the scenario shows.
    package let summary: String
    private let body: @Sendable (ScenarioContext) async throws -> String

    /// Creates a scenario; `body` drives the context, checks with ``ScenarioContext/check(_:_:)`` and returns
    /// a one-line detail for the report.
    package init(
        name: String, summary: String, body: @escaping @Sendable (ScenarioContext) async throws -> String
    ) {
        self.name = name
        self.summary = summary
        self.body = body
    }

    /// Runs the scenario in a fresh world and reports the outcome; never throws.
    ///
    /// - Parameters:
    ///   - logger: Passed to every center and store the scenario makes.
    ///   - step: Called with a line of transcript for each step, as it happens.
    ///   - onLaunch: Called each time the scenario starts the app's process, once its center has started
    ///     (and its policy, for a scenario that has one, finished startup), before the scenario goes on: the
    ///     place to connect more of the app, such as a web view showing the center's state.
    package func run(
        logger: Logger, step: @escaping @Sendable (String) -> Void = { _ in },
        onLaunch: (@Sendable (ScenarioLaunch) async -> Void)? = nil
    ) async -> ScenarioResult {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("permit-scenario-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = ScenarioContext(folder: folder, logger: logger, step: step, onLaunch: onLaunch)
        let start = ContinuousClock.now
        let passed: Bool
        let detail: String
        do {
            detail = try await body(context)
            passed = true
        } catch let failure as ScenarioFailure {
            detail = failure.message
            passed = false
        } catch {
            detail = "unexpected error: \(error)"
            passed = false
        }
        let elapsed = start.duration(to: .now)
        return ScenarioResult(
            name: name, passed: passed, detail: detail, milliseconds: elapsed.milliseconds,
            transcript: context.transcript)
    }
}

/// The outcome of one ``Scenario`` run.
package struct ScenarioResult: Sendable, Hashable, Codable {
    /// The scenario's name.
    package var name: String
    /// Whether every check passed.
    package var passed: Bool
    /// What the scenario showed, or the first check that failed.
    package var detail: String
    /// How long the run took, in milliseconds.
    package var milliseconds: Double
    /// Every step's line, in order.
    package var transcript: [String]

    /// Creates a result.
    package init(name: String, passed: Bool, detail: String, milliseconds: Double, transcript: [String]) {
        self.name = name
        self.passed = passed
        self.detail = detail
        self.milliseconds = milliseconds
        self.transcript = transcript
    }
}

/// One start of the app's process in a scenario, as ``Scenario/run(logger:step:onLaunch:)`` reports it.
package struct ScenarioLaunch: Sendable {
    /// The process's permission center, started.
    package let center: PermissionCenter
    /// The process's prompt policy, for a scenario whose app has one.
    package let policy: PromptPolicy?
    /// The simulated OS the scenario runs on.
    package let device: SimulatedDevice
    /// Which launch this is in the scenario: 1 for the first.
    package let number: Int
}

/// A check in a scenario that did not hold.
struct ScenarioFailure: Error {
    let message: String
}

/// The world one scenario runs in: a simulated device, a file store in a temporary folder, and the app's
/// current `PermissionCenter`.
///
/// A context belongs to the one task that runs its scenario; it is not `Sendable`.
package final class ScenarioContext {
    /// The simulated OS.
    package let device = SimulatedDevice()
    /// The file the app's store writes.
    package let storeURL: URL
    /// The kinds the simulated app tracks: the seed's location, camera and notifications.
    package let kinds: [PermissionKind] = PermissionKind.legacyCookieKinds
    /// The logger passed to centers and stores.
    package let logger: Logger
    /// The center of the app's current process, after ``launch(importingLegacyKeysFrom:)``.
    package private(set) var center: PermissionCenter?
    /// The transcript so far.
    package private(set) var transcript: [String] = []
    private let step: @Sendable (String) -> Void
    private let onLaunch: (@Sendable (ScenarioLaunch) async -> Void)?
    private var launchCount = 0

    init(
        folder: URL, logger: Logger, step: @escaping @Sendable (String) -> Void,
        onLaunch: (@Sendable (ScenarioLaunch) async -> Void)?
    ) {
        self.storeURL = folder.appendingPathComponent("permissions.json")
        self.logger = logger
        self.step = step
        self.onLaunch = onLaunch
    }

    /// Starts the app's process on the device, as tapping its icon would: a new center over the same store,
    /// its lifecycle observer attached, started.
    ///
    /// - Parameter legacyDefaults: Where a seed-era version of the app kept its `p_…` keys, imported when the
    ///   store's file does not exist yet.
    @discardableResult
    package func launch(importingLegacyKeysFrom legacyDefaults: UserDefaults? = nil) async -> PermissionCenter {
        let center = await startProcess(importingLegacyKeysFrom: legacyDefaults)
        await launched(center, policy: nil)
        return center
    }

    /// Starts the app's process without reporting the launch; ``launched(_:policy:)`` reports it.
    func startProcess(importingLegacyKeysFrom legacyDefaults: UserDefaults? = nil) async -> PermissionCenter {
        await device.launchApp()
        let store = FilePermissionStore(url: storeURL, importingLegacyKeysFrom: legacyDefaults, logger: logger)
        let center = PermissionCenter(kinds: kinds, authority: device, storage: PermitStorage(store: store, logger: logger), logger: logger)
        await device.attachLifecycleObserver { event in await center.handle(event) }
        await center.start()
        self.center = center
        return center
    }

    /// Reports a launch to the run's `onLaunch` closure.
    func launched(_ center: PermissionCenter, policy: PromptPolicy?) async {
        launchCount += 1
        await onLaunch?(ScenarioLaunch(center: center, policy: policy, device: device, number: launchCount))
    }

    /// The snapshot on disk, read by a store of its own.
    package func storedSnapshot() async throws -> PermissionSnapshot {
        try await FilePermissionStore(url: storeURL, logger: logger).load()
    }

    /// Adds a line to the transcript.
    package func note(_ line: String) {
        transcript.append(line)
        step(line)
    }

    /// Fails the scenario with `message` unless `condition` holds.
    package func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        guard condition else { throw ScenarioFailure(message: message()) }
    }

    /// Asks `center` for `kind` with the user's answer to the prompt scripted as `answer`.
    @discardableResult
    package func request(
        _ kind: PermissionKind, from center: PermissionCenter, answering answer: PermissionStatus
    ) async throws -> PermissionState {
        await device.answerNextPrompt(for: kind, with: answer)
        return try await center.request(kind)
    }
}

extension Duration {
    /// The duration in milliseconds, as a fraction.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

extension [String: String] {
    /// The cookies as `k=v` pairs sorted by key, for transcripts.
    var cookieLine: String { sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
}
