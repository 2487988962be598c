public import PermitSystem

/// A scriptable iCloud and CloudKit account: the `CloudAccountProvider` for tests, the demo and the
/// simulated device.
///
/// It starts signed in, with iCloud Drive reachable and CloudKit available; each can be changed, as a
/// person signing out or turning iCloud Drive off in Settings would. It can also be told to throw, or to
/// hold its answers so that a check hangs until ``releaseHeldAnswers()`` (even when the check is
/// cancelled), to test timeouts.
///
/// For example:
///
/// ```swift
/// let cloud = SimulatedCloud()
/// await cloud.setCloudKitStatus(.restricted)
/// let runner = SystemCheckRunner(checks: [CloudKitAccountCheck(provider: cloud)], logger: logger)
/// let report = try await runner.run()
/// #expect(report.warnings == [.cloudKitUnavailable])
/// ```
public actor SimulatedCloud: CloudAccountProvider {
    /// Whether someone is signed in to iCloud.
    public private(set) var signedIn: Bool
    /// Whether the app's iCloud Drive container can be reached.
    public private(set) var driveReachable: Bool
    /// What CloudKit reports for the account.
    public private(set) var cloudKitStatus: CloudKitAccountStatus
    /// When set, every method throws it.
    public private(set) var failure: (any Error)?
    /// When `true`, every method waits, ignoring cancellation, until ``releaseHeldAnswers()``.
    public private(set) var holdsAnswers = false
    /// How many questions were asked, held ones included.
    public private(set) var questionCount = 0

    private var held: [CheckedContinuation<Void, Never>] = []

    /// Creates an account; by default signed in with iCloud Drive and CloudKit available.
    public init(signedIn: Bool = true, driveReachable: Bool = true, cloudKitStatus: CloudKitAccountStatus = .available) {
        self.signedIn = signedIn
        self.driveReachable = driveReachable
        self.cloudKitStatus = cloudKitStatus
    }

    // MARK: - CloudAccountProvider

    /// ``signedIn``, after any hold; throws ``failure`` when set.
    public func isSignedIn() async throws -> Bool {
        try await answer()
        return signedIn
    }

    /// ``driveReachable``, after any hold; throws ``failure`` when set.
    public func isDriveContainerReachable() async throws -> Bool {
        try await answer()
        return driveReachable
    }

    /// ``cloudKitStatus``, after any hold; throws ``failure`` when set.
    public func cloudKitAccountStatus() async throws -> CloudKitAccountStatus {
        try await answer()
        return cloudKitStatus
    }

    private func answer() async throws {
        questionCount += 1
        if holdsAnswers { await withCheckedContinuation { held.append($0) } }
        if let failure { throw failure }
    }

    // MARK: - Scripting

    /// Signs in to iCloud, or out.
    public func setSignedIn(_ signedIn: Bool) { self.signedIn = signedIn }

    /// Turns the app's iCloud Drive container on or off.
    public func setDriveReachable(_ reachable: Bool) { driveReachable = reachable }

    /// Sets what CloudKit reports.
    public func setCloudKitStatus(_ status: CloudKitAccountStatus) { cloudKitStatus = status }

    /// Makes every method throw `failure`, or (with `nil`) answer again.
    public func setFailure(_ failure: (any Error)?) { self.failure = failure }

    /// Makes every method wait until ``releaseHeldAnswers()``, or (with `false`) answer at once.
    public func setHoldsAnswers(_ holds: Bool) { holdsAnswers = holds }

    /// The number of questions waiting for ``releaseHeldAnswers()``.
    public var heldAnswerCount: Int { held.count }

    /// Lets every held question answer, with the state at that time.
    public func releaseHeldAnswers() {
        let waiting = held
        held = []
        for continuation in waiting { continuation.resume() }
    }
}
