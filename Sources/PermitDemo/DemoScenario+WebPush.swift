import Crypto
import Foundation
import Permit
import PermitPageServer
import PermitServer
import PermitSupport
import PermitTesting
import PermitWebTesting

extension DemoScenario {
    /// A site's own Web Push, end to end: the page subscribes with the Push API Permit gives it, pywebpush (the
    /// site's backend) sends to the endpoint, the server decrypts it and pushes through FCM, the device shows the
    /// notification, the page gets its `push` event, and a tap opens the notification's URL.
    static let webPush = DemoScenario(
        name: "web-push", seed: "002",
        summary: "the page subscribes with the site's VAPID key; pywebpush sends to the endpoint; the server pushes "
            + "it through FCM; the device shows it, the page gets its push event, a tap opens its URL"
    ) { context in
        let app = context.makeApp(device: SimulatedDevice(), manifest: manifest, webPush: true)
        try await app.launch()
        try await app.waitForPageToMatch()
        let token = await app.pushTokens.registerForRemoteNotifications()
        try await app.waitForPage("expected page script to read the new FCM_token") { $0.cookies["FCM_token"] == token }
        // The next page load carries the token to the server, which names the installation after it.
        try await app.reloadPage()
        try await app.waitForPageToMatch()

        // The site's own code subscribes with its VAPID key; notifications are asked at this use.
        let site = P256.Signing.PrivateKey()
        await app.device.answerNextPrompt(for: .notifications, with: .granted)
        let answer = try await app.evaluate("permitDemo.subscribePush('\(JSONWebToken.base64URL(site.publicKey.x963Representation))')")
        let subscription = try JSONValue.parse(Data((answer ?? "null").utf8))
        guard case .string(let json) = subscription, json.hasPrefix("{") else {
            throw DemoError("expected a subscription from pushManager.subscribe(), got \(answer ?? "nothing")")
        }
        let origin = context.stage.server.origin
        try context.check(json.contains("\"endpoint\":\"\(origin)/permit/web-push/push/"), "expected the endpoint on the app's server, got \(json)")
        try context.check(await app.device.promptCount(for: .notifications) == 1, "expected one notifications prompt")
        context.note("  page    pushManager.subscribe(): a PushSubscription on \(origin), after one notifications prompt")

        // The site's backend sends with an unmodified Web Push library from PyPI.
        let keyFile = context.folder.appendingPathComponent("vapid.pem").path
        try site.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
        let payload = #"{"web_push":8030,"notification":{"title":"Your parcel","body":"It is at your door","navigate":"\#(origin)/?order=42"}}"#
        let sent: PyWebPush.Outcome
        do {
            sent = try await PyWebPush.send(payload, to: json, keyFile: keyFile)
        } catch let missing as PyWebPush.NotInstalled {
            throw DemoError("\(missing)")
        }
        try context.check(sent.status == 201, "expected the endpoint to answer pywebpush 201, got \(sent.output)")
        context.note("  site    pywebpush sent an aes128gcm message with VAPID: 201")

        // The server's queue sends it through FCM to the device that holds the token.
        let pushTokens = app.pushTokens
        context.stage.serverSide.deliver { token, message in
            await pushTokens.receivePush(title: message.title, body: message.body, data: message.data, to: token)
        }
        let sends = try await context.stage.serverSide.drainPushQueue()
        try context.check(sends == 1, "expected one send through FCM, the queue made \(sends)")
        guard let shown = await pushTokens.receivedPushes.last, shown.title == "Your parcel", shown.body == "It is at your door" else {
            throw DemoError("expected the device to show \"Your parcel\", it has \(await pushTokens.receivedPushes)")
        }
        context.note("  device  notification shown: \"Your parcel: It is at your door\"")

        // The app is open: its notification handler hands the push to the page.
        try context.check(await app.receivedPush(data: shown.data), "expected the app to hand the push to the page")
        try await app.waitForPage("expected the page's push event with the payload") { $0.pushes == [payload] }
        context.note("  page    push event: event.data.json().notification.title is \"Your parcel\"")

        // The person taps the notification: its URL opens in the web view.
        try context.check(await app.openedNotification(data: shown.data), "expected the tap to open the notification's URL")
        try await app.waitForPage("expected the web view at the notification's URL") { $0.url == "/?order=42" }
        context.note("  app     tapped: the web view opened /?order=42")
        return "subscribed; pywebpush → server → FCM → device; the page's push event; the tap opened its URL"
    }
}
