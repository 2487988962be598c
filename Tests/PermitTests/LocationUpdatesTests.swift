import Foundation
import Testing

import Permit
import PermitTesting

/// The location seam's stream of updates: the simulated service's stream as a watch sees it, and the default
/// that keeps a provider written before updates existed working.
@Suite(.timeLimit(.minutes(1))) struct LocationUpdatesTests {
    static func fix(_ latitude: Double) -> LocationFix {
        LocationFix(latitude: latitude, longitude: 2, accuracy: 5, timestamp: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func theSimulatedStreamStartsWithTheFixThenFollowsEachMove() async throws {
        let location = SimulatedLocation(fix: Self.fix(1))
        var updates = location.locationUpdates().makeAsyncIterator()
        #expect(try await updates.next() == Self.fix(1))
        location.setFix(Self.fix(2))
        location.setFix(Self.fix(3))
        #expect(try await updates.next() == Self.fix(2))
        #expect(try await updates.next() == Self.fix(3))
        #expect(location.activeUpdateCount == 1)
        #expect(location.updateStreamCount == 1)
    }

    @Test func aFailureMidStreamEndsEveryStreamWithTheError() async throws {
        let location = SimulatedLocation(fix: Self.fix(1))
        var first = location.locationUpdates().makeAsyncIterator()
        var second = location.locationUpdates().makeAsyncIterator()
        #expect(try await first.next() == Self.fix(1))
        #expect(try await second.next() == Self.fix(1))
        location.setFailure(.unavailable)
        await #expect(throws: LocationError.unavailable) { try await first.next() }
        await #expect(throws: LocationError.unavailable) { try await second.next() }
        #expect(location.activeUpdateCount == 0)
        // While the failure lasts, a new stream throws at once.
        var third = location.locationUpdates().makeAsyncIterator()
        await #expect(throws: LocationError.unavailable) { try await third.next() }
    }

    @Test func aConsumerThatStopsEndsItsStream() async throws {
        let location = SimulatedLocation(fix: Self.fix(1))
        let (received, fixes) = AsyncStream.makeStream(of: LocationFix.self)
        let task = Task {
            for try await fix in location.locationUpdates() { fixes.yield(fix) }
        }
        var seen = received.makeAsyncIterator()
        #expect(await seen.next() == Self.fix(1))
        #expect(location.activeUpdateCount == 1)
        task.cancel()
        _ = try? await task.value
        #expect(location.activeUpdateCount == 0, "cancelling the consumer ends the provider's updates")
    }

    @Test func withoutAFixTheStreamWaitsForTheFirstMove() async throws {
        let location = SimulatedLocation()
        var updates = location.locationUpdates().makeAsyncIterator()
        location.setFix(Self.fix(7))
        #expect(try await updates.next() == Self.fix(7))
    }

    /// A provider with only `currentLocation()`: the protocol's default streams its one fix, then ends.
    struct OneFix: LocationProvider {
        func currentLocation() async throws -> LocationFix { LocationUpdatesTests.fix(4) }
    }

    struct Failing: LocationProvider {
        func currentLocation() async throws -> LocationFix { throw LocationError.timedOut }
    }

    @Test func theDefaultStreamIsTheCurrentFixThenTheEnd() async throws {
        var fixes: [LocationFix] = []
        for try await fix in OneFix().locationUpdates() { fixes.append(fix) }
        #expect(fixes == [Self.fix(4)])
        await #expect(throws: LocationError.timedOut) {
            for try await _ in Failing().locationUpdates() {}
        }
    }
}
