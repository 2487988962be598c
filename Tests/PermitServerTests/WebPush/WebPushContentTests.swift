import Foundation
import PermitServer
import Testing

/// What a decrypted payload becomes: a Declarative Web Push notification maps to its title, body and URL; any
/// other payload shows the default notification; either travels in the data for the page.
@Suite struct WebPushContentTests {
    static let standard = PushMessage(title: "New notification", body: "Open the app")

    static func message(_ payload: Data?) -> PushMessage {
        WebPushContent.message(for: payload, subscription: "sub-1", origin: "https://shop.example", defaultNotification: standard)
    }

    @Test func aDeclarativeNotificationIsTheNativeOne() {
        let payload = #"{"web_push":8030,"notification":{"title":"Hi","navigate":"https://shop.example/a","lang":"en"},"app_badge":3}"#
        let message = Self.message(Data(payload.utf8))
        #expect(message == PushMessage(
            title: "Hi", body: nil, data: ["webPush": "sub-1", "webPushOrigin": "https://shop.example", "navigate": "https://shop.example/a", "payload": payload]))
    }

    @Test(arguments: [
        #"{"web_push":8030,"notification":{"title":"Hi"}}"#,
        #"{"web_push":8031,"notification":{"title":"Hi","navigate":"https://shop.example/a"}}"#,
        #"{"web_push":8030,"notification":{"title":"","navigate":"https://shop.example/a"}}"#,
        #"{"web_push":8030,"notification":{"title":"Hi","navigate":"javascript:alert(1)"}}"#,
        #"{"notification":{"title":"Hi","navigate":"https://shop.example/a"}}"#,
        "plain text",
    ])
    func anyOtherPayloadShowsTheDefaultAndTravelsAsText(payload: String) {
        let message = Self.message(Data(payload.utf8))
        #expect(message.title == Self.standard.title && message.body == Self.standard.body)
        #expect(message.data == ["webPush": "sub-1", "webPushOrigin": "https://shop.example", "payload": payload])
    }

    @Test func aPayloadThatIsNotUTF8TravelsInBase64() {
        let bytes = Data([0xFF, 0xFE, 0x00, 0x80])
        #expect(Self.message(bytes).data == ["webPush": "sub-1", "webPushOrigin": "https://shop.example", "payloadBase64": bytes.base64EncodedString()])
    }

    @Test func aPushWithoutAPayloadShowsTheDefaultWithNoPayloadInTheData() {
        let message = Self.message(nil)
        #expect(message.title == Self.standard.title && message.body == Self.standard.body)
        #expect(message.data == ["webPush": "sub-1", "webPushOrigin": "https://shop.example"])
    }
}
