import ArgumentParser
import Foundation
import Logging
import PermitServer

/// `permit server`'s options for sending the push queue: the FCM service account and the APNs key, and how the
/// worker drains.
struct PushOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A Firebase service account's JSON key file: the queue's Android and web installations (and iOS ones without --apns-key) are sent through FCM.", valueName: "path"))
    var fcmServiceAccount: String?

    @Option(name: .long, help: ArgumentHelp("FCM's base URL, for a relay or a test double.", valueName: "url"))
    var fcmEndpoint = "https://fcm.googleapis.com"

    @Option(name: .long, help: ArgumentHelp("An APNs authentication key (.p8): the queue's iOS installations are sent through APNs, each to its environment's host. Needs --apns-key-id, --apns-team-id and --apns-topic.", valueName: "path"))
    var apnsKey: String?

    @Option(name: .long, help: ArgumentHelp("The APNs key's ID.", valueName: "id"))
    var apnsKeyId: String?

    @Option(name: .long, help: ArgumentHelp("The Apple developer team's ID.", valueName: "id"))
    var apnsTeamId: String?

    @Option(name: .long, help: ArgumentHelp("The app's bundle ID, the APNs topic.", valueName: "bundle-id"))
    var apnsTopic: String?

    @Option(name: .long, help: ArgumentHelp("APNs' production host, for a relay or a test double.", valueName: "url"))
    var apnsEndpoint = APNsSender.production

    @Option(name: .long, help: ArgumentHelp("APNs' sandbox host, for tokens of builds signed for development.", valueName: "url"))
    var apnsSandboxEndpoint = APNsSender.sandbox

    @Option(name: .long, help: ArgumentHelp("How many sends the worker has in flight at once.", valueName: "count"))
    var pushConcurrency = 64

    @Option(name: .long, help: ArgumentHelp("How long a claimed send is this server's before another may send it again (a server that died mid-send); longer than a send takes.", valueName: "seconds"))
    var pushLease: Double = 120

    @Option(name: .long, help: ArgumentHelp("The title of the notification a site's Web Push shows when its payload is not a declarative notification.", valueName: "text"))
    var webPushTitle = WebPushRoutes.standardNotification.title ?? ""

    @Option(name: .long, help: ArgumentHelp("The text of that notification (none by default).", valueName: "text"))
    var webPushBody: String?

    @Option(name: .long, help: ArgumentHelp("The origin a site's Web Push endpoints are made on, as the site's backend reaches the server (https://push.shop.example); by default each page's own origin, from Host and X-Forwarded-Proto.", valueName: "url"))
    var webPushOrigin: String?

    /// ``webPushOrigin`` as `scheme://host[:port]`, checked.
    func webPushOriginChecked() throws -> String? {
        guard let webPushOrigin else { return nil }
        guard let url = URL(string: webPushOrigin), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty, url.path.isEmpty || url.path == "/", url.query == nil, url.user == nil
        else { throw ValidationError("--web-push-origin must be an origin such as https://push.shop.example, with no path") }
        return "\(scheme)://\(host.lowercased())" + (url.port.map { ":\($0)" } ?? "")
    }

    /// The notification a site's Web Push shows when its payload is not a declarative one.
    var webPushDefault: PushMessage { PushMessage(title: webPushTitle, body: webPushBody) }

    /// Whether any push service is configured.
    var sends: Bool { fcmServiceAccount != nil || apnsKey != nil }

    func validate() throws {
        guard pushConcurrency > 0 else { throw ValidationError("--push-concurrency must be positive") }
        guard pushLease > 0, pushLease <= 86_400 else { throw ValidationError("--push-lease must be a number of seconds above 0") }
        guard !webPushTitle.trimmingCharacters(in: .whitespaces).isEmpty, webPushTitle.utf8.count <= 200,
            (webPushBody?.utf8.count ?? 0) <= 1_000
        else { throw ValidationError("--web-push-title must be 1 to 200 bytes, --web-push-body at most 1,000") }
        if apnsKey != nil, apnsKeyId == nil || apnsTeamId == nil || apnsTopic == nil {
            throw ValidationError("--apns-key needs --apns-key-id, --apns-team-id and --apns-topic")
        }
    }

    /// The services and worker setup the options name, or `nil` without a service.
    func sending(logger: Logger) throws -> PushSending? {
        do {
            return try makeSending(logger: logger)
        } catch let error as ServerError {
            throw ValidationError(error.detail.isEmpty ? error.summary : error.detail)
        }
    }

    private func makeSending(logger: Logger) throws -> PushSending? {
        guard sends else { return nil }
        var services: [Platform: any PushService] = [:]
        if let path = fcmServiceAccount {
            let account = try FCMServiceAccount(json: try Self.read(path, "--fcm-service-account"))
            let fcm = try FCMSender(account: account, endpoint: fcmEndpoint, logger: logger)
            for platform in Platform.allCases { services[platform] = fcm }
        }
        if let path = apnsKey, let keyID = apnsKeyId, let teamID = apnsTeamId, let topic = apnsTopic {
            let pem = String(decoding: try Self.read(path, "--apns-key"), as: UTF8.self)
            services[.ios] = try APNsSender(
                key: APNsSigningKey(keyID: keyID, teamID: teamID, privateKeyPEM: pem), topic: topic,
                endpoint: apnsEndpoint, sandboxEndpoint: apnsSandboxEndpoint, logger: logger)
        }
        var worker = PushQueueWorker.Configuration()
        worker.concurrency = pushConcurrency
        worker.lease = .milliseconds(Int((pushLease * 1000).rounded()))
        return PushSending(services: services, worker: worker)
    }

    private static func read(_ path: String, _ option: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("\(option): cannot read \(path)")
        }
        return data
    }
}
