public import Permit

/// A scriptable stand-in for the operating system: permission statuses, system prompts, the Settings app and
/// the app's lifecycle.
///
/// The device implements `PermissionAuthority` the way iOS behaves:
///
/// - Every kind starts `PermissionStatus.notDetermined` unless set otherwise.
/// - ``request(_:)`` shows a prompt only for a kind that is not determined (or for provisional
///   notifications, which the prompt can make prominent), only while the app is active, and counts it. The
///   answer comes from ``answerNextPrompt(for:with:)``; with ``holdsPrompts`` set, the prompt stays on
///   screen until ``answerPendingPrompt(for:with:)``. A prompt nobody scripted fails loudly with
///   ``SimulatedDeviceError/unexpectedPrompt``, and one asked for while the app is not active with
///   ``SimulatedDeviceError/appNotActive``. When the prompt goes away the app becomes active again, so its
///   lifecycle observer receives did-become-active before the answer returns, as on iOS.
/// - Location is one authorization: turning location off turns "always" off too, and granting "always"
///   grants location while in use.
/// - ``changeInSettings(_:to:)`` is the user flipping a switch in Settings. For most privacy permissions iOS
///   then terminates the running app (``terminatesOnSettingsChange``); for location it reports the change
///   through a callback instead (``reportsChangesWhileRunning``), delivered when the app is next active.
/// - ``requestTemporaryFullAccuracy(purposeKey:)`` shows the temporary full-accuracy prompt only while location
///   is approximate and the app is active, records its purpose key (``fullAccuracyPrompts``), and takes the
///   answer from ``answerNextFullAccuracyPrompt(allowingPrecise:)`` (unscripted: allowed); precise location then
///   lasts until the next ``launchApp()``.
/// - ``moveToBackground()`` and ``moveToForeground()`` send the lifecycle events an app observer would see;
///   ``terminateApp()`` and ``launchApp()`` model the process ending and starting again.
///
/// For example:
///
/// ```swift
/// let device = SimulatedDevice()
/// await device.launchApp()
/// await device.answerNextPrompt(for: .camera, with: .granted)
/// try await center.request(.camera)                 // one prompt, answered "Allow"
/// await device.moveToBackground()
/// await device.changeInSettings(.camera, to: .denied) // iOS terminates the app
/// ```
public actor SimulatedDevice: PermissionAuthority {
    /// Where the simulated app is in its lifecycle.
    public enum AppState: String, Sendable, Hashable, CustomStringConvertible {
        /// No process: never launched, or terminated.
        case notRunning
        /// Running, not visible.
        case background
        /// Running and active on screen.
        case active

        /// The state's name.
        public var description: String { rawValue }
    }

    /// What happened to the app when a setting changed.
    public enum SettingsOutcome: Sendable, Hashable {
        /// The app kept running; a kind that reports changes while running will see a callback.
        case appKeptRunning
        /// iOS terminated the app, as it does for most privacy permissions.
        case appTerminated
        /// The app was not running.
        case appNotRunning
    }

    private var statusByKind: [PermissionKind: PermissionStatus]
    private var scriptedAnswers: [PermissionKind: [PermissionStatus]] = [:]
    private var heldPrompts: [PermissionKind: [CheckedContinuation<PermissionStatus, any Error>]] = [:]
    private var promptsShown: [PermissionKind: Int] = [:]
    private var changeHandler: (@Sendable (PermissionKind) -> Void)?
    private var lifecycleHandler: (@Sendable (LifecycleEvent) async -> Void)?
    private var pendingCallbacks: [PermissionKind] = []
    /// The notification settings ``setNotificationDetails(_:)`` set (SimulatedDevice+Notifications.swift).
    var scriptedNotificationDetails: NotificationDetails?
    /// The scripted answers to temporary full-accuracy prompts (SimulatedDevice+Accuracy.swift): `true` allows
    /// precise location.
    var fullAccuracyAnswers: [Bool] = []
    /// The location kinds precise only until the next launch.
    var temporarilyPrecise: Set<PermissionKind> = []
    /// The purpose key of every temporary full-accuracy prompt shown, in order.
    public internal(set) var fullAccuracyPrompts: [String] = []

    /// The answer to a prompt nobody scripted; `nil` (the default) makes such a prompt throw.
    public var unscriptedPromptAnswer: PermissionStatus?
    /// When `true`, a prompt with no scripted answer stays on screen until ``answerPendingPrompt(for:with:)``.
    ///
    /// A scripted answer comes first, then ``unscriptedPromptAnswer``; a prompt is held only when neither
    /// gives an answer.
    public var holdsPrompts = false
    /// Kinds whose change in Settings terminates the running app, as iOS does: by default every built-in
    /// kind but location, location always and notifications.
    public private(set) var terminatesOnSettingsChange: Set<PermissionKind>
    /// Kinds whose OS reports changes to the running app through a callback: by default location and
    /// location always.
    public private(set) var reportsChangesWhileRunning: Set<PermissionKind>

    /// The kinds whose Settings change iOS answers by terminating the app, by default.
    public static let defaultTerminatingKinds = Set(PermissionKind.builtIn).subtracting([
        .location, .locationAlways, .notifications,
    ])
    /// The kinds whose changes iOS reports to the running app, by default.
    public static let defaultReportingKinds: Set<PermissionKind> = [.location, .locationAlways]

    /// Where the app is in its lifecycle.
    public private(set) var appState: AppState = .notRunning
    /// How many times the app was launched.
    public private(set) var launchCount = 0
    /// How many times the OS terminated the app.
    public private(set) var terminationCount = 0
    /// How many times an app read statuses from the device (one read may cover many kinds).
    public private(set) var statusReadCount = 0

    /// Creates a device.
    ///
    /// - Parameters:
    ///   - statuses: Initial statuses; every other kind is not determined.
    ///   - unscriptedPromptAnswer: The answer to prompts nobody scripted; `nil` makes them throw.
    ///   - terminatesOnSettingsChange: Kinds whose Settings change terminates the running app.
    ///   - reportsChangesWhileRunning: Kinds whose changes reach the running app through a callback.
    public init(
        statuses: [PermissionKind: PermissionStatus] = [:],
        unscriptedPromptAnswer: PermissionStatus? = nil,
        terminatesOnSettingsChange: Set<PermissionKind> = SimulatedDevice.defaultTerminatingKinds,
        reportsChangesWhileRunning: Set<PermissionKind> = SimulatedDevice.defaultReportingKinds
    ) {
        self.statusByKind = statuses
        self.unscriptedPromptAnswer = unscriptedPromptAnswer
        self.terminatesOnSettingsChange = terminatesOnSettingsChange
        self.reportsChangesWhileRunning = reportsChangesWhileRunning
    }

    // MARK: - PermissionAuthority

    /// The kind's current status.
    public func status(of kind: PermissionKind) async -> PermissionStatus {
        statusReadCount += 1
        return currentStatus(kind)
    }

    /// The kinds' current statuses, in one read.
    public func statuses(of kinds: [PermissionKind]) async -> [PermissionKind: PermissionStatus] {
        statusReadCount += 1
        var result: [PermissionKind: PermissionStatus] = [:]
        result.reserveCapacity(kinds.count)
        for kind in kinds { result[kind] = currentStatus(kind) }
        return result
    }

    /// Shows the system prompt for a kind that is not determined (or provisional notifications, or write-only
    /// calendar access being upgraded to full access) and returns the user's answer; returns the current status
    /// without a prompt otherwise.
    ///
    /// - Throws: ``SimulatedDeviceError/unexpectedPrompt`` when no answer is scripted;
    ///   ``SimulatedDeviceError/appNotActive`` when a prompt would show while the app is not active.
    public func request(_ kind: PermissionKind) async throws -> PermissionStatus {
        let current = currentStatus(kind)
        let prompts =
            current == .notDetermined || (current == .provisional && kind == .notifications)
            || (current == .writeOnly && kind == .calendar)
        guard prompts else { return current }
        guard appState == .active else {
            throw SimulatedDeviceError.appNotActive.withDetail(
                "system prompt for \(kind) asked for while the app is \(appState); iOS shows prompts to the active app")
        }
        promptsShown[kind, default: 0] += 1
        let answer: PermissionStatus
        if var queue = scriptedAnswers[kind], !queue.isEmpty {
            answer = queue.removeFirst()
            scriptedAnswers[kind] = queue
        } else if let unscriptedPromptAnswer {
            answer = unscriptedPromptAnswer
        } else if holdsPrompts {
            answer = try await withCheckedThrowingContinuation { heldPrompts[kind, default: []].append($0) }
        } else {
            throw SimulatedDeviceError.unexpectedPrompt.withDetail(
                "system prompt for \(kind) shown with no answer scripted; call answerNextPrompt(for:with:)")
        }
        apply(answer, to: kind)
        if appState == .active, let lifecycleHandler {
            await lifecycleHandler(.didBecomeActive)  // the alert is gone; the app is active again
        }
        return answer
    }

    /// Installs the handler that receives change callbacks for ``reportsChangesWhileRunning`` kinds.
    public func observeChanges(_ handler: (@Sendable (PermissionKind) -> Void)?) async {
        changeHandler = handler
    }

    // MARK: - Scripting prompts

    /// Queues the user's answer to the next prompt for `kind`.
    public func answerNextPrompt(for kind: PermissionKind, with answer: PermissionStatus) {
        scriptedAnswers[kind, default: []].append(answer)
    }

    /// Answers the prompts for `kind` that are on screen because ``holdsPrompts`` is set.
    ///
    /// - Returns: How many held prompts were answered.
    @discardableResult
    public func answerPendingPrompt(for kind: PermissionKind, with answer: PermissionStatus) -> Int {
        let waiting = heldPrompts.removeValue(forKey: kind) ?? []
        for continuation in waiting { continuation.resume(returning: answer) }
        return waiting.count
    }

    /// How many prompts for `kind` are on screen, waiting for ``answerPendingPrompt(for:with:)``.
    public func pendingPromptCount(for kind: PermissionKind) -> Int { heldPrompts[kind]?.count ?? 0 }

    /// How many system prompts were shown for `kind`.
    public func promptCount(for kind: PermissionKind) -> Int { promptsShown[kind] ?? 0 }

    /// How many system prompts were shown in all.
    public var totalPromptCount: Int { promptsShown.values.reduce(0, +) }

    /// Sets ``unscriptedPromptAnswer``.
    public func setUnscriptedPromptAnswer(_ answer: PermissionStatus?) { unscriptedPromptAnswer = answer }

    /// Sets ``holdsPrompts``.
    public func setHoldsPrompts(_ holds: Bool) { holdsPrompts = holds }

    // MARK: - Settings

    /// Sets a status directly, as device management or a restriction would, with no lifecycle effect.
    public func setStatus(_ status: PermissionStatus, for kind: PermissionKind) {
        apply(status, to: kind)
    }

    /// Sets ``terminatesOnSettingsChange``.
    public func setTerminatesOnSettingsChange(_ kinds: Set<PermissionKind>) { terminatesOnSettingsChange = kinds }

    /// Sets ``reportsChangesWhileRunning``.
    public func setReportsChangesWhileRunning(_ kinds: Set<PermissionKind>) { reportsChangesWhileRunning = kinds }

    /// The user changes `kind` to `status` in the Settings app.
    ///
    /// If the app is running and the kind is in ``terminatesOnSettingsChange``, the OS terminates the app. If
    /// the kind is in ``reportsChangesWhileRunning``, the app gets a change callback: at once when active,
    /// otherwise when it is next active.
    @discardableResult
    public func changeInSettings(_ kind: PermissionKind, to status: PermissionStatus) async -> SettingsOutcome {
        let changed = apply(status, to: kind)
        guard appState != .notRunning else { return .appNotRunning }
        guard !changed.isEmpty else { return .appKeptRunning }
        if !changed.isDisjoint(with: terminatesOnSettingsChange) {
            terminateApp()
            return .appTerminated
        }
        for changedKind in changed.sorted() where reportsChangesWhileRunning.contains(changedKind) {
            if appState == .active {
                changeHandler?(changedKind)
            } else {
                pendingCallbacks.append(changedKind)
            }
        }
        return .appKeptRunning
    }

    /// The user resets `kind` to "not determined", as iOS's Reset Location & Privacy does: the next request
    /// shows the system prompt again. The app hears of it as of any change in Settings (see
    /// ``changeInSettings(_:to:)``): a callback for location, a termination for most other kinds.
    @discardableResult
    public func reset(_ kind: PermissionKind) async -> SettingsOutcome {
        await changeInSettings(kind, to: .notDetermined)
    }

    /// Sets a status, keeping location's two kinds one authorization and calendar's two kinds one
    /// authorization, as iOS does; returns the kinds that changed.
    @discardableResult
    private func apply(_ status: PermissionStatus, to kind: PermissionKind) -> Set<PermissionKind> {
        var updates = [kind: status]
        if kind == .location, !status.isUsable {
            updates[.locationAlways] = status  // location off is "always" off too
        } else if kind == .locationAlways, status.isUsable, !currentStatus(.location).isUsable {
            updates[.location] = status  // "always" includes while in use, at the same accuracy
        } else if kind == .calendar {
            // EventKit has one authorization: full access includes writing, write-only is writing.
            updates[.calendarWriteOnly] = status == .granted || status == .writeOnly ? .granted : status
        } else if kind == .calendarWriteOnly {
            updates[.calendar] = status == .granted ? (currentStatus(.calendar) == .granted ? .granted : .writeOnly) : status
        }
        var changed = Set<PermissionKind>()
        for (updated, value) in updates where currentStatus(updated) != value {
            statusByKind[updated] = value
            changed.insert(updated)
        }
        return changed
    }

    // MARK: - App lifecycle

    /// Starts the app's process, active on screen. Observers from an earlier process are gone.
    public func launchApp() {
        if appState != .notRunning { terminateApp() }
        // Temporary full accuracy lasts until the app is next launched.
        for kind in temporarilyPrecise where statusByKind[kind] == .granted { statusByKind[kind] = .approximate }
        temporarilyPrecise = []
        appState = .active
        launchCount += 1
    }

    /// Installs the app's lifecycle observer, as `PermitUIKit`'s `LifecycleObserver` does at launch; it receives every
    /// lifecycle event until the app terminates.
    public func attachLifecycleObserver(_ observer: @escaping @Sendable (LifecycleEvent) async -> Void) {
        lifecycleHandler = observer
    }

    /// Sends the app to the background (the user went to Settings), delivering did-enter-background.
    public func moveToBackground() async {
        guard appState == .active else { return }
        appState = .background
        await lifecycleHandler?(.didEnterBackground)
    }

    /// Brings a running app back: will-enter-foreground, then did-become-active, then any OS callbacks that
    /// were held while it was in the background.
    ///
    /// - Throws: ``SimulatedDeviceError/appNotRunning`` when the OS terminated the app; launch it again.
    public func moveToForeground() async throws {
        switch appState {
        case .notRunning:
            throw SimulatedDeviceError.appNotRunning.withDetail("the app was terminated; launch it again")
        case .active:
            return
        case .background:
            appState = .active
            await lifecycleHandler?(.willEnterForeground)
            await lifecycleHandler?(.didBecomeActive)
            let callbacks = pendingCallbacks
            pendingCallbacks = []
            for kind in callbacks { changeHandler?(kind) }
        }
    }

    /// Ends the app's process, as iOS does after a privacy change in Settings or the user swiping it away.
    public func terminateApp() {
        guard appState != .notRunning else { return }
        appState = .notRunning
        terminationCount += 1
        lifecycleHandler = nil
        changeHandler = nil
        pendingCallbacks = []
        for (_, waiting) in heldPrompts {
            for continuation in waiting {
                continuation.resume(throwing: SimulatedDeviceError.appNotRunning.withDetail("terminated during prompt"))
            }
        }
        heldPrompts = [:]
    }

    func currentStatus(_ kind: PermissionKind) -> PermissionStatus {
        statusByKind[kind] ?? .notDetermined
    }
}

/// An error from ``SimulatedDevice``: something a test did that the real OS would not allow.
public struct SimulatedDeviceError: CodedError {
    private enum Code: String, Sendable {
        case unexpectedPrompt
        case appNotRunning
        case appNotActive
    }

    private let member: Code
    /// What happened, naming the permission involved.
    public let detail: String

    private init(_ member: Code, detail: String = "") {
        self.member = member
        self.detail = detail
    }

    /// A system prompt appeared that the test did not script an answer for.
    public static let unexpectedPrompt = SimulatedDeviceError(.unexpectedPrompt)
    /// The app is not running: the OS terminated it, or it was never launched.
    public static let appNotRunning = SimulatedDeviceError(.appNotRunning)
    /// A system prompt was asked for while the app was not active on screen.
    public static let appNotActive = SimulatedDeviceError(.appNotActive)

    /// The same error with `detail` attached.
    public func withDetail(_ detail: String) -> SimulatedDeviceError { SimulatedDeviceError(member, detail: detail) }

    /// The member's name, such as `unexpectedPrompt`.
    public var code: String { member.rawValue }

    /// A sentence naming the error, without the detail.
    public var summary: String {
        switch member {
        case .unexpectedPrompt: "a system prompt appeared with no answer scripted"
        case .appNotRunning: "the app is not running"
        case .appNotActive: "a system prompt was asked for while the app was not active"
        }
    }

    /// The detail, or the member's name when there is none.
    public var description: String { detail.isEmpty ? code : detail }
}
