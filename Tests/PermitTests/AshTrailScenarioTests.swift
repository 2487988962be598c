import Logging
import Permit
import PermitTesting
import Testing

/// The AshTrail flows `permit simulate` prints, run as tests.
@Suite(.timeLimit(.minutes(1))) struct AshTrailScenarioTests {
    @Test(arguments: Scenario.ashTrail.map(\.name))
    func ashTrailScenarioPasses(name: String) async throws {
        let scenario = try #require(Scenario.ashTrail.first { $0.name == name })
        let result = await scenario.run(logger: makeTestLogger().0)
        #expect(result.passed, "\(result.detail)")
        #expect(result.transcript.count >= 3)
    }

    @Test func theManifestDeclaresLocationAndNotificationsOptionalAndLazy() {
        let manifest = Scenario.ashTrailManifest
        #expect(manifest.kinds == [.location, .notifications])
        #expect(manifest.declarations.allSatisfy { $0.necessity == .optional && $0.isLazy })
    }
}
