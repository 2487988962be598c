import Logging
import Permit
import PermitTesting
import Testing

/// The scenarios `permit simulate` prints, run as tests.
@Suite struct ScenarioTests {
    @Test(arguments: Scenario.seed.map(\.name))
    func seedScenarioPasses(name: String) async throws {
        let scenario = try #require(Scenario.seed.first { $0.name == name })
        let result = await scenario.run(logger: makeTestLogger().0)
        #expect(result.passed, "\(result.detail)")
        #expect(!result.transcript.isEmpty)
    }

    @Test func aFailingCheckFailsTheScenarioWithItsMessage() async {
        let scenario = Scenario(name: "broken", summary: "always fails") { context in
            let center = await context.launch()
            try context.check(await center.cookies()["p_Camera"] == "yes", "p_Camera should be yes")
            return "unreachable"
        }
        let result = await scenario.run(logger: makeTestLogger().0)
        #expect(!result.passed)
        #expect(result.detail == "p_Camera should be yes")
    }
}
