import Logging
import Permit
import PermitTesting
import Synchronization
import Testing

/// PermitTesting's clock: sleeps end when the test moves it, and the prompt policy's cooldown runs on it.
@Suite(.timeLimit(.minutes(1))) struct SimulatedClockTests {
    @Test func aSleepEndsOnceTheClockReachesItsDeadline() async throws {
        let clock = SimulatedClock()
        let woke = Mutex(false)
        let deadline = clock.now.advanced(by: .seconds(10))  // read here: the task may start after the first move
        let sleeper = Task {
            try await clock.sleep(until: deadline)
            woke.withLock { $0 = true }
        }
        clock.advance(by: .seconds(9))
        for _ in 0..<200 { await Task.yield() }
        #expect(!woke.withLock { $0 }, "a second short of the deadline")
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(woke.withLock { $0 })
        #expect(clock.now == SimulatedClock.Instant(offset: .seconds(10)))
    }

    @Test func aCancelledSleepThrowsCancellationError() async throws {
        let clock = SimulatedClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    /// The PermitTesting article's example: the cooldown holds the app's next prompt back until the test moves
    /// the clock 10 seconds on.
    @Test func thePolicysCooldownRunsOnIt() async throws {
        let logger = Logger(label: "tests", factory: { _ in SwiftLogNoOpLogHandler() })
        let device = SimulatedDevice(unscriptedPromptAnswer: .granted)
        await device.launchApp()
        let center = PermissionCenter(
            kinds: [.camera, .notifications], authority: device,
            storage: PermitStorage(store: InMemoryPermissionStore(), logger: logger), logger: logger)
        let manifest = try PermissionManifest([
            PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scans receipts."),
            PermissionDeclaration(kind: .notifications, necessity: .optional, purpose: "Sends reminders."),
        ])
        let clock = SimulatedClock()
        let policy = PromptPolicy(manifest: manifest, center: center, clock: clock, logger: logger)
        await policy.finishStartup()
        _ = try await policy.request(.notifications)
        #expect(try await policy.nextStep(for: .camera) == .suppressed(.coolingDown))
        clock.advance(by: .seconds(9))
        #expect(try await policy.nextStep(for: .camera) == .suppressed(.coolingDown))
        clock.advance(by: .seconds(1))
        #expect(try await policy.nextStep(for: .camera) == .showSystemPrompt)
    }
}
