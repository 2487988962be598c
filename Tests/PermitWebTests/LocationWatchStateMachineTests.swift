import Testing

@testable import PermitWeb

/// When the page's location stream starts and stops, decided without tasks or time.
@Suite struct LocationWatchStateMachineTests {
    typealias Machine = LocationWatchStateMachine

    @Test func nothingStartsBeforeTheBridgeRuns() {
        var machine = Machine()
        #expect(machine.watch() == nil)
        #expect(machine.stop() == .none)
    }

    @Test func theFirstWatchStartsOneStreamAndLaterOnesJoinIt() {
        var machine = Machine()
        machine.runStarted()
        #expect(machine.watch() == .start(generation: 1))
        #expect(machine.watch() == Machine.Action.none)
        #expect(machine.isCurrent(1))
    }

    @Test func aStopEndsTheStreamAndTheNextWatchStartsANewGeneration() {
        var machine = Machine()
        machine.runStarted()
        _ = machine.watch()
        #expect(machine.stop() == .stop(generation: 1))
        #expect(!machine.isCurrent(1), "a stopped stream delivers nothing more")
        #expect(machine.stop() == .none, "stopping twice stops nothing")
        #expect(machine.watch() == .start(generation: 2))
    }

    @Test func aStreamThatEndedByItselfLeavesTheMachineIdle() {
        var machine = Machine()
        machine.runStarted()
        _ = machine.watch()
        machine.streamEnded(generation: 1)
        #expect(machine.state == .idle)
        #expect(machine.watch() == .start(generation: 2))
        // The end of an older stream does not touch the current one.
        machine.streamEnded(generation: 1)
        #expect(machine.isCurrent(2))
    }

    @Test func theEndOfTheRunStopsTheStreamAndRefusesWatches() {
        var machine = Machine()
        machine.runStarted()
        _ = machine.watch()
        #expect(machine.runEnded() == .stop(generation: 1))
        #expect(machine.watch() == nil)
        machine.runStarted()
        #expect(machine.watch() == .start(generation: 2), "generations never repeat, even across runs")
    }
}
