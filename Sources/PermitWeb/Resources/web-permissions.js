    // The web platform's permission APIs, answered from native state: the helpers they share, and
    // navigator.permissions.query (W3C Permissions). BridgeScript inserts this file, then web-requests.js, into
    // bridge.js's closure, where `config`, `state`, `trusted`, `call`, `onNativeChange` and the captured
    // built-ins are in scope. A name the app does not track is left to the engine, untouched.
    var secure = window.isSecureContext === true;
    var ReflectType = Reflect, ProxyType = Proxy, WeakMapType = WeakMap, DOMExceptionType = DOMException;
    var getOwnDescriptor = Object.getOwnPropertyDescriptor, create = Object.create;
    var addListener = EventTargetType.prototype.addEventListener;
    var removeListener = EventTargetType.prototype.removeEventListener;
    var dispatch = EventTargetType.prototype.dispatchEvent;
    var preventDefault = EventType.prototype.preventDefault;
    var report = typeof window.reportError === 'function' ? window.reportError.bind(window)
        : function (error) { setTimer(function () { throw error; }, 0); };
    var kindOfName = { geolocation: 'location', camera: 'camera', microphone: 'microphone',
                       notifications: 'notifications', push: 'notifications' };

    function tracks(kind) { return trusted && hasOwn.call(config.statuses, kind); }

    // A permission's state as the Permissions spec names it; a non-secure context is always "denied".
    function webState(kind) {
        var status = state.statuses[kind];
        if (!secure || status === 'denied' || status === 'restricted') { return 'denied'; }
        return status === 'granted' ? 'granted' : 'prompt';
    }

    // The answer for `kind`, {status, asked, reason, next, settingsOffer}, as the bridge's detailed answer has it: asked through
    // the app's policy (primer, one system prompt) when the kind was never asked, or when the person's `gesture`
    // (from takeGesture()) meets a denial, for the app to offer Settings; read from the page's statuses
    // otherwise. A non-secure context never asks.
    function ensurePermission(kind, gesture) {
        var status = state.statuses[kind];
        if (!secure) { return PromiseType.resolve(answerOf('denied', 'insecure')); }
        if (status === 'notDetermined' || (status === 'denied' && gesture !== undefined)) {
            return requestKind(kind, gesture, true).then(null, function () {
                return answerOf(state.statuses[kind], 'unavailable');
            });
        }
        return PromiseType.resolve(answerOf(status, null));
    }

    // An answer read from a status, with no request: why it is not usable, and what the person can do.
    function answerOf(status, reason) {
        var why = reason || (status === 'denied' || status === 'restricted' ? status : null);
        return {
            status: status, asked: false, reason: why, next: why === 'denied' ? 'openSettings' : 'none',
            settingsOffer: null
        };
    }

    var reasonTexts = {
        denied: 'turned off for this app; it can be turned on in Settings',
        restricted: 'restricted on this device',
        cooldown: 'the app showed another prompt a moment ago; try again later',
        budget: 'the app has asked enough for now; try again later',
        startup: 'the app is still starting up; try again later',
        undeclared: 'the app does not use this permission',
        unavailable: 'not available on this device',
        alreadyAsked: 'asked before; it can be changed in Settings',
        insecure: 'the page is not a secure context'
    };

    var offerTexts = {
        openSettings: 'the person chose to open Settings',
        notNow: 'the person chose not to open Settings now'
    };

    // A standard error's message: its usual text, then the reason from `answer`, such as
    // "Permission denied (cooldown: the app showed another prompt a moment ago; try again later)", and the
    // person's choice when the app offered Settings.
    function withReason(text, answer) {
        var reason = answer && answer.reason;
        if (typeof reason !== 'string') { return text; }
        var offer = answer.settingsOffer;
        return text + ' (' + reason + (hasOwn.call(reasonTexts, reason) ? ': ' + reasonTexts[reason] : '')
            + (typeof offer === 'string' && hasOwn.call(offerTexts, offer) ? '; ' + offerTexts[offer] : '') + ')';
    }

    function callBack(callback, value) {
        if (typeof callback !== 'function') { return; }
        try { callback.call(undefined, value); } catch (error) { report(error); }
    }

    // Replaces the accessors `names` of an interface's prototype: Permit's own objects (in `slots`) read their
    // slot, every other object the engine's own accessor.
    function adopt(proto, slots, names) {
        names.forEach(function (key) {
            var original = getOwnDescriptor(proto, key);
            var holder = {};
            defineProperty(holder, key, {
                get: function () {
                    var slot = slots.get(this);
                    if (slot) { return slot[key]; }
                    if (original && original.get) { return original.get.call(this); }
                    throw new TypeErrorType('Illegal invocation');
                },
                enumerable: true, configurable: true
            });
            var made = getOwnDescriptor(holder, key);
            defineProperty(made.get, 'name', { value: 'get ' + key });
            if (original && original.set) { made.set = original.set; }
            defineProperty(proto, key, made);
        });
    }

    // `fn` with the `length` WebIDL gives the operation: its number of required arguments.
    function withLength(fn, length) {
        defineProperty(fn, 'length', { value: length, configurable: true });
        return fn;
    }

    // An object whose prototype is `proto` (an EventTarget when `eventTarget`), recorded in `slots`.
    function instance(proto, slots, slot, eventTarget) {
        var object;
        if (eventTarget) {
            var Maker = function () {};
            Maker.prototype = proto;
            object = ReflectType.construct(EventTargetType, [], Maker);
        } else {
            object = create(proto);
        }
        slots.set(object, slot);
        return object;
    }

    // MARK: - navigator.permissions

    var statusSlots = new WeakMapType();
    // Every status handed out: each gets a change event when its state changes. A status with a change
    // listener must outlive the page's references to it (Permissions spec, "Garbage collection").
    var liveStatuses = [];

    function statusPrototype() {
        if (typeof window.PermissionStatus === 'function' && window.PermissionStatus.prototype) {
            return window.PermissionStatus.prototype;
        }
        // An engine without PermissionStatus: provide the interface, not constructible, as WebIDL defines it.
        var Interface = function PermissionStatus() { throw new TypeErrorType('Illegal constructor'); };
        Interface.prototype = create(EventTargetType.prototype, {
            constructor: { value: Interface, writable: true, configurable: true }
        });
        Object.setPrototypeOf(Interface, EventTargetType);
        defineProperty(window, 'PermissionStatus', { value: Interface, writable: true, configurable: true });
        return Interface.prototype;
    }

    function installQuery() {
        var proto = statusPrototype();
        adopt(proto, statusSlots, ['name', 'state']);
        var original = getOwnDescriptor(proto, 'onchange');
        // `onchange` is an event handler IDL attribute: its listener is added when it is first set to an
        // object, at that position among the listeners, and removed when it is set to null.
        var accessors = {
            get onchange() {
                var slot = statusSlots.get(this);
                if (slot) { return slot.handler; }
                if (original && original.get) { return original.get.call(this); }
                throw new TypeErrorType('Illegal invocation');
            },
            set onchange(value) {
                var slot = statusSlots.get(this);
                if (!slot) {
                    if (original && original.set) { return original.set.call(this, value); }
                    throw new TypeErrorType('Illegal invocation');
                }
                var handler = value !== null && (typeof value === 'object' || typeof value === 'function') ? value : null;
                slot.handler = handler;
                if (handler === null && slot.listener) {
                    removeListener.call(this, 'change', slot.listener);
                    slot.listener = null;
                } else if (handler !== null && !slot.listener) {
                    slot.listener = function (event) {
                        var current = slot.handler;
                        if (typeof current !== 'function') { return; }
                        if (current.call(event.currentTarget, event) === false) { preventDefault.call(event); }
                    };
                    addListener.call(this, 'change', slot.listener);
                }
            }
        };
        defineProperty(proto, 'onchange', assign(getOwnDescriptor(accessors, 'onchange'), {
            enumerable: true, configurable: true
        }));

        function makeStatus(name, kind) {
            var status = instance(proto, statusSlots, {
                name: name, kind: kind, state: webState(kind), handler: null, listener: null
            }, true);
            liveStatuses.push(status);
            return status;
        }

        onNativeChange.push(function () {
            liveStatuses.forEach(function (status) {
                var slot = statusSlots.get(status);
                var next = webState(slot.kind);
                if (next === slot.state) { return; }
                slot.state = next;
                // A listener that throws is reported by dispatchEvent and stops nothing.
                dispatch.call(status, new EventType('change'));
            });
        });

        var Permissions = window.Permissions;
        var permissions = navigator.permissions;
        var originalQuery = Permissions && Permissions.prototype && typeof Permissions.prototype.query === 'function'
            ? Permissions.prototype.query : null;

        function unknownName(name) {
            return new TypeErrorType("Failed to execute 'query' on 'Permissions': The provided value '" + name
                + "' is not a valid enum value of type PermissionName.");
        }

        // WebIDL's conversion of a DOMString: a symbol throws.
        function toText(value) {
            if (typeof value === 'symbol') { throw new TypeErrorType('Cannot convert a Symbol value to a string'); }
            return StringType(value);
        }

        // `query(permissionDesc)`: the descriptor is converted as WebIDL converts a dictionary, once as a
        // PermissionDescriptor and once as the name's own descriptor type, so `name` is read twice in all,
        // however the call is answered.
        var query = {
            query: function (permissionDesc) {
                var self = this;
                // Called on another object: the engine's own answer (a TypeError), before any read.
                if (self !== permissions && originalQuery) { return originalQuery.call(self, permissionDesc); }
                try {
                    if (permissionDesc === null || (typeof permissionDesc !== 'object' && typeof permissionDesc !== 'function')) {
                        throw new TypeErrorType("Failed to execute 'query' on 'Permissions': parameter 1 is not of type 'object'.");
                    }
                    var raw = permissionDesc.name;
                    if (raw === undefined) {
                        throw new TypeErrorType("Failed to execute 'query' on 'Permissions': Failed to read the 'name' property from 'PermissionDescriptor': Required member is undefined.");
                    }
                    var name = toText(raw);
                    var kind = hasOwn.call(kindOfName, name) ? kindOfName[name] : null;
                    if (!kind || !tracks(kind)) {
                        if (!originalQuery) { throw unknownName(name); }
                        // The engine converts the descriptor itself: its first read of `name` is the one made
                        // above, so that the page sees the reads the engine alone would make.
                        var handedOver = false;
                        var passed = new ProxyType(permissionDesc, {
                            get: function (target, key) {
                                if (key === 'name' && !handedOver) { handedOver = true; return name; }
                                return ReflectType.get(target, key);
                            }
                        });
                        return originalQuery.call(self, passed);
                    }
                    // The name's own descriptor type: its inherited `name`, then its members, in order.
                    var typedName = toText(permissionDesc.name);
                    var extra = {};
                    if (typedName === 'camera') { extra.panTiltZoom = !!permissionDesc.panTiltZoom; }
                    if (typedName === 'push') { extra.userVisibleOnly = !!permissionDesc.userVisibleOnly; }
                    var typedKind = hasOwn.call(kindOfName, typedName) ? kindOfName[typedName] : null;
                    // Pan-tilt-zoom and push without user-visible messages are not permissions the app holds.
                    if (!typedKind || !tracks(typedKind) || extra.panTiltZoom === true || extra.userVisibleOnly === false) {
                        if (!originalQuery) { throw unknownName(typedName); }
                        return originalQuery.call(self, assign({ name: typedName }, extra));
                    }
                    return PromiseType.resolve(makeStatus(typedName, typedKind));
                } catch (error) {
                    return PromiseType.reject(error);
                }
            }
        }.query;

        if (originalQuery) {
            defineProperty(Permissions.prototype, 'query', {
                value: query, writable: true, enumerable: true, configurable: true
            });
        } else {
            var fallback = freeze({ query: function (descriptor) { return query.call(fallback, descriptor); } });
            permissions = fallback;
            defineProperty(navigator, 'permissions', { value: fallback, enumerable: true, configurable: true });
        }
    }

    if (config.answersQuery && trusted) { installQuery(); }
