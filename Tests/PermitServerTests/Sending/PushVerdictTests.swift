import Foundation
import PermitServer
import Testing

@Suite struct PushVerdictTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    func fcmError(_ status: String, code: Int, message: String, errorCode: String?) -> Data {
        let details = errorCode.map {
            #","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"\#($0)"}]"#
        } ?? ""
        return Data(#"{"error":{"code":\#(code),"message":"\#(message)","status":"\#(status)"\#(details)}}"#.utf8)
    }

    @Test func fcmAnswers() {
        #expect(PushVerdict.fcm(status: 200, body: Data(#"{"name":"projects/p/messages/1"}"#.utf8), retryAfter: nil, now: now) == .delivered)
        #expect(PushVerdict.fcm(status: 404, body: fcmError("NOT_FOUND", code: 404, message: "Requested entity was not found.",
                                                              errorCode: "UNREGISTERED"), retryAfter: nil, now: now)
            == .deleteToken(reason: "UNREGISTERED"))
        #expect(PushVerdict.fcm(status: 400, body: fcmError("INVALID_ARGUMENT", code: 400,
                                                              message: "The registration token is not a valid FCM registration token",
                                                              errorCode: "INVALID_ARGUMENT"), retryAfter: nil, now: now)
            == .deleteToken(reason: "INVALID_ARGUMENT: not a valid registration token"))
        #expect(PushVerdict.fcm(status: 400, body: fcmError("INVALID_ARGUMENT", code: 400,
                                                              message: "Invalid value at 'message.data[0].value' (TYPE_STRING), 12",
                                                              errorCode: "INVALID_ARGUMENT"), retryAfter: nil, now: now)
            == .messageRejected(reason: "INVALID_ARGUMENT"))
        #expect(PushVerdict.fcm(status: 429, body: fcmError("RESOURCE_EXHAUSTED", code: 429, message: "quota",
                                                              errorCode: "QUOTA_EXCEEDED"), retryAfter: "30", now: now)
            == .retry(retryAfter: .seconds(30)))
        #expect(PushVerdict.fcm(status: 503, body: Data(), retryAfter: nil, now: now) == .retry(retryAfter: nil))
        #expect(PushVerdict.fcm(status: 401, body: fcmError("UNAUTHENTICATED", code: 401, message: "auth", errorCode: "THIRD_PARTY_AUTH_ERROR"),
                                retryAfter: nil, now: now) == .failed(reason: "THIRD_PARTY_AUTH_ERROR"))
    }

    @Test func apnsAnswers() {
        func body(_ reason: String) -> Data { Data(#"{"reason":"\#(reason)"}"#.utf8) }
        #expect(PushVerdict.apns(status: 200, body: Data(), retryAfter: nil, now: now) == .delivered)
        #expect(PushVerdict.apns(status: 410, body: Data(#"{"reason":"Unregistered","timestamp":1780000000000}"#.utf8),
                                 retryAfter: nil, now: now)
            == .unregistered(since: Date(timeIntervalSince1970: 1_780_000_000), reason: "Unregistered"))
        #expect(PushVerdict.apns(status: 410, body: body("Unregistered"), retryAfter: nil, now: now)
            == .unregistered(since: nil, reason: "Unregistered"))
        // Often a sandbox token sent to production or the reverse: quarantined, not deleted.
        #expect(PushVerdict.apns(status: 400, body: body("BadDeviceToken"), retryAfter: nil, now: now)
            == .quarantineToken(reason: "BadDeviceToken"))
        #expect(PushVerdict.apns(status: 400, body: body("DeviceTokenNotForTopic"), retryAfter: nil, now: now)
            == .quarantineToken(reason: "DeviceTokenNotForTopic"))
        #expect(PushVerdict.apns(status: 400, body: body("PayloadEmpty"), retryAfter: nil, now: now)
            == .messageRejected(reason: "PayloadEmpty"))
        #expect(PushVerdict.apns(status: 429, body: body("TooManyRequests"), retryAfter: "Thu, 28 May 2026 20:27:40 GMT", now: now)
            == .retry(retryAfter: .seconds(60)))
        #expect(PushVerdict.apns(status: 503, body: body("ServiceUnavailable"), retryAfter: nil, now: now) == .retry(retryAfter: nil))
        #expect(PushVerdict.apns(status: 403, body: body("ExpiredProviderToken"), retryAfter: nil, now: now)
            == .failed(reason: "ExpiredProviderToken"))
    }

    @Test func retryAfterReadsSecondsAndDates() {
        #expect(RetryAfter.parse("120", now: now) == .seconds(120))
        #expect(RetryAfter.parse("Thu, 28 May 2026 20:26:50 GMT", now: now) == .seconds(10))
        #expect(RetryAfter.parse("Wed, 27 May 2026 20:26:50 GMT", now: now) == .seconds(0))
        #expect(RetryAfter.parse("soon", now: now) == nil && RetryAfter.parse(nil, now: now) == nil)
    }

    @Test func backoffDoublesIsCappedHonoursRetryAfterAndEnds() {
        let schedule = RetrySchedule(initial: .seconds(1), maximum: .seconds(10), attempts: 5)
        #expect((0..<6).map { schedule.delay(beforeRetry: $0, retryAfter: nil) }
            == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(10), nil])
        #expect(schedule.delay(beforeRetry: 0, retryAfter: .seconds(30)) == .seconds(30))
        #expect(schedule.delay(beforeRetry: 3, retryAfter: .seconds(2)) == .seconds(8))
    }
}
