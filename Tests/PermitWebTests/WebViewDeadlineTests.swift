import Clocks
import PermitWeb
import Testing

/// A `WKHTTPCookieStore` completion that never comes must not block every later cookie write and load: each
/// wait on the web view ends at a deadline.
@Suite(.timeLimit(.minutes(1))) struct WebViewDeadlineTests {
    @Test func anOperationThatNeverFinishesThrowsAtTheDeadline() async {
        let clock = TestClock<Duration>()
        let (started, didStart) = AsyncStream<Void>.makeStream()
        let never = AsyncStream<Int> { _ in }
        let waiting = Task {
            try await WebViewDeadline.run(within: .seconds(5), clock: clock) {
                didStart.yield()  // the deadline is fixed before the operation starts
                for await value in never { return value }
                return 0
            }
        }
        for await _ in started { break }
        await clock.advance(by: .seconds(4))
        await clock.advance(by: .seconds(1))
        await #expect(throws: WebViewDeadline.Exceeded(timeout: .seconds(5))) { try await waiting.value }
    }

    @Test func anOperationThatFinishesInTimeReturnsItsValue() async throws {
        let clock = TestClock<Duration>()
        let value = try await WebViewDeadline.run(within: .seconds(5), clock: clock) { 42 }
        #expect(value == 42)
    }

    @Test func anOperationsErrorIsRethrown() async {
        struct Refused: Error, Equatable {}
        let clock = TestClock<Duration>()
        await #expect(throws: Refused()) {
            try await WebViewDeadline.run(within: .seconds(5), clock: clock) { () async throws -> Int in throw Refused() }
        }
    }
}
