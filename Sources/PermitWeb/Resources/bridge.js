// Permit's web bridge. Installed by BridgeRouter as a document-start script, so it runs before any of the
// page's own scripts. The native side fills in __PERMIT_CONFIG__ with JSON: the names, the statuses at
// install time, and the message handler to post to. Nothing else in this file comes from native code.
(function (config) {
    'use strict';
    var handlers = window.webkit && window.webkit.messageHandlers;
    var handler = handlers && handlers[config.handler];
    if (!handler || typeof handler.postMessage !== 'function') { return; }
    var receiverKey = Symbol.for('permit.bridge.' + config.handler);
    if (Object.prototype.hasOwnProperty.call(window, receiverKey)) { return; }  // installed once per document
    var post = handler.postMessage.bind(handler);
    var isMainFrame = window.top === window;

    // Statuses are shown to the main frame only; an iframe sees an empty object and every call it makes is
    // refused by the native side.
    var state = {
        statuses: Object.freeze(isMainFrame ? Object.assign({}, config.statuses) : {}),
        details: Object.freeze(isMainFrame ? Object.assign({}, config.details) : {})
    };
    var ready = false;
    var queue = [];
    var nextID = 0;

    function BridgeError(code, message) {
        var error = new Error(message);
        error.name = 'BridgeError';
        error.code = code;
        return Object.freeze(error);
    }

    function send(message, resolve, reject) {
        var reply;
        try {
            reply = post(JSON.stringify(message));
        } catch (error) {
            reject(BridgeError('unavailable', 'the native bridge is unavailable'));
            return;
        }
        Promise.resolve(reply).then(function (text) {
            var answer;
            try { answer = JSON.parse(text); } catch (error) {
                reject(BridgeError('malformed', 'the native reply is not JSON'));
                return;
            }
            if (answer && answer.error) {
                reject(BridgeError(String(answer.error.code), String(answer.error.message)));
            } else {
                resolve(answer ? answer.result : undefined);
            }
        }, function () {
            reject(BridgeError('unavailable', 'the native bridge did not answer'));
        });
    }

    function call(method, params) {
        return new Promise(function (resolve, reject) {
            nextID += 1;
            var message = { v: 1, id: nextID, method: method, params: params || {} };
            if (ready || method === 'hello') {
                send(message, resolve, reject);
            } else {
                queue.push([message, resolve, reject]);
            }
        });
    }

    // MARK: - Native changes

    var statusObjects = {};

    function apply(update) {
        if (!isMainFrame || !update || typeof update.statuses !== 'object') { return; }
        var previous = state.statuses;
        state = {
            statuses: Object.freeze(Object.assign({}, update.statuses)),
            details: Object.freeze(Object.assign({}, update.details || {}))
        };
        var changed = Object.keys(state.statuses).some(function (kind) {
            return previous[kind] !== state.statuses[kind];
        }) || Object.keys(previous).length !== Object.keys(state.statuses).length;
        if (!changed) { return; }
        window.dispatchEvent(new CustomEvent(config.updateEvent, { detail: state.statuses }));
        Object.keys(statusObjects).forEach(function (name) { statusObjects[name]._refresh(); });
    }

    Object.defineProperty(window, receiverKey, {
        value: function (update) { apply(update); },
        writable: false, configurable: false, enumerable: false
    });

    // MARK: - The page API

    var haptics = ['light', 'medium', 'heavy'];
    var bridge = Object.freeze({
        isPermissionGranted: function (type) {
            return state.statuses[type] === 'granted';
        },
        requestPermission: function (type) {
            return call('requestPermission', { type: String(type) });
        },
        getCurrentLocation: function () {
            return call('getCurrentLocation', {});
        },
        hapticFeedback: function (style) {
            var chosen = style === undefined ? 'medium' : String(style);
            if (haptics.indexOf(chosen) < 0) {
                return Promise.reject(BridgeError('invalidParams', 'style is light, medium or heavy'));
            }
            return call('hapticFeedback', { style: chosen });
        },
        getPermissions: function () {
            return call('getPermissions', {}).then(function (update) {
                apply(update);
                return state.statuses;
            });
        }
    });

    Object.defineProperty(window, config.bridgeObject, {
        value: bridge, writable: false, configurable: false, enumerable: true
    });
    Object.defineProperty(window, config.permissionsObject, {
        get: function () { return state.statuses; }, configurable: false, enumerable: true
    });

    // MARK: - navigator.permissions

    if (config.answersQuery && isMainFrame) {
        var names = { geolocation: 'location', camera: 'camera', microphone: 'microphone',
                      notifications: 'notifications', push: 'notifications' };

        function webState(kind) {
            var status = state.statuses[kind];
            if (status === 'granted') { return 'granted'; }
            if (status === 'denied' || status === 'restricted') { return 'denied'; }
            return 'prompt';
        }

        function makeStatus(name) {
            var target = new EventTarget();
            var current = webState(names[name]);
            var onchange = null;
            var status = Object.create(target, {
                name: { get: function () { return name; }, enumerable: true },
                state: { get: function () { return current; }, enumerable: true },
                onchange: {
                    get: function () { return onchange; },
                    set: function (handler) { onchange = typeof handler === 'function' ? handler : null; },
                    enumerable: true
                },
                addEventListener: { value: target.addEventListener.bind(target) },
                removeEventListener: { value: target.removeEventListener.bind(target) },
                dispatchEvent: { value: target.dispatchEvent.bind(target) },
                _refresh: {
                    value: function () {
                        var next = webState(names[name]);
                        if (next === current) { return; }
                        current = next;
                        var event = new Event('change');
                        target.dispatchEvent(event);
                        if (onchange) { onchange.call(status, event); }
                    }
                }
            });
            return Object.seal(status);
        }

        var query = function (descriptor) {
            var name = descriptor && typeof descriptor === 'object' ? descriptor.name : undefined;
            if (!Object.prototype.hasOwnProperty.call(names, name)) {
                return Promise.reject(new TypeError(
                    "Failed to execute 'query' on 'Permissions': '" + String(name) +
                    "' is not a valid value for enumeration PermissionName."));
            }
            if (!statusObjects[name]) { statusObjects[name] = makeStatus(name); }
            return Promise.resolve(statusObjects[name]);
        };
        var permissions = navigator.permissions;
        if (permissions) {
            Object.defineProperty(permissions, 'query', {
                value: query, writable: false, configurable: false, enumerable: true
            });
        } else {
            Object.defineProperty(navigator, 'permissions', {
                value: Object.freeze({ query: query }), writable: false, configurable: false, enumerable: true
            });
        }
    }

    // MARK: - Handshake

    call('hello', {}).then(function (update) {
        apply(update);
    }, function () {
        // Refused (an iframe, a foreign origin): calls made from here are answered with the same error.
    }).then(function () {
        ready = true;
        var pending = queue;
        queue = [];
        pending.forEach(function (entry) { send(entry[0], entry[1], entry[2]); });
    });
})(__PERMIT_CONFIG__);
