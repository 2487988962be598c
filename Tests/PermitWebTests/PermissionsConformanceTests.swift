import Foundation
import Permit
import PermitPageServer
import PermitTesting
import PermitWeb
import Testing
import PermitSupport

/// `navigator.permissions` as the W3C Permissions spec and WebIDL define it, for the names the app tracks:
/// each test checks one requirement of the spec, in a real engine.
@Suite(requiresBrowser, .serialized, .timeLimit(.minutes(3))) struct PermissionsConformanceTests {
    /// The page's value of `expression` (awaited), as JSON text.
    static func json(_ world: PageWorld, _ expression: String) async throws -> String? {
        try await world.evaluate("Promise.resolve(\(expression)).then(value => JSON.stringify(value))")?.stringValue
    }

    @Test(arguments: Engine.available)
    func queryResolvesToARealPermissionStatusWithItsAttributesOnThePrototype(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"]) { device in
            await device.setStatus(.granted, for: .location)
        }
        try await world.load()
        let shape = try await Self.json(world, """
            navigator.permissions.query({name: 'geolocation'}).then(status => ({
              instance: status instanceof PermissionStatus && status instanceof EventTarget,
              prototype: Object.getPrototypeOf(status) === PermissionStatus.prototype,
              own: Object.getOwnPropertyNames(status).concat(Object.getOwnPropertySymbols(status).map(String)),
              attributes: ['name', 'state', 'onchange'].map(key => {
                const d = Object.getOwnPropertyDescriptor(PermissionStatus.prototype, key);
                return [key, typeof d.get, typeof d.set, d.enumerable, d.configurable, d.get.name].join(' ');
              }),
              name: status.name, state: status.state, onchange: status.onchange,
              readOnly: (() => { status.state = 'denied'; return status.state; })(),
              tag: Object.prototype.toString.call(status)
            }))
            """)
        #expect(shape == #"{"instance":true,"prototype":true,"own":[],"attributes":["name function undefined true true get name","state function undefined true true get state","onchange function function true true get onchange"],"name":"geolocation","state":"granted","onchange":null,"readOnly":"granted","tag":"[object PermissionStatus]"}"#)
        // The accessors still serve the engine's own objects (names the app does not track).
        // (Chromium names its own microphone status `audio_capture`: what the engine says is passed on as is.)
        #expect(try await Self.json(world, "navigator.permissions.query({name: 'microphone'}).then(s => [s instanceof PermissionStatus, typeof s.name, s.state])")
            == #"[true,"string","prompt"]"#)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func everyQueryMakesANewStatusAndEveryLiveOneHearsEachChangeOnce(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": """
            <script>
              window.seen = [];
              window.statuses = Promise.all([1, 2].map(() => navigator.permissions.query({name: 'notifications'})))
                .then(([a, b]) => {
                  a.addEventListener('change', () => seen.push('a-listener ' + a.state));
                  a.onchange = () => seen.push('a-handler ' + a.state);
                  b.onchange = () => seen.push('b-handler ' + b.state);
                  return [a, b];
                });
            </script>
            """]) { device in
            await device.setStatus(.granted, for: .notifications)
        }
        try await world.load()
        #expect(try await Self.json(world, "statuses.then(([a, b]) => [a !== b, a.state, b.state])") == #"[true,"granted","granted"]"#)
        try await world.revokeInSettings(.notifications)
        try await world.wait(for: "seen.length", toBe: .integer(3))
        #expect(try await Self.json(world, "seen") == #"["a-listener denied","a-handler denied","b-handler denied"]"#)
        // A later status starts from the current state.
        #expect(try await Self.json(world, "navigator.permissions.query({name: 'notifications'}).then(s => s.state)") == #""denied""#)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func onchangeIsAnEventHandlerAttribute(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"])
        try await world.load()
        let trace = try await Self.json(world, """
            navigator.permissions.query({name: 'camera'}).then(status => {
              const order = [];
              status.addEventListener('change', () => order.push('first'));
              status.onchange = function (event) {
                order.push('handler ' + [this === status, event.target === status, event.currentTarget === status, event.type].join(' '));
              };
              status.addEventListener('change', () => order.push('last'));
              status.dispatchEvent(new Event('change'));
              // Replacing the handler keeps its place; null removes it; set again, it goes last.
              status.onchange = () => order.push('replaced');
              status.dispatchEvent(new Event('change'));
              status.onchange = null;
              status.dispatchEvent(new Event('change'));
              status.onchange = () => order.push('again');
              status.dispatchEvent(new Event('change'));
              // A handler returning false cancels a cancelable event.
              status.onchange = () => false;
              const cancelable = new Event('change', {cancelable: true});
              status.dispatchEvent(cancelable);
              // A non-object is null; a non-callable object is kept and not called.
              status.onchange = 'alert(1)';
              const text = status.onchange;
              const object = {};
              status.onchange = object;
              status.dispatchEvent(new Event('change'));
              return [order, cancelable.defaultPrevented, text, status.onchange === object];
            })
            """)
        #expect(trace == #"[["first","handler true true true change","last","first","replaced","last","first","last","first","last","again","first","last","first","last"],true,null,true]"#)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func theDescriptorIsConvertedAsAWebIDLDictionary(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"])
        try await world.load()
        // PermissionDescriptor, then the name's own descriptor type: `name` is read twice, members in order.
        let reads = try await Self.json(world, """
            (() => {
              const reads = [];
              const descriptor = { get name() { reads.push('name'); return 'camera'; },
                                   get panTiltZoom() { reads.push('panTiltZoom'); return false; } };
              return navigator.permissions.query(descriptor).then(s => [reads, s.name, s.state]);
            })()
            """)
        #expect(reads == #"[["name","name","panTiltZoom"],"camera","prompt"]"#)
        let errors = try await Self.json(world, """
            Promise.all([undefined, null, 7, {}, {name: 'bogus'}, {name: Symbol('camera')}, {get name() { throw new RangeError('x') }}]
              .map(d => navigator.permissions.query(d).then(() => 'resolved', e => e.name)))
            """)
        #expect(errors == #"["TypeError","TypeError","TypeError","TypeError","TypeError","TypeError","RangeError"]"#)
        // `name` goes through ToString: an object naming a permission is that permission.
        #expect(try await Self.json(world, "navigator.permissions.query({name: {toString: () => 'geolocation'}}).then(s => s.name)")
            == #""geolocation""#)
        #expect(try await Self.json(world, "[typeof Permissions.prototype.query, Object.getOwnPropertyNames(navigator.permissions), Permissions.prototype.query.length]")
            == #"["function",[],1]"#)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func namesTheAppDoesNotTrackAreAnsweredByTheEngineUntouched(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"])
        try await world.load()
        let origin = try WebOrigin(world.server.origin)
        // The app does not track the microphone: the engine's own setting is what the page sees.
        try await world.webView.setEnginePermission(.microphone, granted: true, for: origin)
        #expect(try await Self.json(world, "navigator.permissions.query({name: 'microphone'}).then(s => s.state)") == #""granted""#)
        try await world.webView.setEnginePermission(.microphone, granted: false, for: origin)
        if engine.traits.reportsCaptureDenialOnlyAfterARefusal {
            // WebKit says `prompt` for a denied microphone until the page's own request has been refused.
            #expect(try await Self.json(world, "navigator.permissions.query({name: 'microphone'}).then(s => s.state)") == #""prompt""#)
            #expect(try await Self.json(world, "navigator.mediaDevices.getUserMedia({audio: true}).then(() => 'stream', e => e.name)") == #""NotAllowedError""#)
        }
        #expect(try await Self.json(world, "navigator.permissions.query({name: 'microphone'}).then(s => s.state)") == #""denied""#)
        // The engine sees the descriptor as the page wrote it, its own reads included: `name` is not read
        // once more on the engine's behalf.
        let reads = try await Self.json(world, """
            (() => {
              let reads = 0;
              return navigator.permissions.query({ get name() { reads += 1; return 'microphone'; } }).then(s => [s.state, reads]);
            })()
            """)
        #expect(reads == #"["denied",1]"#)
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func theReplacedOperationsAndAttributesHaveTheEnginesOwnShape(engine: Engine) async throws {
        // A same-origin iframe is not given the web platform's replacements: its globals are the engine's own.
        let world = try await PageWorld.make(engine: engine, pages: ["/": #"<iframe src="/frame"></iframe>"#, "/frame": "<p>frame</p>"])
        try await world.load()
        try await world.wait(for: "frames[0] && frames[0].document.readyState", toBe: .string("complete"))
        let probe = """
            (w => {
              const shape = (owner, key) => {
                const d = Object.getOwnPropertyDescriptor(owner, key);
                const f = d.value || d.get;
                return [key, typeof d.value, typeof d.get, typeof d.set, d.enumerable, d.configurable, d.writable, f.name, f.length].join(' ');
              };
              return JSON.stringify([
                shape(w.Permissions.prototype, 'query'),
                ...['name', 'state', 'onchange'].map(k => shape(w.PermissionStatus.prototype, k)),
                ...['getCurrentPosition', 'watchPosition', 'clearWatch'].map(k => shape(w.Geolocation.prototype, k)),
                ...['coords', 'timestamp', 'toJSON'].map(k => shape(w.GeolocationPosition.prototype, k)),
                ...['latitude', 'longitude', 'accuracy', 'toJSON'].map(k => shape(w.GeolocationCoordinates.prototype, k)),
                ...['code', 'message'].map(k => shape(w.GeolocationPositionError.prototype, k)),
                shape(w.MediaDevices.prototype, 'getUserMedia'),
                shape(w.Notification, 'permission'), shape(w.Notification, 'requestPermission'),
              ]);
            })
            """
        let page = try await world.evaluate("\(probe)(window)")
        let engine = try await world.evaluate("\(probe)(frames[0])")
        #expect(page != nil && page == engine)
        // The comparison is between the replacements and the engine's own functions.
        #expect(try await world.evaluate("""
            [window, frames[0]].map(w => String(w.Geolocation.prototype.getCurrentPosition).includes('[native code]'))
            """) == .array([.bool(false), .bool(true)]))
        await world.tearDown()
    }

    @Test(arguments: Engine.available)
    func aNonSecureContextSeesDeniedAndNeverPrompts(engine: Engine) async throws {
        let world = try await PageWorld.make(engine: engine, pages: ["/": "<p>app</p>"]) { device in
            await device.setStatus(.granted, for: .location)
        }
        try await world.load(secure: false)
        #expect(try await world.evaluate("window.isSecureContext") == .bool(false))
        let seen = try await Self.json(world, """
            Promise.all([
              navigator.permissions.query({name: 'geolocation'}).then(s => s.state),
              navigator.permissions.query({name: 'notifications'}).then(s => s.state),
              new Promise(resolve => navigator.geolocation.getCurrentPosition(() => resolve('position'), e => resolve(e.code))),
              Notification.requestPermission(),
              Notification.permission
            ])
            """)
        #expect(seen == #"["denied","denied",1,"denied","denied"]"#)
        #expect(await world.device.totalPromptCount == 0)
        // The app's own bridge still answers there: the origin is allowed.
        #expect(try await world.evaluate("zooboxPermissions.location") == .string("granted"))
        await world.tearDown()
    }
}
