import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PermitServer
import Testing

/// Web Push end to end on a real `permit server`: an app reports its FCM token and gets its proof, its page
/// subscribes through its cookie, and pywebpush (a site's backend) sends to the endpoint; the fake FCM receives
/// the decrypted notification. A sender with another VAPID key is refused, and nothing more reaches FCM.
@Suite(.enabled(if: PyWebPush.shouldRun, "pywebpush is not installed (scripts/setup installs it)"))
struct WebPushProcessTests {
    @Test func pywebpushReachesTheInstallationsFCMTokenDecrypted() async throws {
        let fcm = try await KeyedFakeFCM.start()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try ServerProcess(
            ["--sqlite", folder.file("registry.sqlite"), "--web-push-title", "Shop news"]
                + (try PushQueueProcessTests.pushArguments(fcm, folder: folder, name: "fcm", lease: 30)))
        defer { server.send(SIGKILL) }
        let port = try #require(await server.listeningPort(within: .seconds(60)), "\(server.standardError.suffix(2000))")

        try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(20))) { client in
            // The app's native report: its FCM token, and the proof the server answers with.
            let report = #"{"installation":"web-push-1","token":"fcm-token-1","platform":"android","states":{"notifications":"granted"}}"#
            let proof = try await client.post(
                "/permit/installations", headers: [HTTPField.Name("X-Permit-App-Key")!: "process-app-key"], body: ByteBuffer(string: report)
            ).headers[HTTPField.Name("X-Permit-Installation-Proof")!]
            let cookie = "permit_installation=web-push-1~\(try #require(proof))"

            // The page subscribes with the site's VAPID key.
            let site = P256.Signing.PrivateKey()
            let keyFile = folder.file("vapid.pem")
            try site.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
            let answer = try await client.post(
                WebPushRoutes.subscriptionPath,
                headers: [.cookie: cookie, HTTPField.Name("Host")!: "127.0.0.1:\(port)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"applicationServerKey":"\#(JSONWebToken.base64URL(site.publicKey.x963Representation))"}"#))
            #expect(answer.status == .ok)
            let answerBody = try #require(answer.body)
            let object = try JSONSerialization.jsonObject(with: Data(answerBody.readableBytesView)) as? [String: Any]
            let subscription = try #require(object?["subscription"] as? [String: Any])
            let subscriptionJSON = String(decoding: try JSONSerialization.data(withJSONObject: subscription), as: UTF8.self)
            #expect((subscription["endpoint"] as? String)?.hasPrefix("http://127.0.0.1:\(port)/permit/web-push/push/") == true)

            // The site's backend sends, unmodified pywebpush.
            let payload = #"{"web_push":8030,"notification":{"title":"Order shipped","body":"Arrives Friday","navigate":"https://shop.example/orders/7"}}"#
            let sent = try await PyWebPush.send(payload, to: subscriptionJSON, keyFile: keyFile)
            #expect(sent.status == 201, "\(sent.output)")
            let delivered = await eventually(within: .seconds(30)) { !fcm.acceptedBodies.isEmpty }
            #expect(delivered, "\(server.standardError.suffix(2000))")
            let body = String(decoding: try #require(fcm.acceptedBodies.first), as: UTF8.self)
            for needle in ["fcm-token-1", "Order shipped", "Arrives Friday", "https://shop.example/orders/7"] {
                #expect(body.contains(needle) || body.contains(needle.replacingOccurrences(of: "/", with: "\\/")), "\(needle) in \(body)")
            }

            // Another site's key: 403 from the endpoint, and nothing more reaches FCM.
            let otherFile = folder.file("other.pem")
            try P256.Signing.PrivateKey().pemRepresentation.write(toFile: otherFile, atomically: true, encoding: .utf8)
            let refused = try await PyWebPush.send("hello", to: subscriptionJSON, keyFile: otherFile)
            #expect(refused.status == 403, "\(refused.output)")
            #expect(refused.output.contains("applicationServerKey"))
            // A payload that is no declarative notification shows the server's --web-push-title, and travels in
            // the data for the page.
            #expect(try await PyWebPush.send("score=3", to: subscriptionJSON, keyFile: keyFile).status == 201)
            #expect(await eventually(within: .seconds(30)) { fcm.acceptedBodies.count == 2 })
            let second = String(decoding: try #require(fcm.acceptedBodies.last), as: UTF8.self)
            #expect(second.contains("Shop news") && second.contains("score=3"), "\(second)")
        }
    }
}
