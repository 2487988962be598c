import Foundation
import InMemoryLogging
import Logging
import Permit
import PermitSystem
import PermitTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct SystemBannerTests {
    /// A launch of the app: new objects over the same store, with a launch identifier of its own.
    func launch(_ app: AppWorld, id: UUID = UUID(), fault: FaultyFileSystem.Fault? = nil) async throws -> SystemBanner {
        let (_, status) = app.launch(fault: fault)
        try await status.refresh()  // the app checks at every launch
        return SystemBanner(status: status, launch: id, logger: makeTestLogger().0)
    }

    @Test func theBannerShowsTheMostSevereWarningAndDismissingShowsTheNext() async throws {
        let app = try AppWorld(fileSystem: .denyWrites)
        defer { app.tearDown() }
        await app.cloud.setDriveReachable(false)
        await app.cloud.setCloudKitStatus(.temporarilyUnavailable)
        let banner = try await launch(app)

        #expect(await banner.warning() == .cannotAccessStorage)
        #expect(await banner.dismiss(.cannotAccessStorage) == .cloudKitUnavailable)
        #expect(await banner.warning() == .cloudKitUnavailable)
        #expect(await banner.dismiss(.cloudKitUnavailable) == .iCloudDriveDisabled)
        #expect(await banner.dismiss(.iCloudDriveDisabled) == nil)
        #expect(await banner.warning() == nil)
    }

    @Test func aDismissedWarningStaysAwayForTheLaunchAndReturnsAtTheNextWhileTheProblemLasts() async throws {
        let app = try AppWorld(fileSystem: .denyWrites)
        defer { app.tearDown() }
        let firstLaunch = UUID()

        let banner = try await launch(app, id: firstLaunch)
        #expect(await banner.warning() == .cannotAccessStorage)
        #expect(await banner.dismiss(.cannotAccessStorage) == nil)

        // The same launch, a banner model made again (a new screen), over the same store: still dismissed,
        // also after a refresh that finds the problem again.
        let sameLaunch = try await launch(app, id: firstLaunch)
        #expect(await sameLaunch.warning() == nil)
        #expect(try await sameLaunch.refresh() == nil)

        // The next launch: the problem lasts, so the banner is back.
        let nextLaunch = try await launch(app)
        #expect(await nextLaunch.warning() == .cannotAccessStorage)
    }

    @Test func aResolvedProblemStaysAwayAtTheNextLaunch() async throws {
        let app = try AppWorld(fileSystem: .denyWrites)
        defer { app.tearDown() }

        let banner = try await launch(app)
        #expect(await banner.warning() == .cannotAccessStorage)
        await banner.dismiss(.cannotAccessStorage)

        let nextLaunch = try await launch(app, fault: FaultyFileSystem.Fault.none)
        #expect(await nextLaunch.warning() == nil)
    }

    @Test func refreshRerunsTheChecksAndAProblemThatComesBackShowsAgain() async throws {
        let app = try AppWorld()
        defer { app.tearDown() }
        await app.cloud.setSignedIn(false)
        let banner = try await launch(app)
        #expect(await banner.warning() == .iCloudNotAvailable)
        await banner.dismiss(.iCloudNotAvailable)
        #expect(await banner.warning() == nil)

        await app.cloud.setSignedIn(true)
        #expect(try await banner.refresh() == nil)
        await app.cloud.setSignedIn(false)
        #expect(try await banner.refresh() == .iCloudNotAvailable)  // a new occurrence, not the one dismissed
    }

    @Test func noReportMeansNoBanner() async throws {
        let app = try AppWorld(fileSystem: .denyWrites)
        defer { app.tearDown() }
        let (_, status) = app.launch()
        let banner = SystemBanner(status: status, logger: makeTestLogger().0)

        #expect(await banner.warning() == nil)
        #expect(await banner.dismiss(.cannotAccessStorage) == nil)
    }

    @Test func bannersMadeWithTheDefaultLaunchShareItsDismissals() async throws {
        let app = try AppWorld(fileSystem: .denyWrites)
        defer { app.tearDown() }
        let (_, status) = app.launch()
        try await status.refresh()
        let first = SystemBanner(status: status, logger: makeTestLogger().0)
        #expect(await first.dismiss(.cannotAccessStorage) == nil)

        // Another banner of this process, made with the default launch, keeps the dismissal; one of another
        // launch does not.
        #expect(await SystemBanner(status: status, logger: makeTestLogger().0).warning() == nil)
        #expect(await SystemBanner(status: status, launch: UUID(), logger: makeTestLogger().0).warning() == .cannotAccessStorage)
    }

    @Test func dismissingHidesTheWarningNamedNotTheOneShown() async throws {
        let app = try AppWorld(fileSystem: .denyWrites)
        defer { app.tearDown() }
        await app.cloud.setCloudKitStatus(.restricted)
        let banner = try await launch(app)
        #expect(await banner.warning() == .cannotAccessStorage)

        // The person closed a CloudKit banner shown from an older report.
        #expect(await banner.dismiss(.cloudKitUnavailable) == .cannotAccessStorage)
        #expect(await banner.dismiss(.cannotAccessStorage) == nil)
    }

    @Test func aDismissalMadeWhileTheChecksRunIsKept() async throws {
        let app = try AppWorld(fileSystem: .denyWrites)
        defer { app.tearDown() }
        let id = UUID()
        let banner = try await launch(app, id: id)
        #expect(await banner.warning() == .cannotAccessStorage)
        await app.cloud.setHoldsAnswers(true)

        let refresh = Task { try await banner.refresh() }
        #expect(await yield(until: { await app.cloud.heldAnswerCount == 3 }))
        #expect(await banner.dismiss(.cannotAccessStorage) == nil)
        await app.cloud.setHoldsAnswers(false)
        await app.cloud.releaseHeldAnswers()

        #expect(try await refresh.value == nil)
        #expect(await banner.warning() == nil)
        #expect(try await launch(app, id: id).warning() == nil)  // stored, too
        #expect(try await launch(app).warning() == .cannotAccessStorage)
    }

    @Test func anUnreadableDismissalsRecordCountsAsNoneWithAWarning() async throws {
        let app = try AppWorld(fileSystem: .denyWrites)
        defer { app.tearDown() }
        let (logger, logs) = makeTestLogger()
        let (storage, status) = app.launch(logger: logger)
        try await status.refresh()
        try await storage.setValue(["launch": "not a UUID"], for: StorageKey<[String: String]>(SystemBanner.defaultKey))

        let banner = SystemBanner(status: status, launch: UUID(), logger: logger)

        #expect(await banner.warning() == .cannotAccessStorage)
        #expect(logs.entries.contains { $0.level == .warning && "\($0.message)".contains("stored value unreadable") })
    }
}
