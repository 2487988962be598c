import Foundation
import PermitServer
import Testing

/// The proofs themselves, how a cookie carries one, and what the registry's plan lets each report change.
@Suite struct IdentityRulesTests {
    let t0 = Date(timeIntervalSince1970: 1_780_000_000)
    let proofs = InstallationProofs(key: Array(repeating: 7, count: 32))

    @Test func aProofNamesOneInstallationUnderOneKey() {
        let proof = proofs.proof(for: "inst-1")
        #expect(proof.utf8.count == InstallationProofs.proofLength)
        #expect(proof.utf8.allSatisfy(InstallationProofs.isProofByte))
        #expect(proofs.verifies(proof, for: "inst-1"))
        #expect(!proofs.verifies(proof, for: "inst-2"))
        #expect(!InstallationProofs(key: Array(repeating: 8, count: 32)).verifies(proof, for: "inst-1"))
        #expect(!proofs.verifies(String(proof.dropLast()), for: "inst-1"))
        #expect(!proofs.verifies(proof + "A", for: "inst-1"))
        #expect(!proofs.verifies(String(proof.dropLast()) + "=", for: "inst-1"))
        #expect(InstallationProofs.newKey().count == InstallationProofs.keyBytes)
        #expect(InstallationProofs.newKey() != InstallationProofs.newKey())
    }

    @Test func theInstallationCookieCarriesAProofAfterATilde() {
        let limits = ReportLimits()
        let proven = CookieReport.parse(header: "permit_installation=inst-1~abc_-9; FCM_token=t", limits: limits)
        #expect(proven == InstallationReport(installation: "inst-1", token: "t", proof: .presented("abc_-9")))
        let plain = CookieReport.parse(header: "permit_installation=inst.1; FCM_token=t", limits: limits)
        #expect(plain == InstallationReport(installation: "inst.1", token: "t", proof: .absent))
        // The part before the tilde must be an identifier; an empty proof is a (wrong) proof.
        #expect(CookieReport.parse(header: "permit_installation=~abc; FCM_token=t", limits: limits) == nil)
        #expect(CookieReport.parse(header: "permit_installation=inst-1~", limits: limits)?.proof == .presented(""))
    }

    @Test func aNativeReportWithoutAProofClaimsOne() throws {
        let limits = ReportLimits()
        let claim = try NativeReport.decode(Data(#"{"installation":"i","states":{}}"#.utf8), limits: limits)
        #expect(claim.proof == .claim)
        let presented = try NativeReport.decode(Data(#"{"installation":"i","proof":"p","states":{}}"#.utf8), limits: limits)
        #expect(presented.proof == .presented("p"))
    }

    func stored(proven: Bool) -> InstallationRecord {
        InstallationRecord(installation: "i", token: "tok", platform: .ios, firstSeen: t0, lastSeen: t0,
                           states: ["camera": .granted], proven: proven)
    }

    @Test func anUnprovenReportNeverReplacesAStoredToken() {
        let report = InstallationReport(installation: "i", token: "other", states: ["camera": .notUsable])
        guard case .write(let record, _) = RegistryPlan.plan(
            stored: stored(proven: false), report: report, standing: .unproven, now: t0 + 60, touchInterval: 86_400)
        else { Issue.record("expected a write"); return }
        #expect(record.token == "tok" && record.states == ["camera": .notUsable] && !record.proven)
        // Where none is stored, it gives the token.
        var tokenless = stored(proven: false)
        tokenless.token = nil
        guard case .write(let filled, _) = RegistryPlan.plan(
            stored: tokenless, report: report, standing: .unproven, now: t0 + 60, touchInterval: 86_400)
        else { Issue.record("expected a write"); return }
        #expect(filled.token == "other")
    }

    @Test(arguments: [RegistryPlan.Standing.unproven, .claiming])
    func aProvenInstallationRefusesAReportWithoutItsProof(standing: RegistryPlan.Standing) {
        let report = InstallationReport(installation: "i", token: "other")
        #expect(RegistryPlan.plan(stored: stored(proven: true), report: report, standing: standing, now: t0 + 60,
                                  touchInterval: 86_400) == .refused)
    }

    @Test(arguments: [RegistryPlan.Standing.claiming, .proven])
    func aProvenOrClaimingReportReplacesTheTokenAndProvesTheInstallation(standing: RegistryPlan.Standing) {
        var expected = stored(proven: true)
        expected.token = "other"
        expected.lastSeen = t0 + 60
        expected.tokenRegistered = t0 + 60
        let report = InstallationReport(installation: "i", token: "other")
        #expect(RegistryPlan.plan(stored: stored(proven: false), report: report, standing: standing, now: t0 + 60,
                                  touchInterval: 86_400) == .write(expected, counts: [:]))
        #expect(RegistryPlan.plan(stored: stored(proven: true), report: InstallationReport(installation: "i", token: "tok"),
                                  standing: .proven, now: t0 + 60, touchInterval: 86_400) == .nothing)
    }
}
