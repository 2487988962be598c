import PermitServer
import Testing

/// A flood logs a line a minute: the first warning goes through, the next ones only once the interval passed.
struct WarningThrottleTests {
    @Test func oneWarningAnIntervalHoweverManyEventsComeBetween() {
        let throttle = WarningThrottle(every: .seconds(60))
        let start = ContinuousClock.now
        #expect(throttle.isDue(at: start))
        let duringTheMinute = (1...1_000).map { throttle.isDue(at: start + .milliseconds($0 * 59)) }
        #expect(!duringTheMinute.contains(true))
        #expect(throttle.isDue(at: start + .seconds(60)))
        #expect(!throttle.isDue(at: start + .seconds(61)))
        #expect(throttle.isDue(at: start + .seconds(120)))
    }
}
