import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PermitSupport

/// The HTTP figures of one engine: what the load generator measured of a `permit server` child process.
package struct HTTPFigures: Sendable, Hashable, Codable {
    /// `GET /` without cookies: the middleware has nothing to do (medians of the rounds).
    package var noCookies: LoopbackLoad.Result
    /// `GET /` with the cookies of as many installations as connections, which change nothing: cache hits.
    package var cacheHits: LoopbackLoad.Result
    /// The cache hits' median minus the baseline's: what reading the cookies adds to a request end to end.
    package var middlewareAddedMedianMicroseconds: Double
    /// `GET /` with a new installation's cookies on every request, recorded in the background (cache misses).
    package var cacheMisses: LoopbackLoad.Result
    /// Native reports of new installations, each answered once durable: `requestsPerSecond` is durable
    /// upserts a second (medians of the rounds).
    package var upserts: LoopbackLoad.Result
    /// Durable upserts a second in each round, to show their spread.
    package var upsertRounds: [Double]
    /// Native reports of the same installations with a new token and their proof, durable too.
    package var newTokens: LoopbackLoad.Result
}

/// The forward-auth figures of one engine: the load generator's requests through a real nginx configured as the
/// server article shows (`auth_request` to `permit server`, failing open), in front of a static page.
package struct ForwardAuthFigures: Sendable, Hashable, Codable {
    /// The page through nginx without forward auth: nginx alone, the baseline (medians of the rounds).
    package var withoutForwardAuth: LoopbackLoad.Result
    /// `GET /` through nginx, which asks `permit server` first, with cookies that change nothing (medians of the
    /// rounds).
    package var cacheHits: LoopbackLoad.Result
    /// The cache hits' median minus the baseline's: what forward auth adds to a visit end to end.
    package var addedMedianMicroseconds: Double
    /// `GET /` through nginx with a new installation's cookies on every request, each recorded in the background.
    package var cacheMisses: LoopbackLoad.Result
    /// How many of the cache misses' installations the registry held once the server had stopped; `nil` until
    /// counted.
    package var missesRecorded: Int?
    /// The lines nginx logged at `error` or worse (``NginxProcess/errorLineCount``) by the end of the rounds: a
    /// failed auth request is logged there, and the visitor served all the same.
    package var nginxErrors: Int
}

/// The load generator of `permit bench server`: its rounds against one `permit server`, a separate process on
/// loopback, over HTTP/1.1 from `concurrency` kept-alive connections.
package struct ServerLoad: Sendable {
    /// The server's port on 127.0.0.1.
    package var port: Int
    /// The key native reports carry (`X-Permit-App-Key`).
    package var appKey: String
    /// Requests of each GET round.
    package var requests: Int
    /// Connections, each sending one request at a time.
    package var concurrency: Int
    /// New installations reported in each upsert round.
    package var upserts: Int
    /// Rounds of the GET figures and of the upserts; their medians are reported.
    package var rounds: Int

    /// Creates the load of one engine.
    package init(port: Int, appKey: String, requests: Int, concurrency: Int, upserts: Int, rounds: Int) {
        (self.port, self.appKey, self.requests, self.concurrency, self.upserts, self.rounds) =
            (port, appKey, requests, concurrency, upserts, rounds)
    }

    /// The cookies of installation `index` of the series `prefix`: an installation, a push token and two
    /// permissions.
    package static func cookie(_ prefix: String, _ index: Int) -> String {
        "permit_installation=\(installation(prefix, index)); FCM_token=\(token(prefix, index)); p_Camera=yes; p_Location=no"
    }

    /// The installation that ``cookie(_:_:)`` names for `prefix` and `index`.
    package static func installation(_ prefix: String, _ index: Int) -> String { "\(prefix)-\(index)" }

    /// The push token that ``cookie(_:_:)`` carries for `prefix` and `index`, as long as a real FCM token.
    package static func token(_ prefix: String, _ index: Int) -> String {
        "token-\(prefix)-\(index)-" + String(repeating: "x", count: 140)
    }

    /// Runs the rounds, telling `progress` each step, and returns their figures.
    package func measure(name: String, progress: @Sendable (String) -> Void) async throws -> HTTPFigures {
        let url = "http://127.0.0.1:\(port)/", appKey = self.appKey
        progress("\(name): warming up the server and its cache")
        let gets = try await getRounds(
            name: name, path: "GET /", baseline: url, measured: url, prefix: "hit", missPrefix: "miss", progress: progress,
            labels: ("without cookies", "with cookies that change nothing"))
        progress("\(name): \(rounds) rounds of \(upserts) native reports of new installations (durable upserts)")
        var upsertResults: [LoopbackLoad.Result] = []
        let proofs = Locked([String: String]())
        for round in 0..<rounds {
            upsertResults.append(try await LoopbackLoad.run(requests: upserts, concurrency: concurrency, expected: .noContent) { index in
                Self.report(url, appKey: appKey, index: index, round: round, token: "first", proof: nil)
            } answered: { index, headers in
                if round == 0, let proof = headers.first(name: InstallationProofs.responseHeader) {
                    proofs.withLock { $0["upsert-0-\(index)"] = proof }
                }
            })
        }
        progress("\(name): \(upserts) native reports of a new token, with the installation's proof")
        let known = proofs.withLock { $0 }
        let newTokens = try await LoopbackLoad.run(requests: upserts, concurrency: concurrency, expected: .noContent) { index in
            Self.report(url, appKey: appKey, index: index, round: 0, token: "second", proof: known["upsert-0-\(index)"])
        }
        return HTTPFigures(
            noCookies: gets.baseline, cacheHits: gets.hits, middlewareAddedMedianMicroseconds: gets.addedMedianMicroseconds,
            cacheMisses: gets.misses, upserts: LoopbackLoad.Result.median(of: upsertResults),
            upsertRounds: upsertResults.map(\.requestsPerSecond), newTokens: newTokens)
    }

    /// The installations whose cookies ``measureForwardAuth(through:name:progress:)`` sends as cache misses.
    package var forwardAuthMisses: [String] { (0..<requests).map { Self.installation(Self.forwardAuthMissPrefix, $0) } }
    private static let forwardAuthMissPrefix = "nginx-miss"

    /// Runs the forward-auth rounds through `nginx`, in front of the server this load was made for, telling
    /// `progress` each step, and returns their figures (``ForwardAuthFigures/missesRecorded`` not yet counted).
    package func measureForwardAuth(
        through nginx: NginxProcess, name: String, progress: @Sendable (String) -> Void
    ) async throws -> ForwardAuthFigures {
        let site = "http://127.0.0.1:\(nginx.port)/", plain = "http://127.0.0.1:\(nginx.port)\(NginxProcess.pathWithoutForwardAuth)"
        progress("\(name): warming up nginx in front of the server")
        let gets = try await getRounds(
            name: name, path: "GET through nginx", baseline: plain, measured: site, prefix: "nginx-hit",
            missPrefix: Self.forwardAuthMissPrefix, progress: progress,
            labels: ("without forward auth", "with forward auth and cookies that change nothing"))
        return ForwardAuthFigures(
            withoutForwardAuth: gets.baseline, cacheHits: gets.hits, addedMedianMicroseconds: gets.addedMedianMicroseconds,
            cacheMisses: gets.misses, missesRecorded: nil, nginxErrors: nginx.errorLineCount)
    }

    /// The figures of ``getRounds(name:path:baseline:measured:prefix:missPrefix:progress:labels:)``.
    private struct GetRounds {
        var baseline: LoopbackLoad.Result, hits: LoopbackLoad.Result, misses: LoopbackLoad.Result
        /// The hits' median minus the baseline's, to a tenth of a microsecond.
        var addedMedianMicroseconds: Double {
            ((hits.medianMicroseconds - baseline.medianMicroseconds) * 10).rounded() / 10
        }
    }

    /// The GET rounds of one path to the server: a warm-up of `measured` with the cookies of as many
    /// installations as connections (series `prefix`); `rounds` alternating rounds of `baseline` without cookies
    /// and of `measured` with those cookies, which change nothing (cache hits); then one round of `measured` with a
    /// new installation's cookies each (series `missPrefix`: cache misses).
    private func getRounds(
        name: String, path: String, baseline: String, measured: String, prefix: String, missPrefix: String,
        progress: @Sendable (String) -> Void, labels: (baseline: String, hits: String)
    ) async throws -> GetRounds {
        let concurrency = self.concurrency
        _ = try await LoopbackLoad.run(requests: concurrency * 20, concurrency: concurrency) { index in
            Self.get(measured, cookie: Self.cookie(prefix, index % concurrency))
        }
        progress("\(name): \(rounds) rounds of \(requests) \(path) from \(concurrency) connections, \(labels.baseline), then \(labels.hits)")
        var baselines: [LoopbackLoad.Result] = [], hits: [LoopbackLoad.Result] = []
        for _ in 0..<rounds {
            baselines.append(try await LoopbackLoad.run(requests: requests, concurrency: concurrency) { _ in Self.get(baseline, cookie: nil) })
            hits.append(try await LoopbackLoad.run(requests: requests, concurrency: concurrency) { index in
                Self.get(measured, cookie: Self.cookie(prefix, index % concurrency))
            })
        }
        progress("\(name): \(requests) \(path) with a new installation's cookies each")
        let misses = try await LoopbackLoad.run(requests: requests, concurrency: concurrency) { index in
            Self.get(measured, cookie: Self.cookie(missPrefix, index))
        }
        return GetRounds(baseline: LoopbackLoad.Result.median(of: baselines), hits: LoopbackLoad.Result.median(of: hits), misses: misses)
    }

    private static func get(_ url: String, cookie: String?) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        if let cookie { request.headers.add(name: "Cookie", value: cookie) }
        return request
    }

    /// The native report of installation `index` of upsert round `round`, with token `token`: half of the
    /// installations iOS, half Android, camera granted.
    private static func report(_ url: String, appKey: String, index: Int, round: Int, token: String, proof: String?) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url + "permit/installations")
        request.method = .POST
        request.headers.add(name: "X-Permit-App-Key", value: appKey)
        request.headers.add(name: "Content-Type", value: "application/json")
        let report = InstallationReport(
            installation: "upsert-\(round)-\(index)", token: "token-\(round)-\(index)-\(token)",
            platform: index.isMultiple(of: 2) ? .ios : .android, states: ["camera": .granted],
            proof: proof.map(InstallationReport.Proof.presented) ?? .absent)
        request.body = .bytes(ByteBuffer(bytes: (try? JSONEncoder().encode(report)) ?? Data()))
        return request
    }
}
