import Foundation
import InMemoryLogging
import Logging
import Permit
import PermitTesting
import PermitWebTesting
import Testing

@testable import PermitWeb
import PermitSupport

/// The bridge against the fake host: every rule of the protocol, without a browser.
@Suite(.timeLimit(.minutes(1))) struct WebBridgeTests {
    let device = SimulatedDevice()
    let store = InMemoryPermissionStore()
    let host = FakeWebViewHost()
    let location = SimulatedLocation()
    let haptics = RecordingHaptics()
    let app = try! WebOrigin("https://app.example")
    var main: WebFrame { WebFrame(isMainFrame: true, origin: app) }
    /// Keeps the router alive for the whole test: the host holds it only weakly.
    let keeper = RouterKeeper()

    final class RouterKeeper: @unchecked Sendable {
        // @unchecked: written once by the test's own task before any concurrent use.
        var router: WebBridge?
    }

    func attachedRouter(configuration: BridgeConfiguration? = nil) async throws -> (WebBridge, PermissionCenter) {
        await device.launchApp()
        let center = PermissionCenter(
            kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: store, logger: Logger(label: "test", factory: { _ in InMemoryLogHandler() })),
            logger: Logger(label: "test", factory: { _ in InMemoryLogHandler() }))
        let router = WebBridge(
            center: center, configuration: configuration ?? .zoobox(allowedOrigins: [app]), location: location,
            haptics: haptics, logger: Logger(label: "test", factory: { _ in InMemoryLogHandler() }))
        try await router.install(in: host)
        keeper.router = router
        return (router, center)
    }

    func post(_ body: String, from frame: WebFrame? = nil) async throws -> JSONValue {
        try JSONValue.parse(Data(try await host.post(body, to: "zoobox", from: frame ?? main).utf8))
    }

    func call(_ method: String, _ params: String = "{}", id: Int = 1) async throws -> JSONValue {
        try await post(#"{"v":1,"id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    }

    // MARK: - Installing

    @Test func attachingInstallsOneScriptWithTheStatusesAndTheSeedNames() async throws {
        await device.setStatus(.granted, for: .camera)
        _ = try await attachedRouter()
        let scripts = await host.userScripts
        #expect(scripts.count == 1)
        let source = try #require(scripts.first?.source)
        #expect(source.contains(#""statuses":{"camera":"granted","location":"notDetermined","notifications":"notDetermined"}"#))
        #expect(source.contains(#""bridgeObject":"ZooboxBridge""#) && source.contains(#""updateEvent":"zooboxPermissionsUpdate""#))
        #expect(!source.contains(BridgeScript.placeholder))
        #expect(await host.hasHandler(named: "zoobox"))
    }

    @Test(arguments: [
        BridgeConfiguration(allowedOrigins: [], bridgeObjectName: "PermitBridge"),
        BridgeConfiguration(allowedOrigins: [try! WebOrigin("https://a.example")], bridgeObjectName: "Permit.Bridge"),
        BridgeConfiguration(allowedOrigins: [try! WebOrigin("https://a.example")], messageHandlerName: "x'); alert(1); ('"),
        BridgeConfiguration(allowedOrigins: [try! WebOrigin("https://a.example")], maximumMessageSize: 10),
    ])
    func aBadConfigurationIsRejectedBeforeAnythingIsInstalled(configuration: BridgeConfiguration) async throws {
        await #expect(throws: BridgeSetupError.self) { _ = try await attachedRouter(configuration: configuration) }
        #expect(await host.userScripts.isEmpty)
    }

    // MARK: - Calls

    @Test func helloAnswersWithEveryStatusAndTheDetailTheSeedStringHides() async throws {
        await device.setStatus(.provisional, for: .notifications)
        _ = try await attachedRouter()
        let reply = try await call("hello")
        #expect(reply["id"] == .integer(1))
        #expect(reply["result"]?["statuses"]?["notifications"] == .string("granted"))
        #expect(reply["result"]?["details"]?["notifications"] == .string("provisional"))
        #expect(reply["result"]?["statuses"]?.objectValue?.count == 3)
    }

    /// Issue 20: a status added after the seed reaches the page as the seed's string and its raw name as detail.
    @Test func approximateLocationIsGrantedWithItsDetail() async throws {
        await device.setStatus(.approximate, for: .location)
        _ = try await attachedRouter()
        let reply = try await call("hello")
        #expect(reply["result"]?["statuses"]?["location"] == .string("granted"))
        #expect(reply["result"]?["details"]?["location"] == .string("approximate"))
        #expect(reply["result"]?["details"]?["camera"] == nil)
    }

    @Test func aRequestResolvesWithTheUsersAnswerAndADeniedKindIsNotAskedAgain() async throws {
        let (_, center) = try await attachedRouter()
        await device.answerNextPrompt(for: .camera, with: .denied)
        #expect(try await call("requestPermission", #"{"type":"camera"}"#)["result"] == .string("denied"))
        #expect(await center.state(for: .camera)?.status == .denied)
        #expect(try await call("requestPermission", #"{"type":"camera"}"#, id: 2)["result"] == .string("denied"))
        #expect(await device.promptCount(for: .camera) == 1)
    }

    @Test func throughThePolicyThePageCannotPromptDuringStartup() async throws {
        await device.launchApp()
        let center = PermissionCenter(
            kinds: PermissionKind.legacyCookieKinds, authority: device, storage: PermitStorage(store: store, logger: Logger(label: "test", factory: { _ in InMemoryLogHandler() })),
            logger: Logger(label: "test", factory: { _ in InMemoryLogHandler() }))
        let manifest = try PermissionManifest([
            PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scan parcel labels.")
        ])
        let policy = PromptPolicy(manifest: manifest, center: center, logger: Logger(label: "test", factory: { _ in InMemoryLogHandler() }))
        let router = WebBridge(
            policy: policy, configuration: .zoobox(allowedOrigins: [app]), location: location, haptics: haptics,
            logger: Logger(label: "test", factory: { _ in InMemoryLogHandler() }))
        try await router.install(in: host)
        keeper.router = router
        await device.setUnscriptedPromptAnswer(.granted)

        #expect(try await call("requestPermission", #"{"type":"camera"}"#)["result"] == .string("notDetermined"))
        #expect(await device.promptCount(for: .camera) == 0)
        await policy.finishStartup()
        #expect(try await call("requestPermission", #"{"type":"camera"}"#, id: 2)["result"] == .string("granted"))
        #expect(await device.promptCount(for: .camera) == 1)
    }

    @Test func aThousandConcurrentRequestsFromThePageShowOnePrompt() async throws {
        _ = try await attachedRouter()
        await device.setUnscriptedPromptAnswer(.granted)
        let replies = try await withThrowingTaskGroup(of: JSONValue?.self) { group in
            for id in 1...1000 {
                group.addTask { try await call("requestPermission", #"{"type":"camera"}"#, id: id)["result"] }
            }
            return try await group.reduce(into: [JSONValue?]()) { $0.append($1) }
        }
        #expect(replies.count == 1000 && replies.allSatisfy { $0 == .string("granted") })
        #expect(await device.promptCount(for: .camera) == 1)
    }

    @Test func anUnknownOrUntrackedPermissionIsATypedError() async throws {
        _ = try await attachedRouter()
        for type in ["bogus", "contacts", "Camera", ""] {
            let reply = try await call("requestPermission", #"{"type":"\#(type)"}"#)
            #expect(reply["error"]?["code"] == .string("unknownPermission"), "type \(type)")
        }
        #expect(await device.totalPromptCount == 0)
    }

    @Test func locationAnswersOnlyWhileThePermissionIsUsable() async throws {
        _ = try await attachedRouter()
        location.setFix(LocationFix(latitude: 48.8584, longitude: 2.2945, accuracy: 12, timestamp: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(try await call("getCurrentLocation")["error"]?["code"] == .string("permissionDenied"))
        #expect(location.requestCount == 0)

        await device.answerNextPrompt(for: .location, with: .granted)
        _ = try await call("requestPermission", #"{"type":"location"}"#, id: 2)
        let fix = try await call("getCurrentLocation", id: 3)["result"]
        #expect(fix?["latitude"] == .number(48.8584) && fix?["longitude"] == .number(2.2945))
        #expect(fix?["accuracy"] == .integer(12) || fix?["accuracy"] == .number(12))
        #expect(fix?["timestamp"] == .integer(1_800_000_000_000))

        location.setFailure(.unavailable)
        #expect(try await call("getCurrentLocation", id: 4)["error"]?["code"] == .string("locationUnavailable"))
    }

    @Test func hapticsPlayTheStyleAskedForAndRefuseOthers() async throws {
        _ = try await attachedRouter()
        for (id, style) in ["light", "medium", "heavy"].enumerated() {
            #expect(try await call("hapticFeedback", #"{"style":"\#(style)"}"#, id: id + 1)["result"] == .null)
        }
        #expect(try await call("hapticFeedback", #"{"style":"explode"}"#, id: 9)["error"]?["code"] == .string("invalidParams"))
        #expect(await haptics.played == [.light, .medium, .heavy])
    }

    // MARK: - Refusals

    @Test func anIframeOrAForeignOriginIsRefusedWithNoPromptAndNoStateChange() async throws {
        let (_, center) = try await attachedRouter()
        await device.setUnscriptedPromptAnswer(.granted)
        let request = #"{"v":1,"id":1,"method":"requestPermission","params":{"type":"camera"}}"#
        let senders: [(WebFrame, String)] = [
            (WebFrame(isMainFrame: false, origin: app), "notMainFrame"),
            (WebFrame(isMainFrame: true, origin: try WebOrigin("https://evil.example")), "forbiddenOrigin"),
            (WebFrame(isMainFrame: true, origin: try WebOrigin("http://app.example")), "forbiddenOrigin"),
            (WebFrame(isMainFrame: true, origin: try WebOrigin("https://app.example:8443")), "forbiddenOrigin"),
            (WebFrame(isMainFrame: true, origin: nil), "forbiddenOrigin"),
        ]
        for (frame, code) in senders {
            let reply = try await post(request, from: frame)
            #expect(reply["error"]?["code"] == .string(code), "\(frame)")
            #expect(reply["result"] == nil)
        }
        #expect(await device.totalPromptCount == 0)
        #expect(await center.state(for: .camera)?.status == .notDetermined)
    }

    @Test(arguments: [
        ("not json", "malformed"),
        ("[1,2]", "malformed"),
        (#"{"v":1,"id":1}"#, "malformed"),
        (#"{"v":2,"id":1,"method":"hello"}"#, "unsupportedVersion"),
        (#"{"v":"1","id":1,"method":"hello"}"#, "unsupportedVersion"),
        (#"{"v":1,"id":"1","method":"hello"}"#, "malformed"),
        (#"{"v":1,"id":0,"method":"hello"}"#, "malformed"),
        (#"{"v":1,"id":1.5,"method":"hello"}"#, "malformed"),
        (#"{"v":1,"id":9007199254740993,"method":"hello"}"#, "malformed"),
        (#"{"v":1,"id":1,"method":7}"#, "malformed"),
        (#"{"v":1,"id":1,"method":"hello","params":[]}"#, "malformed"),
        (#"{"v":1,"id":1,"method":"hello","extra":true}"#, "malformed"),
        (#"{"v":1,"id":1,"method":"eval"}"#, "unknownMethod"),
        (#"{"v":1,"id":1,"method":"requestPermission","params":{}}"#, "invalidParams"),
        (#"{"v":1,"id":1,"method":"requestPermission","params":{"type":1}}"#, "invalidParams"),
        (#"{"v":1,"id":1,"method":"requestPermission","params":{"type":"camera","also":"location"}}"#, "invalidParams"),
        (#"{"v":1,"id":1,"method":"requestPermission","params":{"type":"camera","gesture":1}}"#, "invalidParams"),
        (#"{"v":1,"id":1,"method":"requestPermission","params":{"type":"camera","detail":"yes"}}"#, "invalidParams"),
        (#"{"v":1,"id":1,"method":"requestPermission","params":{"gesture":"x","detail":true}}"#, "invalidParams"),
        (#"{"v":1,"id":1,"method":"hello","params":{"x":1}}"#, "invalidParams"),
        (String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000), "malformed"),
        (#"{"v":1,"id":1,"method":"hello","params":{"pad":""# + String(repeating: "x", count: 20_000) + #""}}"#, "tooLarge"),
    ])
    func aBadMessageGetsATypedErrorAndChangesNothing(body: String, code: String) async throws {
        let (_, center) = try await attachedRouter()
        await device.setUnscriptedPromptAnswer(.granted)
        let reply = try await post(body)
        #expect(reply["error"]?["code"] == .string(code))
        #expect(reply["error"]?["message"]?.stringValue?.isEmpty == false)
        #expect(await device.totalPromptCount == 0)
        #expect(await center.states().allSatisfy { $0.status == .notDetermined })
    }

    @Test func aReleasedRouterAnswersThatTheBridgeIsUnavailable() async throws {
        _ = try await attachedRouter()
        keeper.router = nil
        #expect(try await call("hello")["error"]?["code"] == .string("unavailable"))
    }

    // MARK: - Changes

    @Test func updatesRacingEachOtherLeaveExactlyOneBridgeScript() async throws {
        let (router, center) = try await attachedRouter()
        try await whileRunning({ await router.run() }) { try await updatesRace(router, center) }
    }

    private func updatesRace(_ router: WebBridge, _ center: PermissionCenter) async throws {
        await device.setUnscriptedPromptAnswer(.granted)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (id, kind) in ["camera", "location", "notifications"].enumerated() {
                group.addTask { _ = try await call("requestPermission", #"{"type":"\#(kind)"}"#, id: id + 1) }
            }
            group.addTask { await center.refresh() }
            try await group.waitForAll()
        }
        #expect(await yield(until: { await host.userScripts.last?.source.contains(#""notifications":"granted""#) == true }))
        await router.settled()
        // The bridge's script, installed once, then one status script with the latest statuses.
        let scripts = await host.userScripts
        #expect(scripts.count == 2)
        #expect(scripts.first?.source.contains(#""bridgeObject":"ZooboxBridge""#) == true)
        #expect(scripts.last?.source.contains(#""camera":"granted","location":"granted","notifications":"granted""#) == true)
        #expect(scripts.last?.source.contains("ZooboxBridge") == false)
    }

    @Test func aChangeIsPushedToThePageAndTheNextDocumentStartsWithIt() async throws {
        let (router, center) = try await attachedRouter()
        try await whileRunning({ await router.run() }) { try await changeAndNextDocument(router, center) }
    }

    private func changeAndNextDocument(_ router: WebBridge, _ center: PermissionCenter) async throws {
        await device.answerNextPrompt(for: .camera, with: .granted)
        try await center.request(.camera)
        #expect(await yield(until: { await host.evaluations.count == 1 }))
        let push = try #require(await host.evaluations.first)
        #expect(push.contains(#""camera":"granted""#) && push.contains("__permitBridge_zoobox"))
        // The next document's statuses follow the push, in a small script after the bridge's own, which stays
        // as it was installed.
        #expect(await yield(until: { await host.userScripts.last?.source.contains(#""camera":"granted""#) == true }))
        let scripts = await host.userScripts
        #expect(scripts.count == 2)
        #expect(scripts.first?.source.contains(#""camera":"notDetermined""#) == true)
        #expect(scripts.last?.source == push)
        // A second change replaces the status script; the bridge's stays.
        await device.answerNextPrompt(for: .location, with: .denied)
        try await center.request(.location)
        #expect(await yield(until: { await host.userScripts.last?.source.contains(#""location":"denied""#) == true }))
        await router.settled()
        #expect(await host.userScripts.count == 2)
        #expect(await host.userScripts.first?.source == scripts.first?.source)
    }

    // MARK: - Lifetime

    @Test func cancellingRunTakesTheBridgeOutOfTheWebView() async throws {
        let (router, center) = try await attachedRouter()
        #expect(await host.userScripts.count == 1)
        #expect(await host.hasHandler(named: "zoobox"))
        try await whileRunning({ await router.run() }) {
            await device.answerNextPrompt(for: .camera, with: .granted)
            try await center.request(.camera)
            #expect(await router.caughtUp(within: .seconds(30)))
            #expect(await host.userScripts.count == 2)
        }
        // run() returned: its script, its status script and its handler are gone, and changes reach no page.
        #expect(await host.userScripts.isEmpty)
        #expect(await !host.hasHandler(named: "zoobox"))
        let evaluations = await host.evaluations.count
        await device.answerNextPrompt(for: .location, with: .granted)
        try await center.request(.location)
        #expect(await host.evaluations.count == evaluations)
        #expect(await !router.caughtUp(within: .seconds(30)))
    }

    @Test func aRunCancelledBeforeItStartsStillTakesTheBridgeOut() async throws {
        let (router, _) = try await attachedRouter()
        await withTaskGroup(of: Void.self) { group in
            group.cancelAll()
            group.addTask { await router.run() }
        }
        #expect(await host.userScripts.isEmpty)
        #expect(await !host.hasHandler(named: "zoobox"))
    }

    @Test func aBridgeTakenOutCanBeInstalledAgain() async throws {
        let (router, center) = try await attachedRouter()
        try await whileRunning({ await router.run() }) {}
        try await router.install(in: host)
        try await whileRunning({ await router.run() }) {
            await device.answerNextPrompt(for: .camera, with: .denied)
            try await center.request(.camera)
            #expect(await router.caughtUp(within: .seconds(30)))
            #expect(await host.userScripts.last?.source.contains(#""camera":"denied""#) == true)
        }
    }
}
