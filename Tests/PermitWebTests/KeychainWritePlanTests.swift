import PermitWeb
import Testing
import PermitAdapterSupport
import PermitHostSupport

/// How the Keychain adapter saves and reads the push token's backup (Apple, "Security Framework Result Codes":
/// `errSecSuccess` 0, `errSecItemNotFound` -25300, `errSecDuplicateItem` -25299, `errSecInteractionNotAllowed`
/// -25308 before the first unlock).
@Suite struct KeychainWritePlanTests {
    @Test func aSaveUpdatesFirstAndAddsOnlyWhenThereIsNoItem() {
        #expect(KeychainWritePlan.step(afterUpdate: 0) == .done)
        #expect(KeychainWritePlan.step(afterUpdate: -25300) == .add)
    }

    @Test func anyOtherAnswerIsReportedNotRetriedAsAnAdd() {
        // An add after these would fail too (a duplicate) or write past a locked device's protection.
        #expect(KeychainWritePlan.step(afterUpdate: -25299) == .fail(status: -25299))
        #expect(KeychainWritePlan.step(afterUpdate: -25308) == .fail(status: -25308))
    }

    @Test func readingNoItemIsNoBackupButALockedKeychainIsAnError() {
        #expect(KeychainWritePlan.readFoundNothing(-25300))
        #expect(!KeychainWritePlan.readFoundNothing(-25308))
        #expect(!KeychainWritePlan.readFoundNothing(0))
    }
}
