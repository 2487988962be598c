import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import NIOCore
import PermitServer
import Testing

/// Who may write an installation, through both paths of a server: a proof issued at the first native report,
/// carried back in the report's `proof` and in `permit_installation=<id>~<proof>`.
@Suite struct InstallationProofTests {
    /// `permit_installation=<victim>; FCM_token=<attacker's>` replaced the victim's token (issue 31).
    @Test func theStolenToken() async throws {
        try await ServerWorld.run { world, client in
            let proof = try await Native.report(client, #"{"installation":"victim","token":"victim-tok","states":{"camera":"granted"}}"#)
            #expect(proof.status == .noContent)
            try await client.execute(uri: "/", method: .get,
                                     headers: [.cookie: "permit_installation=victim; FCM_token=attacker-tok; p_Camera=no"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == ServerRoutes.landingText)
            }
            let victim = try #require(try await world.storage.record(installation: "victim"))
            #expect(victim.token == "victim-tok")
            #expect(victim.states == ["camera": .granted])
            #expect(world.writer.metrics.refused == 1)
        }
    }

    /// The same, against an installation recorded by an app of an earlier version, which has no proof: the
    /// attacker's token is not put in its place either.
    @Test func theStolenTokenOfAnInstallationWithoutAProof() async throws {
        try await ServerWorld.run { world, client in
            try await Native.page(client, "permit_installation=legacy; FCM_token=legacy-tok")
            try await Native.page(client, "permit_installation=legacy; FCM_token=attacker-tok")
            #expect(try await world.storage.record(installation: "legacy")?.token == "legacy-tok")
        }
    }

    /// Trust on first proven report: an installation without a proof takes reports without one (its token only
    /// when none is stored) until its first native report, which proves it; from then on only its proof writes.
    @Test func anInstallationWithoutAProofIsAdmittedUntilItsFirstProvenReport() async throws {
        try await ServerWorld.run { world, client in
            try await Native.page(client, "permit_installation=legacy; FCM_token=tok-1; p_Camera=no")
            try await Native.page(client, "permit_installation=legacy; FCM_token=tok-2; p_Camera=yes")
            var record = try #require(try await world.storage.record(installation: "legacy"))
            #expect(record.token == "tok-1" && record.states == ["camera": .granted] && !record.proven)

            // Its first native report (the app updated) proves it, and may change its token.
            let first = try await Native.report(client, #"{"installation":"legacy","token":"tok-3","states":{}}"#)
            #expect(first.status == .noContent)
            let proof = try #require(first.proof)
            #expect(proof.utf8.count == 43)
            record = try #require(try await world.storage.record(installation: "legacy"))
            #expect(record.token == "tok-3" && record.proven)

            // From then on, a report without its proof changes nothing, on either path.
            try await Native.page(client, "permit_installation=legacy; FCM_token=tok-4; p_Camera=no")
            let unproven = try await Native.report(client, #"{"installation":"legacy","token":"tok-5","states":{}}"#)
            #expect(unproven.status == .forbidden)
            #expect(unproven.body == "this installation has a proof; send it\n")
            #expect(unproven.proof == nil)
            record = try #require(try await world.storage.record(installation: "legacy"))
            #expect(record.token == "tok-3" && record.states == ["camera": .granted])
            #expect(world.writer.metrics.refused == 1)

            // With its proof, the cookie writes again.
            try await Native.page(client, "permit_installation=legacy~\(proof); FCM_token=tok-6; p_Camera=no")
            record = try #require(try await world.storage.record(installation: "legacy"))
            #expect(record.token == "tok-6" && record.states == ["camera": .notUsable])
        }
    }

    @Test func aProofIssuedIsAcceptedOnBothPaths() async throws {
        try await ServerWorld.run { world, client in
            let first = try await Native.report(client, #"{"installation":"app-1","token":"tok-1","states":{}}"#)
            let proof = try #require(first.proof)
            let again = try await Native.report(
                client, #"{"installation":"app-1","token":"tok-2","proof":"\#(proof)","states":{"camera":"denied"}}"#)
            #expect(again.status == .noContent && again.proof == proof)
            var record = try #require(try await world.storage.record(installation: "app-1"))
            #expect(record.token == "tok-2" && record.states == ["camera": .denied] && record.proven)

            try await Native.page(client, "permit_installation=\"app-1~\(proof)\"; FCM_token=tok-3; permit_platform=android")
            record = try #require(try await world.storage.record(installation: "app-1"))
            #expect(record.token == "tok-3" && record.platform == .android)
            #expect(world.writer.metrics.refused == 0)
        }
    }

    /// A wrong proof is refused whole: a 403 with the reason on the native endpoint, ignored and counted on the
    /// cookie path (the site's request goes on).
    @Test(arguments: [
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",  // a proof's shape, another's value
        "short", "",
    ])
    func aWrongProofIsRefusedOnBothPaths(wrong: String) async throws {
        try await ServerWorld.run { world, client in
            let first = try await Native.report(client, #"{"installation":"app-1","token":"tok-1","states":{}}"#)
            let other = try #require(try await Native.report(client, #"{"installation":"app-2","states":{}}"#).proof)
            for proof in [wrong, other] {
                let native = try await Native.report(
                    client, #"{"installation":"app-1","token":"evil","proof":"\#(proof)","states":{"camera":"denied"}}"#)
                #expect(native.status == .forbidden)
                #expect(native.body == "the proof is not this installation's\n")
                try await Native.page(client, "permit_installation=app-1~\(proof); FCM_token=evil; p_Camera=yes")
            }
            // A new installation with a wrong proof is not created either.
            let unknown = try await Native.report(client, #"{"installation":"app-3","token":"evil","proof":"\#(other)","states":{}}"#)
            #expect(unknown.status == .forbidden)
            try await Native.page(client, "permit_installation=app-4~\(other); FCM_token=evil")

            #expect(first.status == .noContent)
            let record = try #require(try await world.storage.record(installation: "app-1"))
            #expect(record.token == "tok-1" && record.states == [:])
            #expect(try await world.storage.record(installation: "app-3") == nil)
            #expect(try await world.storage.record(installation: "app-4") == nil)
            #expect(world.writer.metrics.refused == 3)
        }
    }
}

/// The two ways a test reports: a page request with cookies, and a native report.
enum Native {
    struct Answer {
        var status: HTTPResponse.Status
        var proof: String?
        var body: String
    }

    /// A native report with the app key; its answer, with the proof it carried.
    static func report(_ client: any TestClientProtocol, _ body: String) async throws -> Answer {
        try await client.execute(uri: "/permit/installations", method: .post,
                                 headers: [HTTPField.Name("X-Permit-App-Key")!: ServerWorld.appKey],
                                 body: ByteBuffer(string: body)) { response in
            Answer(status: response.status, proof: response.headers[HTTPField.Name("X-Permit-Installation-Proof")!],
                   body: String(buffer: response.body))
        }
    }

    /// A page request carrying `cookie`; the site's answer must be its own.
    static func page(_ client: any TestClientProtocol, _ cookie: String) async throws {
        try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]) { response in
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == ServerRoutes.landingText)
        }
    }
}
