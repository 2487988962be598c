// Permit's web bridge. Installed by WebBridge as a document-start script, so it runs before any of the
// page's own scripts. The native side passes one JSON object as the argument of the call at the end: the
// names, the allowed origins, the statuses at install time, the handler to post to and a secret nonce.
// After a change, a small native document-start script that runs after this one passes the new statuses to
// the receiver below, as a push to a loaded page does.
// web-permissions.js, web-requests.js and web-push.js are inserted where the marker below stands, inside this
// closure.
// Nothing else in this file comes from native code.
(function (config) {
    'use strict';
    // Built-ins are taken now, before any page script can replace them.
    var parse = JSON.parse, stringify = JSON.stringify, PromiseType = Promise, freeze = Object.freeze;
    var assign = Object.assign, keys = Object.keys, defineProperty = Object.defineProperty;
    var hasOwn = Object.prototype.hasOwnProperty, ErrorType = Error, TypeErrorType = TypeError;
    var EventType = Event, CustomEventType = CustomEvent, EventTargetType = EventTarget, StringType = String;
    var setTimer = setTimeout, createObject = Object.create;
    var handlers = window.webkit && window.webkit.messageHandlers;
    var handler = handlers && handlers[config.handler];
    if (!handler || typeof handler.postMessage !== 'function') { return; }
    if (hasOwn.call(window, config.receiver)) { return; }  // installed once per document
    var post = handler.postMessage.bind(handler);
    var isMainFrame = window.top === window;
    // Statuses are shown only to the main frame of an allowed origin; any other document sees an empty
    // object, gets no updates, and every call it makes is refused by the native side.
    var trusted = isMainFrame && config.origins.indexOf(location.origin) >= 0;

    var state = {
        statuses: freeze(trusted ? assign({}, config.statuses) : {}),
        details: freeze(trusted ? assign({}, config.details) : {})
    };
    var ready = false;
    // The calls made before the handshake, by id: a null-prototype object, so that no page-defined accessor
    // or array method sees them (a call may carry the gesture key).
    var queue = createObject(null);
    var nextID = 0;

    // MARK: - The person's own gestures

    // A trusted input event that activates a page (HTML's activation-triggering events: a key but Escape, a
    // mouse button pressed, a touch or pen lifted) arms one gesture, as the web platform's transient activation
    // does. The next permission call that would ask, within the 5-second window, takes it and proves it to the
    // native side with the gesture key (a secret of its own, apart from the push nonce); it is then used up, so
    // one tap releases at most one call's prompts. Script the app evaluates raises no trusted event, so it
    // never arms one, whatever the engine's own user activation says. The key travels only in null-prototype
    // objects and arguments: no page-defined accessor, toJSON or array method ever sees it.
    var clock = window.performance, now = clock.now.bind(clock);
    var gestureAt = -Infinity;
    function noteGesture(event) {
        if (!event.isTrusted) { return; }
        if (event.type === 'keydown' && event.key === 'Escape') { return; }
        if (event.type === 'pointerdown' && event.pointerType !== 'mouse') { return; }
        if (event.type === 'pointerup' && event.pointerType === 'mouse') { return; }
        gestureAt = now();
    }
    if (trusted) {
        ['keydown', 'pointerdown', 'pointerup'].forEach(function (type) {
            EventTargetType.prototype.addEventListener.call(window, type, noteGesture, { capture: true, passive: true });
        });
    }
    // The gesture key when the person's gesture is still fresh (and uses it up), else undefined.
    function takeGesture() {
        if (now() - gestureAt > config.gestureWindow) { return undefined; }
        gestureAt = -Infinity;
        return config.gestureKey;
    }

    // The gesture for a call about `kind`, taken only when the call will ask the native side (never asked, or
    // denied: the app may offer Settings), so that a call answered from the page's statuses leaves it.
    function gestureFor(kind) {
        var status = state.statuses[kind];
        return status === 'notDetermined' || status === 'denied' ? takeGesture() : undefined;
    }

    // Asks for `kind` through the app's policy: the person's when `gesture` (from takeGesture()) is given.
    // With `detail`, the answer is {status, asked, reason, next, settingsOffer}; without, the status string.
    function requestKind(kind, gesture, detail) {
        var params = createObject(null);
        params.type = kind;
        if (gesture !== undefined) { params.gesture = gesture; }
        if (detail) { params.detail = true; }
        return call('requestPermission', params, gesture !== undefined);
    }

    function BridgeError(code, message) {
        var error = new ErrorType(message);
        error.name = 'BridgeError';
        error.code = code;
        return freeze(error);
    }

    // A reply's text: the result, or a BridgeError with the native side's code. One function for every call,
    // not a closure per call: the page's share of a round trip stays a microsecond or so.
    function answer(text) {
        var reply;
        try { reply = parse(text); } catch (error) {
            throw BridgeError('malformed', 'the native reply is not JSON');
        }
        if (reply && reply.error) {
            throw BridgeError(StringType(reply.error.code), StringType(reply.error.message));
        }
        return reply ? reply.result : undefined;
    }

    function unanswered() {
        throw BridgeError('unavailable', 'the native bridge did not answer');
    }

    function send(message) {
        var reply;
        try {
            reply = post(stringify(message));
        } catch (error) {
            return PromiseType.reject(BridgeError('unavailable', 'the native bridge is unavailable'));
        }
        return PromiseType.resolve(reply).then(answer, unanswered);
    }

    // `secret`: the params carry the gesture key, so the message is a null-prototype object, in which
    // JSON.stringify finds no page-defined toJSON to hand it to. Other calls keep the faster literal.
    function call(method, params, secret) {
        nextID += 1;
        var message;
        if (secret) {
            message = createObject(null);
            message.v = 1;
            message.id = nextID;
            message.method = method;
            message.params = params;
        } else {
            message = { v: 1, id: nextID, method: method, params: params || {} };
        }
        if (ready || method === 'hello') { return send(message); }
        return new PromiseType(function (resolve, reject) {
            queue[message.id] = [message, resolve, reject];
        });
    }

    // MARK: - Native changes

    // Run after every native change that the page can see, in order: the web platform's objects follow.
    var onNativeChange = [];
    // Run for a Web Push message the app received while the page is open (web-push.js).
    var onNativePush = [];
    // Run for each fix, or the failure, of the native location stream a watch started (web-requests.js).
    var onNativeLocation = [];

    // The person's return from Settings: the page's `settingsReturn` from document start, and one
    // `permitsettingsreturn` event after the load. The native side gives it both by a document-start script and
    // by a push to the loaded page, so a document may get it twice: it is dispatched once per id, and the
    // native side is told, so that later documents no longer get it.
    var settingsReturn = null;
    var dispatchedReturns = createObject(null);
    function receiveSettingsReturn(back) {
        if (typeof back.id !== 'string' || dispatchedReturns[back.id]) { return; }
        var value = freeze(assign({}, back));
        settingsReturn = value;
        function dispatch() {
            if (dispatchedReturns[value.id]) { return; }
            dispatchedReturns[value.id] = true;
            window.dispatchEvent(new CustomEventType('permitsettingsreturn', { detail: value }));
            call('settingsReturnSeen', { id: value.id }).then(null, function () {});
        }
        if (document.readyState === 'complete') {
            setTimer(dispatch, 0);
        } else {
            EventTargetType.prototype.addEventListener.call(window, 'load', dispatch, { once: true });
        }
    }

    // Calls each of `followers` with `value`; one that throws is reported, and stops none of the others.
    function runEach(followers, value) {
        followers.forEach(function (follow) {
            try { follow(value); } catch (error) { setTimer(function () { throw error; }, 0); }
        });
    }

    // The native pushes other than statuses, by their one key: `{push: {...}}` and so on.
    var nativeUpdates = {
        notificationSettings: function (settings) {
            window.dispatchEvent(new CustomEventType('permitnotificationsettingschange', { detail: freeze(assign({}, settings)) }));
        },
        settingsReturn: function (back) { receiveSettingsReturn(back); },
        push: function (message) { runEach(onNativePush, message); },
        location: function (location) { runEach(onNativeLocation, location); }
    };
    var nativeUpdateKeys = keys(nativeUpdates);

    function apply(update) {
        if (!trusted || !update) { return; }
        for (var index = 0; index < nativeUpdateKeys.length; index += 1) {
            var key = nativeUpdateKeys[index], value = update[key];
            if (value && typeof value === 'object') { nativeUpdates[key](value); return; }
        }
        if (typeof update.statuses !== 'object') { return; }
        var previous = state.statuses;
        state = {
            statuses: freeze(assign({}, update.statuses)),
            details: freeze(assign({}, update.details || {}))
        };
        var changed = keys(state.statuses).some(function (kind) {
            return previous[kind] !== state.statuses[kind];
        }) || keys(previous).length !== keys(state.statuses).length;
        if (!changed) { return; }
        // A listener that throws is reported by dispatchEvent and stops nothing.
        window.dispatchEvent(new CustomEventType(config.updateEvent, { detail: state.statuses }));
        runEach(onNativeChange);
    }

    // Native pushes come through here; without the install's nonce, a call does nothing.
    defineProperty(window, config.receiver, {
        value: function (nonce, update) { if (nonce === config.nonce) { apply(update); } },
        writable: false, configurable: false, enumerable: false
    });

    // MARK: - The page API

    var haptics = ['light', 'medium', 'heavy'];
    var bridge = freeze({
        isPermissionGranted: function (type) {
            return state.statuses[type] === 'granted';
        },
        requestPermission: function (type, options) {
            if (typeof type !== 'string') {
                return PromiseType.reject(BridgeError('invalidParams', 'type must be a string'));
            }
            // Anything but an object with `detail: true` (a callback a 1.0 page passes, say) asks for the status.
            var detail = options !== null && typeof options === 'object' && options.detail === true;
            return requestKind(type, gestureFor(type), detail);
        },
        getCurrentLocation: function () {
            return call('getCurrentLocation', {});
        },
        hapticFeedback: function (style) {
            var chosen = style === undefined ? 'medium' : style;
            if (haptics.indexOf(chosen) < 0) {
                return PromiseType.reject(BridgeError('invalidParams', 'style is light, medium or heavy'));
            }
            return call('hapticFeedback', { style: chosen });
        },
        // With an intent, {kind, feature, payload} (strings), the app records what the person was doing, and
        // the page gets it back in `settingsReturn` when they come back (after iOS terminated the app, often).
        openSettings: function (intent) {
            if (intent === undefined) { return call('openSettings', {}); }
            if (intent === null || typeof intent !== 'object' || typeof intent.kind !== 'string') {
                return PromiseType.reject(BridgeError('invalidParams', 'the intent is {kind, feature, payload}'));
            }
            var params = { kind: intent.kind };
            if (intent.feature !== undefined) { params.feature = intent.feature; }
            if (intent.payload !== undefined) { params.payload = intent.payload; }
            return call('openSettings', params);
        },
        get settingsReturn() {
            return settingsReturn;
        },
        // The person's notification settings beside the status, {status, alerts, alertStyle, sounds, badges,
        // lockScreen, notificationCenter, criticalAlerts, timeSensitive, scheduledSummary, silentOnly}, or null
        // when the app does not read them; `permitnotificationsettingschange` carries each change.
        getNotificationSettings: function () {
            return call('getNotificationSettings', {});
        },
        getPermissions: function () {
            return call('getPermissions', {}).then(function (update) {
                apply(update);
                return state.statuses;
            });
        }
    });

    defineProperty(window, config.bridgeObject, {
        value: bridge, writable: false, configurable: false, enumerable: true
    });
    defineProperty(window, config.permissionsObject, {
        get: function () { return state.statuses; }, configurable: false, enumerable: true
    });

    // MARK: - The web platform's permission APIs

    /*__PERMIT_WEB_PLATFORM__*/

    // MARK: - Handshake

    call('hello', {}).then(function (update) {
        apply(update);
    }, function () {
        // Refused (an iframe, a foreign origin): calls made from here are answered with the same error.
    }).then(function () {
        ready = true;
        var pending = queue, ids = keys(pending);
        queue = createObject(null);
        for (var index = 0; index < ids.length; index += 1) {
            var entry = pending[ids[index]];
            send(entry[0]).then(entry[1], entry[2]);
        }
    });
})(__PERMIT_CONFIG__);
