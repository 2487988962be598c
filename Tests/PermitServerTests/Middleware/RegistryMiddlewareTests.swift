import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import HTTPTypes
import PermitServer
import Testing

@Suite struct RegistryMiddlewareTests {
    @Test func aPageRequestRegistersTheTokenAndStates() async throws {
        try await ServerWorld.run { world, client in
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "FCM_token=tok-1; p_Camera=yes"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "page")
            }
            let record = try await world.storage.record(installation: CookieReport.installationName(token: "tok-1"))
            #expect(record?.token == "tok-1" && record?.states == ["camera": .granted] && record?.platform == .ios)
        }
    }

    @Test func nothingChangedMeansNoDatabaseAccess() async throws {
        try await ServerWorld.run { world, client in
            let headers: HTTPFields = [.cookie: "permit_installation=inst-1; FCM_token=tok-1; p_Camera=yes"]
            try await client.execute(uri: "/", method: .get, headers: headers) { _ in }
            let (reads, saves) = (world.storage.reads, world.storage.saves)
            world.advance(30)
            for _ in 0..<5 { try await client.execute(uri: "/", method: .get, headers: headers) { _ in } }
            #expect(world.storage.reads == reads && world.storage.saves == saves && saves == 1)
            // Once the cached copy is older than its lifetime (a minute), one read checks it; still no write
            // within the touch interval.
            world.advance(3_600)
            for _ in 0..<5 { try await client.execute(uri: "/", method: .get, headers: headers) { _ in } }
            #expect(world.storage.reads == reads + 1 && world.storage.saves == saves)
            try await client.execute(uri: "/", method: .get,
                                     headers: [.cookie: "permit_installation=inst-1; FCM_token=tok-1; p_Camera=no"]) { _ in }
            #expect(world.storage.saves == 2)
            #expect(try await world.storage.record(installation: "inst-1")?.states == ["camera": .notUsable])
        }
    }

    @Test func aMalformedCookieIsA400WithNothingStored() async throws {
        try await ServerWorld.run { world, client in
            try await client.execute(uri: "/", method: .get,
                                     headers: [.cookie: "permit_installation=inst-1; p_Camera=perhaps"]) { response in
                #expect(response.status == .badRequest)
            }
            #expect(world.storage.saves == 0)
            #expect(try await world.storage.record(installation: "inst-1") == nil)
        }
    }

    @Test func aRequestWithoutCookiesPassesThrough() async throws {
        try await ServerWorld.run { world, client in
            try await client.execute(uri: "/", method: .get) { response in #expect(response.status == .ok) }
            #expect(world.storage.reads == 0 && world.storage.saves == 0)
        }
    }

    @Test func theNativeEndpointRecordsAReportWithTheAppKey() async throws {
        try await ServerWorld.run { world, client in
            let body = #"{"installation":"inst-9","token":"apns-tok","platform":"ios","states":{"camera":"denied","location":"notDetermined"}}"#
            try await client.execute(uri: "/permit/installations", method: .post,
                                     headers: [HTTPField.Name("X-Permit-App-Key")!: ServerWorld.appKey],
                                     body: ByteBuffer(string: body)) { response in
                #expect(response.status == .noContent)
            }
            let record = try await world.storage.record(installation: "inst-9")
            #expect(record?.token == "apns-tok" && record?.states == ["camera": .denied, "location": .notDetermined])
        }
    }

    @Test(arguments: [nil, "wrong-key", ""])
    func theNativeEndpointRefusesAWrongKey(key: String?) async throws {
        try await ServerWorld.run { world, client in
            var headers = HTTPFields()
            if let key { headers[HTTPField.Name("X-Permit-App-Key")!] = key }
            try await client.execute(uri: "/permit/installations", method: .post, headers: headers,
                                     body: ByteBuffer(string: #"{"installation":"inst-9","states":{}}"#)) { response in
                #expect(response.status == .unauthorized)
            }
            #expect(world.storage.saves == 0)
        }
    }

    @Test(arguments: [
        "not json",
        #"{"installation":"bad/id","states":{}}"#,
        #"{"installation":"ok","token":"has space","states":{}}"#,
        #"{"installation":"ok","states":{"camera":"maybe"}}"#,
        #"{"installation":"ok","states":{},"pad":""# + String(repeating: "x", count: 20_000) + #""}"#,
    ])
    func theNativeEndpointRefusesABadBody(body: String) async throws {
        try await ServerWorld.run { world, client in
            try await client.execute(uri: "/permit/installations", method: .post,
                                     headers: [HTTPField.Name("X-Permit-App-Key")!: ServerWorld.appKey],
                                     body: ByteBuffer(string: body)) { response in
                #expect(response.status == .badRequest)
            }
            #expect(world.storage.saves == 0)
        }
    }

    @Test func grantRatesAreDailyAggregatesAsJSON() async throws {
        try await ServerWorld.run { world, client in
            for (installation, camera) in [("a", "yes"), ("b", "yes"), ("c", "no")] {
                try await client.execute(uri: "/", method: .get,
                                         headers: [.cookie: "permit_installation=\(installation); p_Camera=\(camera)"]) { _ in }
            }
            world.advance(86_400)
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "permit_installation=a; p_Camera=no"]) { _ in }
            try await client.execute(uri: "/permit/grant-rates?from=2026-05-28&through=2026-05-29", method: .get,
                                     headers: [HTTPField.Name("X-Permit-App-Key")!: ServerWorld.appKey]) { response in
                #expect(response.status == .ok)
                let report = try JSONDecoder().decode(GrantRatesReport.self, from: Data(response.body.readableBytesView))
                #expect(report.days == [
                    GrantDay(day: "2026-05-28", kind: "camera", counts: GrantCounts(granted: 2)),
                    GrantDay(day: "2026-05-29", kind: "camera", counts: GrantCounts(changedMind: 1)),
                ])
                #expect(report.note.contains("Aggregates only"))
            }
            try await client.execute(uri: "/permit/grant-rates", method: .get) { response in
                #expect(response.status == .unauthorized)
            }
        }
    }
}
