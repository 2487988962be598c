import Permit

/// A page with a button whose handler asks for the camera, and a function the app's script can call to ask for
/// location, each logging the detailed answer.
let buttonPage = """
    <!doctype html><title>buttons</title>
    <button id="ask" style="position: absolute; left: 40px; top: 40px; width: 200px; height: 60px">Scan</button>
    <button id="locate" style="position: absolute; left: 40px; top: 140px; width: 200px; height: 60px">Locate</button>
    <script>
      const line = (answer) => [answer.status, answer.asked, answer.reason, answer.next].join(' ')
        + (answer.settingsOffer ? ' offer ' + answer.settingsOffer : '');
      document.querySelector('#ask').addEventListener('click', () =>
        PermitBridge.requestPermission('camera', { detail: true }).then((answer) => console.log('tap ' + line(answer))));
      document.querySelector('#locate').addEventListener('click', () =>
        PermitBridge.requestPermission('location', { detail: true }).then((answer) => console.log('locate ' + line(answer))));
      // The page's own script imitating a person: untrusted events, which never count.
      window.fakeTap = (selector) => {
        const target = document.querySelector(selector);
        target.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'mouse', bubbles: true }));
        target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        target.click();
      };
      window.askLocation = () =>
        PermitBridge.requestPermission('location', { detail: true }).then((answer) => { console.log('script ' + line(answer)); return answer.reason; });
    </script>
    """

/// A page that tries to steal the bridge's gesture key: accessors and `toJSON` on `Object.prototype`, hooks on
/// `Array.prototype`, each recording whatever looks like a key it saw, before a button asks three ways.
let stealingPage = """
    <!doctype html><title>thief</title>
    <button id="ask" style="position: absolute; left: 40px; top: 40px; width: 200px; height: 60px">Ask</button>
    <script>
      window.stolen = [];
      const keep = (where, value) => { if (typeof value === 'string' && /^[0-9A-F-]{36}$/.test(value)) window.stolen.push(where); };
      const look = (where, object) => { try { for (const key in object) keep(where, object[key]); } catch (e) {} };
      Object.defineProperty(Object.prototype, 'gesture', { set(value) { keep('setter', value); }, configurable: true });
      Object.defineProperty(Object.prototype, 'toJSON', { value: function () { look('toJSON', this); look('toJSON', this.params); return this; }, writable: true, configurable: true });
      for (const name of ['push', 'forEach', 'some', 'map']) {
        const original = Array.prototype[name];
        Array.prototype[name] = function (...args) { for (const arg of [this, ...args]) look(name, arg); return original.apply(this, args); };
      }
      document.querySelector('#ask').addEventListener('click', () => {
        PermitBridge.requestPermission('camera').then((status) => console.log('camera ' + status));
        navigator.geolocation.getCurrentPosition(() => console.log('location granted'), (e) => console.log('location error ' + e.code));
      });
    </script>
    """

/// A page whose buttons spend one tap on two calls, or call a moment after the tap: inside the 5-second window
/// the gesture is the person's, after it the call is the page's own.
let timedPage = """
    <!doctype html><title>timed</title>
    <button id="twice" style="position: absolute; left: 40px; top: 40px; width: 200px; height: 60px">Twice</button>
    <button id="soon" style="position: absolute; left: 40px; top: 140px; width: 200px; height: 60px">Soon</button>
    <button id="late" style="position: absolute; left: 40px; top: 240px; width: 200px; height: 60px">Late</button>
    <script>
      const ask = (label, kind) => PermitBridge.requestPermission(kind, { detail: true })
        .then((a) => console.log(label + ' ' + kind + ' ' + [a.status, a.asked, a.reason, a.next].join(' ')));
      document.querySelector('#twice').addEventListener('click', () => { ask('twice', 'camera'); ask('twice', 'location'); });
      document.querySelector('#soon').addEventListener('click', () => setTimeout(() => ask('soon', 'location'), 1000));
      document.querySelector('#late').addEventListener('click', () => setTimeout(() => ask('late', 'camera'), 5600));
    </script>
    """

/// The permissions the button page's app declares: each asked at use, with the policy's default budget (3)
/// and cooldown (10 s).
let buttonManifest = try! PermissionManifest([
    PermissionDeclaration(kind: .notifications, necessity: .optional, purpose: "Tells you when a parcel arrives."),
    PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scans a parcel's code."),
    PermissionDeclaration(kind: .location, necessity: .optional, purpose: "Finds the nearest locker."),
])
