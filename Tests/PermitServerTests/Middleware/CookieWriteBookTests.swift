import PermitServer
import Testing

/// The cookie path's book of unwritten reports, without tasks or time.
@Suite struct CookieWriteBookTests {
    let camera = InstallationReport(installation: "a", token: "t1", states: ["camera": .granted])

    private func ticket(_ action: CookieWriteBook.SubmitAction) throws -> (InstallationReport, CookieWriteBook.Ticket) {
        guard case .write(let report, let ticket) = action else {
            Issue.record("expected a write, got \(action)")
            throw CancellationError()
        }
        return (report, ticket)
    }

    @Test func aWriteThatSucceedsLeavesNothing() throws {
        var book = CookieWriteBook()
        let (report, ticket) = try self.ticket(book.submit(camera))
        #expect(report == camera && !book.isIdle)
        let reopened = book.succeeded(ticket)
        #expect(!reopened)
        #expect(book.isIdle && book.metrics.written == 1 && book.metrics.pending == 0)
    }

    @Test func aFailedWriteWaitsForARetryRoundAndIsCountedAsRecovered() throws {
        var book = CookieWriteBook()
        let (_, ticket) = try self.ticket(book.submit(camera))
        let startsLoop = book.failed(ticket)
        #expect(startsLoop, "the first failure starts the retry loop")
        #expect(book.metrics.failedAttempts == 1 && book.metrics.waiting == 1 && !book.isIdle)
        let next1 = book.retryRound()
        let round = try #require(next1)
        #expect(round.map { $0.report } == [camera])
        let startsAnother = book.failed(round[0].ticket)
        #expect(!startsAnother, "the loop runs already")
        let next2 = book.retryRound()
        let again = try #require(next2)
        let recovered = book.succeeded(again[0].ticket)
        #expect(recovered)
        #expect(book.metrics.recovered == 1 && book.metrics.failedAttempts == 2 && book.isIdle)
        let last = book.retryRound()
        #expect(last == nil, "nothing waits: the loop ends")
    }

    /// A newer report merges over the waiting one, and an older write that finishes late settles nothing.
    @Test func aNewerReportIsNeverOverwrittenByAnOlderOne() throws {
        var book = CookieWriteBook()
        let (_, first) = try self.ticket(book.submit(camera))
        _ = book.failed(first)
        let newer = InstallationReport(installation: "a", token: "t2", platform: .android, states: ["location": .notUsable])
        let (merged, second) = try self.ticket(book.submit(newer))
        #expect(merged == InstallationReport(
            installation: "a", token: "t2", platform: .android, states: ["camera": .granted, "location": .notUsable]))
        #expect(book.metrics.waiting == 0)  // the merged write is in flight: no retry of the older one
        let none = book.retryRound()
        #expect(none == nil, "nothing waits: the loop ends, and a later failure starts another")
        let (_, third) = try self.ticket(book.submit(InstallationReport(installation: "a", states: ["camera": .notUsable])))
        book.succeeded(second)  // finished late: the newer entry stays
        #expect(book.metrics.pending == 1)
        let restarts = book.failed(third)
        #expect(restarts)
        let next3 = book.retryRound()
        let round = try #require(next3)
        #expect(round.map { $0.report.states } == [["camera": .notUsable, "location": .notUsable]])
        #expect(round.map { $0.report.token } == ["t2"])
    }

    /// Notification settings merge as the token does: a newer report's replace the waiting ones, and a newer
    /// report without them keeps them, so a retry writes neither an older set nor none.
    @Test func notificationSettingsWaitingAreKeptOrReplacedByNewerOnes() throws {
        var book = CookieWriteBook()
        let silent = InstallationReport(installation: "a", notifications: NotificationSettings(enabled: []))
        let (_, first) = try self.ticket(book.submit(silent))
        _ = book.failed(first)
        let (merged, second) = try self.ticket(book.submit(camera))
        #expect(merged.notifications == NotificationSettings(enabled: []) && merged.states == camera.states)
        _ = book.failed(second)
        let louder = InstallationReport(installation: "a", notifications: NotificationSettings(enabled: [.sounds]))
        let (last, _) = try self.ticket(book.submit(louder))
        #expect(last.notifications == NotificationSettings(enabled: [.sounds]) && last.token == "t1")
    }

    /// While the installation's own report (with its proof) waits for a retry, a report naming it without a
    /// proof (anyone can send one) does not replace it: the registry would refuse that one, and the
    /// installation's report would be lost. A report with a proof still replaces one without.
    @Test func aReportWithoutAProofNeverDisplacesOneWithAProof() throws {
        var book = CookieWriteBook()
        let own = InstallationReport(installation: "a", token: "own", states: ["camera": .granted], proof: .presented("p"))
        let (_, first) = try self.ticket(book.submit(own))
        _ = book.failed(first)
        let stranger = InstallationReport(installation: "a", token: "stranger", states: ["camera": .notUsable])
        let (written, _) = try self.ticket(book.submit(stranger))
        #expect(written == own)

        var other = CookieWriteBook()
        let (_, unproven) = try self.ticket(other.submit(stranger))
        _ = other.failed(unproven)
        let (replaced, _) = try self.ticket(other.submit(own))
        #expect(replaced == own)
    }

    @Test func beyondTheInFlightLimitAReportWaitsForARound() throws {
        var limits = CookieWriteBook.Limits()
        limits.maxInFlight = 1
        var book = CookieWriteBook(limits: limits)
        _ = try ticket(book.submit(camera))
        let b = book.submit(InstallationReport(installation: "b")), c = book.submit(InstallationReport(installation: "c"))
        #expect(b == .queued(startRetrying: true) && c == .queued(startRetrying: false))
        let next4 = book.retryRound()
        let round = try #require(next4)
        #expect(round.map { $0.report.installation }.sorted() == ["b", "c"])
    }

    @Test func beyondThePendingLimitAReportIsLostAndCounted() throws {
        var limits = CookieWriteBook.Limits()
        limits.maxPending = 2
        var book = CookieWriteBook(limits: limits)
        _ = try ticket(book.submit(camera))
        _ = try ticket(book.submit(InstallationReport(installation: "b")))
        let c = book.submit(InstallationReport(installation: "c"))
        #expect(c == .dropped)
        _ = try ticket(book.submit(InstallationReport(installation: "a", states: ["camera": .notUsable])))  // still room for "a"
        #expect(book.metrics.lost == 1 && book.metrics.pending == 2)
    }
}
