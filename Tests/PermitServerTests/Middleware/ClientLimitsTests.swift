import PermitServer
import Testing

/// The rate limits' arithmetic and whom they count: a token bucket per key, and the client read from
/// `X-Forwarded-For` only behind a trusted proxy.
@Suite struct ClientLimitsTests {
    @Test func aBucketTakesItsBurstThenItsRate() {
        let limiter = RateLimiter(RateLimit(perSecond: 2, burst: 5))
        let start = ContinuousClock.now
        let burst = (0..<8).map { _ in limiter.take("a", at: start) }
        #expect(burst == [true, true, true, true, true, false, false, false])
        #expect(limiter.take("b", at: start), "another key has its own bucket")
        #expect(!limiter.take("a", at: start.advanced(by: .milliseconds(400))), "0.8 of a write refilled")
        #expect(limiter.take("a", at: start.advanced(by: .milliseconds(600))), "1.2 refilled")
        #expect(!limiter.take("a", at: start.advanced(by: .milliseconds(600))))
        let later = start.advanced(by: .seconds(60))
        #expect((0..<6).map { _ in limiter.take("a", at: later) } == [true, true, true, true, true, false], "never above the burst")
        #expect(limiter.takeRefusedCount() == 6)
        #expect(limiter.takeRefusedCount() == 0)
    }

    @Test func aLimitOfZeroIsNoLimit() {
        let limiter = RateLimiter(.off)
        #expect((0..<1_000).allSatisfy { _ in limiter.take("a") })
    }

    @Test func aFloodOfKeysCannotGrowTheBucketsPastTheirCapacity() {
        let limiter = RateLimiter(RateLimit(perSecond: 1, burst: 1), capacity: 100)
        let now = ContinuousClock.now
        #expect(limiter.take("first", at: now))
        #expect(!limiter.take("first", at: now))
        for key in 0..<100 { _ = limiter.take("k\(key)", at: now) }
        #expect(limiter.take("first", at: now), "the buckets started over once 100 keys were kept")
    }

    @Test func theClientIsThePeerUnlessThePeerIsATrustedProxy() {
        var limits = ClientLimits()
        #expect(limits.client(peer: "203.0.113.9", forwardedFor: ["198.51.100.1"]) == "203.0.113.9", "anyone can claim")
        limits.trustedProxies = ["10.0.0.2", "10.0.0.3"]
        #expect(limits.client(peer: "203.0.113.9", forwardedFor: ["198.51.100.1"]) == "203.0.113.9")
        #expect(limits.client(peer: "10.0.0.2", forwardedFor: ["198.51.100.1"]) == "198.51.100.1")
        // The rightmost address the trusted proxies did not add: what lies left of it, the client may have forged.
        #expect(limits.client(peer: "10.0.0.2", forwardedFor: ["1.1.1.1, 198.51.100.1, 10.0.0.3"]) == "198.51.100.1")
        #expect(limits.client(peer: "10.0.0.2", forwardedFor: ["1.1.1.1", "198.51.100.7"]) == "198.51.100.7")
        #expect(limits.client(peer: "10.0.0.2", forwardedFor: []) == "10.0.0.2")
        #expect(limits.client(peer: nil, forwardedFor: ["198.51.100.1"]) == nil)
    }
}
