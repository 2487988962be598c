import Permit
import PermitTesting
import Testing

/// ``CodedError``'s defaults, as callers see them on real error types.
@Suite struct CodedErrorTests {
    // MARK: - Equality and hashing

    @Test func errorsAreEqualWhenTheyAreTheSameMemberWhateverTheDetail() {
        let withDetail = PermitError.kindNotTracked.withDetail("camera")
        #expect(withDetail == .kindNotTracked)
        #expect(withDetail == PermitError.kindNotTracked.withDetail("location"))
        #expect(withDetail != .requestFailed)
        #expect(withDetail.detail == "camera")
        #expect(PermitError.kindNotTracked.detail.isEmpty)
        #expect(SimulatedDeviceError.appNotRunning.withDetail("terminated") == .appNotRunning)
        #expect(SimulatedDeviceError.appNotRunning != .appNotActive)
    }

    @Test func hashingIsConsistentWithEquality() {
        let errors: Set<PermitError> = [
            .kindNotTracked, .kindNotTracked.withDetail("camera"), .requestFailed.withDetail("denied"), .requestFailed,
        ]
        #expect(errors.count == 2)
        #expect(errors.contains(.requestFailed.withDetail("something else")))
        #expect(!errors.contains(.storeWriteFailed))
        #expect(PermitError.storeWriteFailed.hashValue == PermitError.storeWriteFailed.withDetail("full").hashValue)
        let policy: Set<PolicyError> = [.kindNotDeclared, .kindNotDeclared.withDetail("camera")]
        #expect(policy.count == 1)
    }

    // MARK: - Description

    @Test func theDescriptionIsTheSummaryThenTheDetail() {
        let error = PermitError.storeWriteFailed
        #expect(error.summary == "the permission snapshot could not be saved")
        #expect(error.description == "the permission snapshot could not be saved")
        let detailed = error.withDetail("disk full")
        #expect(detailed.summary == error.summary)
        #expect(detailed.description == "the permission snapshot could not be saved: disk full")
        let policy = PolicyError.kindNotDeclared.withDetail("camera")
        #expect("\(policy)" == "permission kind is not declared in the manifest: camera")
    }

    @Test func aTypeWithItsOwnSentenceKeepsItAndItsEntry() throws {
        let declaration = PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scans.")
        let error = try #require(throws: ManifestError.self) { try PermissionManifest([declaration, declaration]) }
        #expect(error.code == "duplicateKind")
        let place = #"permission manifest: entry 1 (kind "camera"): "#
        #expect(error.description.hasPrefix(place + "the kind is declared twice"))
        let redetailed = error.withDetail("again")
        #expect(redetailed == error && redetailed.entry == 1 && redetailed.kindName == "camera")
        #expect(redetailed.description == place + "the kind is declared twice: again")
    }

    // MARK: - Codes

    @Test(arguments: [
        (PermitError.kindNotTracked, "kindNotTracked"), (.requestFailed, "requestFailed"),
        (.storeWriteFailed, "storeWriteFailed"), (.storeUnavailable, "storeUnavailable"),
        (.invalidValue, "invalidValue"),
    ])
    func theCodeIsTheMembersStableName(_ error: PermitError, _ code: String) {
        #expect(error.code == code)
        #expect(error.withDetail("more").code == code)
    }

    @Test func otherTypesNameTheirMembersTheSameWay() {
        #expect(PolicyError.kindNotDeclared.code == "kindNotDeclared")
        #expect(
            [SimulatedDeviceError.unexpectedPrompt, .appNotRunning, .appNotActive].map(\.code)
                == ["unexpectedPrompt", "appNotRunning", "appNotActive"])
        #expect(ManifestError.invalidNecessity.code == "invalidNecessity")
    }

    // MARK: - Pattern matching

    @Test func catchMemberMatchesWithTypedThrows() {
        func fail(_ error: PermitError) throws(PermitError) { throw error }
        var caught: [String] = []
        for error in [PermitError.requestFailed.withDetail("denied"), .kindNotTracked, .storeUnavailable] {
            do {
                try fail(error)
            } catch .kindNotTracked {
                caught.append("kindNotTracked")
            } catch .requestFailed {
                caught.append("requestFailed")
            } catch {
                caught.append("other: \(error.code)")
            }
        }
        #expect(caught == ["requestFailed", "kindNotTracked", "other: storeUnavailable"])
    }

    @Test func catchTypeDotMemberMatchesWithUntypedThrows() {
        func fail(_ error: any Error) throws { throw error }
        var caught: [String] = []
        let errors: [any Error] = [
            PolicyError.kindNotDeclared.withDetail("camera"), PermitError.kindNotTracked,
            SimulatedDeviceError.appNotActive,
        ]
        for error in errors {
            do {
                try fail(error)
            } catch PermitError.kindNotTracked {
                caught.append("PermitError.kindNotTracked")
            } catch PolicyError.kindNotDeclared {
                caught.append("PolicyError.kindNotDeclared")
            } catch {
                caught.append("other")
            }
        }
        #expect(caught == ["PolicyError.kindNotDeclared", "PermitError.kindNotTracked", "other"])
        #expect(!(PermitError.kindNotTracked ~= (PolicyError.kindNotDeclared as any Error)))
    }
}
