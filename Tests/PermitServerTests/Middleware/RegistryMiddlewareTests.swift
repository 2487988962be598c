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
                #expect(String(buffer: response.body) == ServerRoutes.landingText)
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

    /// A malformed cookie Permit reads was a 400, failing the site's request: it is ignored, and counted.
    @Test func aMalformedCookieNeverFailsTheSitesRequest() async throws {
        try await ServerWorld.run { world, client in
            for cookie in ["permit_installation=inst-1; p_Camera=perhaps", "permit_installation=x/y; FCM_token=tok",
                           "FCM_token=a b", "permit_platform=windows; FCM_token=tok-2"] {
                try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]) { response in
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body) == ServerRoutes.landingText)
                }
            }
            #expect(try await world.storage.record(installation: "inst-1")?.states == [:])
            #expect(try await world.storage.record(installation: CookieReport.installationName(token: "tok-2"))?.platform == .ios)
            #expect(try await world.storage.tokenCount() == 1)
            #expect(world.writer.metrics.ignoredCookies == 4)
        }
    }

    /// 8.5 KB of the site's own cookies was a 400.
    @Test func aRequestWithALongCookieHeaderIsServedAndRead() async throws {
        try await ServerWorld.run { world, client in
            let site = (0..<85).map { "site\($0)=" + String(repeating: "v", count: 95) }.joined(separator: "; ")
            let cookie = site + "; permit_installation=long-1; p_Camera=yes"
            #expect(cookie.utf8.count > 8_704)
            try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]) { response in
                #expect(response.status == .ok)
            }
            #expect(try await world.storage.record(installation: "long-1")?.states == ["camera": .granted])
        }
    }

    /// More than 64 of the site's own `p_` cookies was a 400 ("too many kinds").
    @Test func aRequestWithManySitePrefixedCookiesIsServed() async throws {
        try await ServerWorld.run { world, client in
            let cookie = (0..<100).map { "p_Site\($0)=yes" }.joined(separator: "; ") + "; permit_installation=many-1; p_Location=no"
            try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]) { response in
                #expect(response.status == .ok)
            }
            #expect(try await world.storage.record(installation: "many-1")?.states == ["location": .notUsable])
        }
    }

    /// A quoted or upper-case `yes` was a 400.
    @Test(arguments: [#"p_Camera="yes""#, "p_Camera=YES", "p_Camera=Yes"])
    func aQuotedOrUpperCaseValueIsRead(cookie: String) async throws {
        try await ServerWorld.run { world, client in
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "permit_installation=q-1; \(cookie)"]) { response in
                #expect(response.status == .ok)
            }
            #expect(try await world.storage.record(installation: "q-1")?.states == ["camera": .granted])
        }
    }

    /// 500 requests with 64 made-up `p_…=yes` cookies each made 32,000 kinds, and the grant page 23.7 MB; a
    /// site's own `p_darkmode=yes` was a kind.
    @Test func madeUpKindsAreNotCounted() async throws {
        try await ServerWorld.run { world, client in
            for request in 0..<500 {
                let madeUp = (0..<64).map { "p_Fake\(request)x\($0)=yes" }.joined(separator: "; ")
                let cookie = "permit_installation=flood-\(request); \(madeUp)"
                try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]) { response in
                    #expect(response.status == .ok)
                }
            }
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "permit_installation=real; p_darkmode=yes; p_Camera=yes"]) { _ in }
            let days = try await world.storage.grantDays(from: "0000-00-00", through: "9999-99-99")
            #expect(Set(days.map(\.kind)) == ["camera"])
            #expect(try await world.storage.record(installation: "flood-499")?.states == [:])
            let password = Data("any:\(ServerWorld.adminKey)".utf8).base64EncodedString()
            try await client.execute(uri: "/permit/grant-rates.html", method: .get, headers: [.authorization: "Basic \(password)"]) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes < 20_000)
            }
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

    @Test func theNativeEndpointLeavesOutKindsItDoesNotCount() async throws {
        try await ServerWorld.run { world, client in
            let body = #"{"installation":"inst-9","states":{"camera":"granted","madeUp":"granted","darkmode":"denied"}}"#
            try await client.execute(uri: "/permit/installations", method: .post,
                                     headers: [HTTPField.Name("X-Permit-App-Key")!: ServerWorld.appKey],
                                     body: ByteBuffer(string: body)) { response in
                #expect(response.status == .noContent)
            }
            #expect(try await world.storage.record(installation: "inst-9")?.states == ["camera": .granted])
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
        #"{"installation":"ok"}"#,
        #"{"installation":"ok","states":{},"pad":""# + String(repeating: "x", count: 20_000) + #""}"#,
    ])
    func theNativeEndpointRefusesABadBody(body: String) async throws {
        try await ServerWorld.run { world, client in
            try await client.execute(uri: "/permit/installations", method: .post,
                                     headers: [HTTPField.Name("X-Permit-App-Key")!: ServerWorld.appKey],
                                     body: ByteBuffer(string: body)) { response in
                #expect(response.status == .badRequest)
                let reason = String(buffer: response.body)
                #expect(!reason.isEmpty && reason.count < 80 && !reason.contains("bad/id") && !reason.contains("has space"), "\(reason)")
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
                                     headers: [.authorization: "Bearer \(ServerWorld.adminKey)"]) { response in
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
