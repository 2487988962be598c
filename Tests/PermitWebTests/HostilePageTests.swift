import Foundation
import Permit
import PermitPageServer
import PermitTesting
import PermitWeb
import Testing
import PermitSupport

/// One hostile page behaviour: a script the page runs, what it must observe, and how many system prompts it
/// may cause.
struct HostileCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// An expression the page evaluates, in an async function after ``HostileCase/prelude``; its value is
    /// compared with ``expected``.
    var script: String
    var expected: JSONValue
    /// What WebKitGTK gives where it genuinely differs from Chromium (the Engines article); `nil` when the
    /// same.
    var expectedOnWebKit: JSONValue? = nil
    /// The page's main document (its origin is allowed); `FOREIGN` is replaced with the foreign origin.
    var page = "<p>app</p>"
    /// Pages of the foreign (not allowed) origin.
    var foreignPages: [String: String] = [:]
    /// The system prompts the behaviour may cause in all: 0 for every refused message, 1 for prompt spam.
    var prompts = 0

    var testDescription: String { name }

    /// Helpers every case's script may use:
    /// - `code(body)`: posts `body` as is and resolves with the reply's error code, or `'result'`;
    /// - `send(object)`: `code(JSON.stringify(object))`;
    /// - `within(promise, ms)`: the promise's value, or `'ignored'` when it has not settled after `ms`.
    static let prelude = """
        const handler = window.webkit.messageHandlers.zoobox;
        const code = body => handler.postMessage(body).then(text => {
            const answer = JSON.parse(text); return answer.error ? answer.error.code : 'result'; });
        const send = object => code(JSON.stringify(object));
        const within = (promise, ms) => Promise.race([promise, new Promise(r => setTimeout(() => r('ignored'), ms))]);
        """
}

/// Issue 9's catalogue of hostile pages, in each real browser engine: malformed and wrongly typed messages,
/// unknown methods and kinds, oversized and deeply nested payloads, replayed ids, calls from other frames, a
/// handler kept across a navigation, prompt spam, overridden bridge objects and built-ins, forged pushes and
/// replies. Each case runs in a world of its own and must get a typed error or be ignored, with no system
/// prompt (or one, for spam), no change of the center's state or of what the page sees, no haptic played, and
/// no browser crash: afterwards the same browser still answers a well-formed call.
@Suite(requiresBrowser, .serialized, .timeLimit(.minutes(5))) struct HostilePageTests {
    static let catalogue: [HostileCase] = malformed + wrongTypes + unknown + sizes + frames + spam + tampering

    static let malformed: [HostileCase] = [
        HostileCase(name: "not JSON", script: "code('not json')", expected: .string("malformed")),
        HostileCase(name: "an empty message", script: "code('')", expected: .string("malformed")),
        HostileCase(name: "whitespace only", script: "code('  \\n\\t ')", expected: .string("malformed")),
        HostileCase(name: "a JSON array", script: "code('[1, 2, 3]')", expected: .string("malformed")),
        HostileCase(name: "a JSON string", script: #"code('"hello"')"#, expected: .string("malformed")),
        HostileCase(name: "JSON null", script: "code('null')", expected: .string("malformed")),
        HostileCase(name: "truncated JSON", script: #"code('{"v":1,"id":1,"method":"hello"')"#, expected: .string("malformed")),
        HostileCase(
            name: "trailing garbage", script: #"code('{"v":1,"id":1,"method":"hello"} {}')"#, expected: .string("malformed")),
        HostileCase(name: "a non-string body (an object)", script: "code({v: 1, id: 1, method: 'hello'})",
            expected: .string("malformed")),
        HostileCase(
            name: "a lone surrogate in the method (not valid Unicode)",
            script: "send({v: 1, id: 1, method: 'hello\\ud800'})", expected: .string("malformed")),
        HostileCase(
            name: "a NUL in the method", script: "send({v: 1, id: 1, method: 'hello\\u0000'})",
            expected: .string("unknownMethod")),
    ]

    static let wrongTypes: [HostileCase] = [
        HostileCase(name: "v missing", script: "send({id: 1, method: 'hello'})", expected: .string("malformed")),
        HostileCase(name: "v is 2", script: "send({v: 2, id: 1, method: 'hello'})", expected: .string("unsupportedVersion")),
        HostileCase(name: "v is a string", script: "send({v: '1', id: 1, method: 'hello'})", expected: .string("unsupportedVersion")),
        HostileCase(name: "id is a string", script: "send({v: 1, id: '1', method: 'hello'})", expected: .string("malformed")),
        HostileCase(name: "id is 0", script: "send({v: 1, id: 0, method: 'hello'})", expected: .string("malformed")),
        HostileCase(name: "id is negative", script: "send({v: 1, id: -7, method: 'hello'})", expected: .string("malformed")),
        HostileCase(name: "id has a fraction", script: "send({v: 1, id: 1.5, method: 'hello'})", expected: .string("malformed")),
        HostileCase(
            name: "id above 2^53", script: "code('{\"v\":1,\"id\":9007199254740994,\"method\":\"hello\"}')",
            expected: .string("malformed")),
        HostileCase(name: "method missing", script: "send({v: 1, id: 1})", expected: .string("malformed")),
        HostileCase(name: "method is a number", script: "send({v: 1, id: 1, method: 7})", expected: .string("malformed")),
        HostileCase(name: "params is an array", script: "send({v: 1, id: 1, method: 'hello', params: []})",
            expected: .string("malformed")),
        HostileCase(name: "params is a string", script: "send({v: 1, id: 1, method: 'hello', params: 'x'})",
            expected: .string("malformed")),
        HostileCase(
            name: "an extra member claiming an origin",
            script: "send({v: 1, id: 1, method: 'requestPermission', params: {type: 'camera'}, origin: location.origin})",
            expected: .string("malformed")),
        HostileCase(
            name: "requestPermission without params", script: "send({v: 1, id: 1, method: 'requestPermission'})",
            expected: .string("invalidParams")),
        HostileCase(
            name: "requestPermission with a number type",
            script: "send({v: 1, id: 1, method: 'requestPermission', params: {type: 7}})", expected: .string("invalidParams")),
        HostileCase(
            name: "requestPermission with an array type",
            script: "send({v: 1, id: 1, method: 'requestPermission', params: {type: ['camera']}})",
            expected: .string("invalidParams")),
        HostileCase(
            name: "requestPermission with an extra parameter",
            script: "send({v: 1, id: 1, method: 'requestPermission', params: {type: 'camera', force: true}})",
            expected: .string("invalidParams")),
        HostileCase(
            name: "hello with parameters", script: "send({v: 1, id: 1, method: 'hello', params: {all: true}})",
            expected: .string("invalidParams")),
        HostileCase(
            name: "hapticFeedback with an unknown style",
            script: "send({v: 1, id: 1, method: 'hapticFeedback', params: {style: 'loud'}})", expected: .string("invalidParams")),
        HostileCase(
            name: "hapticFeedback without a style", script: "send({v: 1, id: 1, method: 'hapticFeedback', params: {}})",
            expected: .string("invalidParams")),
    ]

    static let unknown: [HostileCase] = [
        HostileCase(name: "an unknown method", script: "send({v: 1, id: 1, method: 'eraseDevice'})",
            expected: .string("unknownMethod")),
        HostileCase(name: "the method __proto__", script: "send({v: 1, id: 1, method: '__proto__'})",
            expected: .string("unknownMethod")),
        HostileCase(name: "a method in the wrong case", script: "send({v: 1, id: 1, method: 'RequestPermission'})",
            expected: .string("unknownMethod")),
        HostileCase(
            name: "a kind the app does not use",
            script: "send({v: 1, id: 1, method: 'requestPermission', params: {type: 'microphone'}})",
            expected: .string("unknownPermission")),
        HostileCase(
            name: "the kind __proto__",
            script: "send({v: 1, id: 1, method: 'requestPermission', params: {type: '__proto__'}})",
            expected: .string("unknownPermission")),
        HostileCase(
            name: "a kind in the wrong case",
            script: "send({v: 1, id: 1, method: 'requestPermission', params: {type: 'CAMERA'}})",
            expected: .string("unknownPermission")),
        HostileCase(
            name: "the location while it is not granted", script: "send({v: 1, id: 1, method: 'getCurrentLocation'})",
            expected: .string("permissionDenied")),
        HostileCase(
            name: "the public API with a non-string kind",
            script: "ZooboxBridge.requestPermission({toString: () => 'camera'}).catch(e => e.code)",
            expected: .string("invalidParams")),
    ]

    static let sizes: [HostileCase] = [
        HostileCase(
            name: "a payload over the size limit",
            script: "send({v: 1, id: 1, method: 'requestPermission', params: {type: 'camera', pad: 'x'.repeat(17000)}})",
            expected: .string("tooLarge")),
        HostileCase(
            name: "a 3 MB payload, over the transport's limit, is dropped",
            script: "within(code('x'.repeat(3 << 20)), 1500)", expected: .string("ignored"),
            // WebKit's own transport carries it; the router answers with its typed error instead.
            expectedOnWebKit: .string("tooLarge")),
        HostileCase(
            name: "arrays nested 7,000 deep within the size limit",
            script: "code('{\"v\":1,\"id\":1,\"method\":\"hello\",\"params\":{\"a\":' + '['.repeat(7000) + ']'.repeat(7000) + '}}')",
            expected: .string("malformed")),
        HostileCase(
            name: "objects nested 1,000 deep",
            script: "code('{\"v\":1,\"id\":1,\"method\":\"hello\",\"params\":' + '{\"a\":'.repeat(1000) + '1' + '}'.repeat(1000) + '}')",
            expected: .string("malformed")),
        HostileCase(
            name: "two thousand malformed messages at once",
            script: "Promise.all(Array.from({length: 2000}, (_, n) => code('{' + n))).then(all => new Set(all).size + ':' + all[0])",
            expected: .string("1:malformed")),
    ]

    static let frames: [HostileCase] = [
        HostileCase(
            name: "a cross-origin iframe",
            script: "window.fromFrame",
            expected: .array([.string("notMainFrame"), .string("notMainFrame"), .string("{}")]),
            page: """
                <script>
                  window.fromFrame = new Promise(resolve => addEventListener('message', e => resolve(e.data)));
                </script>
                <iframe src="FOREIGN/frame"></iframe>
                """,
            foreignPages: ["/frame": HostilePageTests.framePoster]),
        HostileCase(
            name: "a same-origin iframe",
            script: "window.fromFrame",
            expected: .array([.string("notMainFrame"), .string("notMainFrame"), .string("{}")]),
            page: """
                <script>
                  window.fromFrame = new Promise(resolve => addEventListener('message', e => resolve(e.data)));
                </script>
                <iframe src="/frame"></iframe>
                """),
        HostileCase(
            name: "a srcdoc iframe, called into by its parent",
            script: """
                new Promise(resolve => {
                  const frame = document.createElement('iframe');
                  frame.onload = () => {
                    let call;
                    try {
                      call = frame.contentWindow.webkit.messageHandlers.zoobox.postMessage(
                        JSON.stringify({v: 1, id: 1, method: 'requestPermission', params: {type: 'camera'}}))
                        .then(text => JSON.parse(text).error.code);
                    } catch (error) { call = Promise.resolve('noHandler'); }
                    call.then(outcome => resolve(outcome === 'notMainFrame' || outcome === 'noHandler'));
                  };
                  frame.srcdoc = '<p>inline</p>';
                  document.body.appendChild(frame);
                })
                """,
            expected: .bool(true)),
        HostileCase(
            name: "a handler reference kept across the frame's navigation",
            script: """
                new Promise(resolve => {
                  const frame = document.createElement('iframe');
                  frame.src = '/frame-quiet';
                  frame.onload = () => {
                    const kept = frame.contentWindow.webkit.messageHandlers.zoobox;
                    frame.onload = () => {
                      let call;
                      try {
                        call = kept.postMessage(JSON.stringify({v: 1, id: 1, method: 'requestPermission', params: {type: 'camera'}}))
                          .then(text => JSON.parse(text).error.code, () => 'rejected');
                      } catch (error) { call = Promise.resolve('threw'); }
                      within(call, 1500).then(outcome => resolve(outcome === 'notMainFrame' || outcome === 'ignored'
                        || outcome === 'rejected' || outcome === 'threw'));
                    };
                    frame.src = '/frame-quiet?again';
                  };
                  document.body.appendChild(frame);
                })
                """,
            expected: .bool(true)),
        HostileCase(
            name: "a call from a page of another origin",
            script: "send({v: 1, id: 1, method: 'requestPermission', params: {type: 'camera'}})",
            expected: .string("forbiddenOrigin"), page: "FOREIGN-MAIN"),
    ]

    static let spam: [HostileCase] = [
        HostileCase(
            name: "a thousand requests through the API and raw messages: one prompt",
            script: """
                Promise.all(Array.from({length: 1000}, (_, n) => n % 2
                  ? ZooboxBridge.requestPermission('camera')
                  : handler.postMessage(JSON.stringify({v: 1, id: n + 1, method: 'requestPermission', params: {type: 'camera'}}))
                      .then(text => JSON.parse(text).result)))
                  .then(all => [...new Set(all)])
                """,
            expected: .array([.string("granted")]), prompts: 1),
        HostileCase(
            name: "one id replayed a hundred times: one prompt",
            script: """
                Promise.all(Array.from({length: 100}, () =>
                  handler.postMessage(JSON.stringify({v: 1, id: 5, method: 'requestPermission', params: {type: 'camera'}}))))
                  .then(all => [...new Set(all)])
                """,
            expected: .array([.string(#"{"id":5,"result":"granted"}"#)]), prompts: 1),
        HostileCase(
            name: "a replayed id with different methods gets each its own answer",
            script: """
                Promise.all([send({v: 1, id: 9, method: 'hello'}), send({v: 1, id: 9, method: 'nope'}),
                             send({v: 1, id: 9, method: 'requestPermission', params: {type: 'bogus'}})])
                """,
            expected: .array([.string("result"), .string("unknownMethod"), .string("unknownPermission")])),
        HostileCase(
            name: "requests spammed from a timer for 300 ms: one prompt",
            script: """
                new Promise(resolve => {
                  const timer = setInterval(() => ZooboxBridge.requestPermission('camera').catch(() => {}), 1);
                  setTimeout(() => { clearInterval(timer); ZooboxBridge.requestPermission('camera').then(resolve); }, 300);
                })
                """,
            expected: .string("granted"), prompts: 1),
    ]

    static let tampering: [HostileCase] = [
        HostileCase(
            name: "overwriting and redefining the bridge objects",
            script: """
                (() => {
                  const attempts = [
                    () => { window.ZooboxBridge = {}; }, () => { window.zooboxPermissions = {camera: 'granted'}; },
                    () => { ZooboxBridge.requestPermission = () => Promise.resolve('granted'); },
                    () => { zooboxPermissions.camera = 'granted'; },
                    () => Object.defineProperty(window, 'ZooboxBridge', {value: {}}),
                    () => Object.defineProperty(window, 'zooboxPermissions', {get: () => ({camera: 'granted'})}),
                    () => { window.webkit = {}; }, () => { window.webkit.messageHandlers.zoobox = null; },
                    () => { window.webkit.messageHandlers.zoobox.postMessage = () => Promise.resolve('{}'); },
                    () => { delete window.ZooboxBridge; },
                  ];
                  attempts.forEach(attempt => { try { attempt(); } catch (error) {} });
                  return [typeof ZooboxBridge.requestPermission, zooboxPermissions.camera,
                          ZooboxBridge.isPermissionGranted('camera'), Object.isFrozen(ZooboxBridge)];
                })()
                """,
            expected: .array([.string("function"), .string("notDetermined"), .bool(false), .bool(true)])),
        HostileCase(
            name: "replaced JSON, Promise and Array built-ins do not reach the bridge",
            script: """
                (() => {
                  const stringify = JSON.stringify, parse = JSON.parse, indexOf = Array.prototype.indexOf;
                  JSON.stringify = () => stringify({v: 1, id: 1, method: 'requestPermission', params: {type: 'camera'}});
                  JSON.parse = () => ({result: {statuses: {camera: 'granted'}}});
                  Array.prototype.indexOf = () => 0;
                  return ZooboxBridge.getPermissions().then(statuses => {
                    JSON.stringify = stringify; JSON.parse = parse; Array.prototype.indexOf = indexOf;
                    return statuses.camera;
                  });
                })()
                """,
            expected: .string("notDetermined")),
        HostileCase(
            name: "a polluted Object.prototype",
            script: """
                (() => {
                  Object.prototype.params = {type: 'camera'};
                  Object.prototype.method = 'requestPermission';
                  return ZooboxBridge.getPermissions().then(statuses => {
                    delete Object.prototype.params; delete Object.prototype.method;
                    return statuses.camera;
                  });
                })()
                """,
            expected: .string("notDetermined")),
        HostileCase(
            name: "a forged push without the nonce",
            script: """
                (() => {
                  for (const nonce of ['', 'guess', undefined, null]) {
                    try { window.__permitBridge_zoobox(nonce, {statuses: {camera: 'granted'}}); } catch (error) {}
                  }
                  return zooboxPermissions.camera;
                })()
                """,
            expected: .string("notDetermined")),
        HostileCase(
            name: "a forged reply to a pending call",
            script: """
                (() => {
                  const pending = send({v: 1, id: 1, method: 'requestPermission', params: {type: 'bogus'}});
                  for (let n = 0; n < 50; n++) {
                    try { window.__permitHostReply('guess', n, '{"id":1,"result":"granted"}', false); } catch (error) {}
                  }
                  return pending;
                })()
                """,
            expected: .string("unknownPermission")),
        HostileCase(
            name: "the hidden transport binding is out of reach",
            script: "[typeof window.__permitHost, Object.getOwnPropertyNames(window).filter(n => n.startsWith('__permitHost')).length]",
            expected: .array([.string("undefined"), .integer(1)]),
            // WebKitGTK has no binding and no reply hook: nothing of the kind on the page at all.
            expectedOnWebKit: .array([.string("undefined"), .integer(0)])),
    ]

    /// A frame that calls the bridge both ways and posts the error codes and the statuses it sees to its parent.
    static let framePoster = """
        <script>
          Promise.allSettled([
            ZooboxBridge.requestPermission('camera'),
            (() => { try { return window.webkit.messageHandlers.zoobox.postMessage(
                JSON.stringify({v: 1, id: 1, method: 'requestPermission', params: {type: 'camera'}})); }
              catch (error) { return Promise.reject({code: 'noHandler'}); } })()
              .then(text => Promise.reject({code: JSON.parse(text).error.code}))
          ]).then(results => parent.postMessage(
            results.map(r => r.reason && r.reason.code).concat([JSON.stringify(window.zooboxPermissions)]), '*'));
        </script>
        """

    @Test(arguments: Engine.available, catalogue)
    func aHostilePageGetsATypedErrorOrIsIgnoredWithNoPromptNoStateChangeAndNoCrash(
        engine: Engine, _ hostile: HostileCase
    ) async throws {
        let foreignMain = hostile.page == "FOREIGN-MAIN"
        var foreignPages = hostile.foreignPages
        if foreignMain { foreignPages["/"] = "<p>elsewhere</p>" }
        let world = try await BridgeWorld.make(
            engine,
            pages: [
                "/": hostile.page, "/frame": Self.framePoster, "/frame-quiet": "<p>frame</p>",
            ],
            foreignPages: foreignPages)
        await world.device.setUnscriptedPromptAnswer(.granted)
        world.browser.pages["/"] = hostile.page.replacingOccurrences(of: "FOREIGN", with: world.foreign.origin)
        if foreignMain {
            try await world.webView.load(world.foreign.url("/"))
        } else {
            try await world.load("/")
        }
        let events = EventLog(following: world.webView.events())
        let pid = await world.webView.webContentProcessID()
        let statesBefore = await world.center.states()
        let pageBefore = try await world.evaluate("JSON.stringify(window.zooboxPermissions)")

        // A behaviour that hangs the page reads as "hung" after 10 s rather than stalling the suite.
        let observed = try await world.evaluate("""
            (async () => { \(HostileCase.prelude)
              return await Promise.race([(async () => (\(hostile.script)))(),
                                         new Promise(r => setTimeout(() => r('hung'), 10000))]); })()
            """)

        #expect(observed == (engine == .webkit ? hostile.expectedOnWebKit ?? hostile.expected : hostile.expected))
        #expect(await world.device.totalPromptCount == hostile.prompts)
        #expect(await world.haptics.played.isEmpty)
        if hostile.prompts == 0 {
            #expect(await world.center.states() == statesBefore, "the center's state changed")
            #expect(try await world.evaluate("JSON.stringify(window.zooboxPermissions)") == pageBefore)
        }
        // No crash: the same browser is still there and answers a well-formed call.
        #expect(await world.webView.webContentProcessID() == pid)
        #expect(!events.all.contains { $0.isTermination }, "the web content died")
        if !foreignMain {
            try await world.load("/frame-quiet")
            #expect(try await world.evaluate("ZooboxBridge.getPermissions().then(s => typeof s.camera)") == .string("string"))
        }
        await world.tearDown()
    }

    @Test func theCatalogueHoldsAtLeastThirtyBehaviours() {
        #expect(Self.catalogue.count >= 30)
        #expect(Set(Self.catalogue.map(\.name)).count == Self.catalogue.count, "every case has its own name")
    }
}
