    // The Push API, backed by Permit's server (WebPushOptions): where the engine offers no service workers of its
    // own (WKWebView outside app-bound domains), or the app replaces the engine's, a bridged page gets
    // navigator.serviceWorker.ready with a registration whose pushManager subscribes at Permit's server, on the
    // page's own origin, with its cookies. The page's code that subscribes, reads and ends its subscription runs
    // unchanged, and the site's backend sends to the endpoint with its own Web Push library; the app receives
    // the message as native push. While the page is open, the registration also gets a `push` event with the
    // payload, as a service worker would. A worker script the page registers does not run.
    // BridgeScript inserts this file after web-requests.js, inside bridge.js's closure.

    // MARK: - The Push API

    function installPush(options) {
        // An engine with service workers of its own keeps them, and its push if it has one, unless the app replaces
        // them: WKWebView has none outside app-bound domains.
        if (navigator.serviceWorker && !options.replace) { return; }
        var fetchFunction = window.fetch.bind(window), atobFunction = window.atob.bind(window);
        var btoaFunction = window.btoa.bind(window), fromCharCode = StringType.fromCharCode;
        var ArrayBufferType = ArrayBuffer, Uint8ArrayType = Uint8Array, TextDecoderType = TextDecoder, BlobType = Blob;
        var URLType = URL, encodeComponent = encodeURIComponent;
        var slots = new WeakMapType();

        function domError(name, message) { return new DOMExceptionType(message, name); }

        // An interface object that cannot be constructed, as WebIDL's are, made global unless `global` is false.
        function interfaceObject(name, eventTarget, global) {
            var Interface = function () { throw new TypeErrorType('Illegal constructor'); };
            defineProperty(Interface, 'name', { value: name, configurable: true });
            Interface.prototype = create(eventTarget ? EventTargetType.prototype : Object.prototype, {
                constructor: { value: Interface, writable: true, configurable: true }
            });
            if (eventTarget) { Object.setPrototypeOf(Interface, EventTargetType); }
            if (global !== false) { defineProperty(window, name, { value: Interface, writable: true, configurable: true }); }
            return Interface;
        }

        function method(proto, name, length, fn) {
            defineProperty(proto, name, { value: withLength(fn, length), writable: true, enumerable: true, configurable: true });
        }

        function getters(proto, names) {
            names.forEach(function (key) {
                defineProperty(proto, key, {
                    get: function () {
                        var slot = slots.get(this);
                        if (!slot) { throw new TypeErrorType('Illegal invocation'); }
                        return slot[key];
                    },
                    enumerable: true, configurable: true
                });
            });
        }

        // The bytes of base64 (or, with `url`, base64url) text; throws when it is not.
        function decode(base64, url) {
            var text = atobFunction(url ? base64.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((base64.length + 3) % 4) : base64);
            var bytes = new Uint8ArrayType(text.length);
            for (var i = 0; i < text.length; i += 1) { bytes[i] = text.charCodeAt(i); }
            return bytes;
        }

        // A key as bytes: base64url text (as applicationServerKey is often given) or a BufferSource.
        function bytesOf(value) {
            if (typeof value === 'string') {
                try { return decode(value, true); } catch (error) { return null; }
            }
            if (value instanceof ArrayBufferType) { return new Uint8ArrayType(value.slice(0)); }
            if (ArrayBufferType.isView(value)) {
                return new Uint8ArrayType(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
            }
            return null;
        }

        function base64URL(bytes) {
            var text = '';
            for (var i = 0; i < bytes.length; i += 1) { text += fromCharCode(bytes[i]); }
            return btoaFunction(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
        }

        // The server's answer at the subscription path, or an error saying why there is none: InvalidStateError
        // for a subscription with another key (409), AbortError otherwise. `absent` answers a 401 (the page's
        // cookies name no installation yet) instead of failing.
        function manage(httpMethod, body, query, absent) {
            var init = { method: httpMethod, credentials: 'same-origin', cache: 'no-store', headers: { 'Content-Type': 'application/json' } };
            if (body) { init.body = stringify(body); }
            return fetchFunction(options.path + (query || ''), init).then(function (response) {
                if (response.ok) { return response.json(); }
                if (response.status === 401 && absent !== undefined) { return absent; }
                return response.text().then(function (text) {
                    var name = response.status === 409 ? 'InvalidStateError' : 'AbortError';
                    throw domError(name, 'Registration failed - push service error ' + response.status + ': ' + text.trim());
                });
            }, function () {
                throw domError('AbortError', 'Registration failed - the push service could not be reached');
            });
        }

        // MARK: PushSubscription

        var PushSubscription = interfaceObject('PushSubscription', false);
        var subscriptionProto = PushSubscription.prototype;
        getters(subscriptionProto, ['endpoint', 'expirationTime', 'options']);
        method(subscriptionProto, 'getKey', 1, function (name) {
            var slot = slots.get(this);
            if (!slot) { throw new TypeErrorType('Illegal invocation'); }
            var keyName = StringType(name);
            if (keyName !== 'p256dh' && keyName !== 'auth') {
                throw new TypeErrorType("The provided value '" + keyName + "' is not a valid enum value of type PushEncryptionKeyName.");
            }
            var key = bytesOf(slot.keys[keyName]);
            return key ? key.buffer : null;
        });
        method(subscriptionProto, 'toJSON', 0, function () {
            var slot = slots.get(this);
            if (!slot) { throw new TypeErrorType('Illegal invocation'); }
            return { endpoint: slot.endpoint, expirationTime: slot.expirationTime, keys: { p256dh: slot.keys.p256dh, auth: slot.keys.auth } };
        });
        method(subscriptionProto, 'unsubscribe', 0, function () {
            var slot = slots.get(this);
            if (!slot) { return PromiseType.reject(new TypeErrorType('Illegal invocation')); }
            // This subscription only: a stale object whose subscription was replaced or ended resolves false.
            var id = slot.endpoint.slice(slot.endpoint.lastIndexOf('/') + 1);
            return manage('DELETE', null, '?subscription=' + encodeComponent(id), { unsubscribed: false })
                .then(function (answer) { return answer.unsubscribed === true; });
        });
        var PushSubscriptionOptions = interfaceObject('PushSubscriptionOptions', false);
        getters(PushSubscriptionOptions.prototype, ['userVisibleOnly', 'applicationServerKey']);

        function subscriptionFrom(answer) {
            var json = answer && answer.subscription;
            if (!json || typeof json.endpoint !== 'string' || !json.keys) { return null; }
            var serverKey = bytesOf(answer.applicationServerKey || '');
            var subscriptionOptions = instance(PushSubscriptionOptions.prototype, slots, {
                userVisibleOnly: true, applicationServerKey: serverKey ? serverKey.buffer : null
            });
            return instance(subscriptionProto, slots, {
                endpoint: json.endpoint, expirationTime: null, options: subscriptionOptions,
                keys: { p256dh: StringType(json.keys.p256dh), auth: StringType(json.keys.auth) }
            });
        }

        // MARK: PushManager

        var PushManager = interfaceObject('PushManager', false);
        defineProperty(PushManager, 'supportedContentEncodings', { value: freeze(['aes128gcm']), enumerable: true, configurable: true });
        var managerProto = PushManager.prototype;
        method(managerProto, 'subscribe', 0, function (subscribeOptions) {
            var chosen = subscribeOptions || {};
            if (!secure) { return PromiseType.reject(domError('NotAllowedError', 'Push needs a secure context.')); }
            if (chosen.userVisibleOnly !== true) {
                return PromiseType.reject(domError('NotAllowedError',
                    'Push delivers user-visible notifications only: pass userVisibleOnly: true.'));
            }
            if (chosen.applicationServerKey === undefined || chosen.applicationServerKey === null) {
                return PromiseType.reject(domError('NotSupportedError',
                    'Registration failed - missing applicationServerKey: the push service needs one.'));
            }
            var key = bytesOf(chosen.applicationServerKey);
            if (!key || key.length !== 65 || key[0] !== 4) {
                return PromiseType.reject(domError('InvalidAccessError',
                    'The provided applicationServerKey is not valid: a P-256 public key, 65 bytes, uncompressed.'));
            }
            return ensurePermission('notifications', gestureFor('notifications')).then(function (answer) {
                if (answer.status !== 'granted') {
                    throw domError('NotAllowedError', withReason('Registration failed - permission denied', answer));
                }
                return manage('POST', { applicationServerKey: base64URL(key) });
            }).then(function (answer) {
                var made = subscriptionFrom(answer);
                if (!made) { throw domError('AbortError', 'Registration failed - the push service answered no subscription'); }
                return made;
            });
        });
        method(managerProto, 'getSubscription', 0, function () {
            if (!secure) { return PromiseType.resolve(null); }
            return manage('GET', null, '', null).then(subscriptionFrom);
        });
        method(managerProto, 'permissionState', 0, function () {
            return PromiseType.resolve(webState('notifications'));
        });
        defineProperty(window, 'PushManager', { value: PushManager, writable: true, configurable: true });
        var pushManager = instance(managerProto, slots, {});

        // MARK: The registration and the container

        // The registration's worker, always activated: the page's own code is its push handler, so a library
        // that waits for activation, or posts to the active worker, goes on.
        var Worker = interfaceObject('ServiceWorker', true, !window.ServiceWorker || options.replace);
        getters(Worker.prototype, ['scriptURL', 'state']);
        method(Worker.prototype, 'postMessage', 1, function () {});
        var worker = instance(Worker.prototype, slots, { scriptURL: '', state: 'activated' }, true);

        var Registration = interfaceObject('ServiceWorkerRegistration', true, !window.ServiceWorkerRegistration || options.replace);
        var registrationProto = Registration.prototype;
        getters(registrationProto, ['pushManager', 'scope', 'active', 'installing', 'waiting', 'updateViaCache']);
        method(registrationProto, 'update', 0, function () { return PromiseType.resolve(this); });
        method(registrationProto, 'unregister', 0, function () { return PromiseType.resolve(false); });
        method(registrationProto, 'getNotifications', 0, function () { return PromiseType.resolve([]); });
        method(registrationProto, 'showNotification', 1, function () {
            return PromiseType.reject(domError('NotSupportedError', 'Notifications are shown by the app.'));
        });
        var registrationSlot = {
            pushManager: pushManager, scope: location.origin + '/', active: worker, installing: null, waiting: null,
            updateViaCache: 'imports'
        };
        var registration = instance(registrationProto, slots, registrationSlot, true);
        // `onpush`, as an event handler attribute: the listener is added when first set.
        var onpush = null;
        defineProperty(registration, 'onpush', {
            get: function () { return onpush; },
            set: function (value) { onpush = typeof value === 'function' ? value : null; },
            enumerable: true, configurable: true
        });
        addListener.call(registration, 'push', function (event) {
            if (onpush) { onpush.call(registration, event); }
        });

        var Container = interfaceObject('ServiceWorkerContainer', true, !window.ServiceWorkerContainer || options.replace);
        var containerProto = Container.prototype;
        getters(containerProto, ['controller', 'ready']);
        method(containerProto, 'register', 1, function (scriptURL) {
            try { slots.get(worker).scriptURL = new URLType(StringType(scriptURL), location.href).href; } catch (error) {}
            return PromiseType.resolve(registration);
        });
        method(containerProto, 'getRegistration', 0, function () { return PromiseType.resolve(registration); });
        method(containerProto, 'getRegistrations', 0, function () { return PromiseType.resolve([registration]); });
        method(containerProto, 'startMessages', 0, function () {});
        var container = instance(containerProto, slots, { controller: null, ready: PromiseType.resolve(registration) }, true);
        defineProperty(navigator, 'serviceWorker', {
            get: function () { return container; }, enumerable: true, configurable: true
        });

        // MARK: The push event

        function messageData(bytes) {
            return freeze({
                arrayBuffer: function () { return bytes.slice(0).buffer; },
                bytes: function () { return bytes.slice(0); },
                blob: function () { return new BlobType([bytes.slice(0)]); },
                text: function () { return new TextDecoderType().decode(bytes); },
                json: function () { return parse(new TextDecoderType().decode(bytes)); }
            });
        }

        onNativePush.push(function (push) {
            // A message for another origin's subscription is not this page's.
            if (typeof push.origin === 'string' && push.origin !== location.origin) { return; }
            var data = null;
            if (typeof push.payload === 'string') { data = messageData(decode(push.payload, false)); }
            var event = new EventType('push');
            defineProperty(event, 'data', { value: data, enumerable: true });
            // As in a service worker's ExtendableEvent: what it waits for is accepted, and nothing waits.
            defineProperty(event, 'waitUntil', { value: withLength(function () {}, 1) });
            dispatch.call(registration, event);
        });
    }

    if (config.webPush && tracks('notifications')) { installPush(config.webPush); }
