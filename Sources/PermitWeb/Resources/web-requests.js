    // The page's own requests, answered from native state and asked through the app's policy:
    // navigator.geolocation, getUserMedia and Notification. BridgeScript inserts this file after
    // web-permissions.js, inside bridge.js's closure, whose helpers (webState, ensurePermission, adopt, ...) it
    // uses. A kind the app does not track is left to the engine, untouched.

    // MARK: - navigator.geolocation

    var geolocationSlots = new WeakMapType();
    var watches = {};
    var nextWatch = 0;
    // Whether the native side streams fixes to this document (watchLocation called, not cleared since), and the
    // last fix it delivered: a watch that joins a running stream starts with it.
    var nativeWatch = false;
    var lastFix = null;

    function interfaceProto(name, keys) {
        var Interface = window[name];
        if (typeof Interface !== 'function' || !Interface.prototype) { return null; }
        adopt(Interface.prototype, geolocationSlots, keys);
        return Interface.prototype;
    }

    function installGeolocation() {
        var Geolocation = window.Geolocation;
        if (typeof Geolocation !== 'function' || !navigator.geolocation) { return; }
        var geolocation = navigator.geolocation;
        var positionProto = interfaceProto('GeolocationPosition', ['coords', 'timestamp']);
        var coordinateKeys = ['accuracy', 'altitude', 'altitudeAccuracy', 'heading', 'latitude', 'longitude', 'speed'];
        var coordinatesProto = interfaceProto('GeolocationCoordinates', coordinateKeys);
        var errorProto = interfaceProto('GeolocationPositionError', ['code', 'message']);
        var toJSONs = [[positionProto, function (slot) {
            return { coords: geolocationSlots.get(slot.coords).json(), timestamp: slot.timestamp };
        }], [coordinatesProto, function (slot) { return slot.json(); }]];
        toJSONs.forEach(function (pair) {
            var proto = pair[0];
            if (!proto) { return; }
            var original = proto.toJSON;
            defineProperty(proto, 'toJSON', {
                value: {
                    toJSON: function () {
                        var slot = geolocationSlots.get(this);
                        if (slot) { return pair[1](slot); }
                        return original.call(this);
                    }
                }.toJSON,
                writable: true, enumerable: true, configurable: true
            });
        });

        function position(fix) {
            var coords = { accuracy: fix.accuracy, altitude: null, altitudeAccuracy: null, heading: null,
                           latitude: fix.latitude, longitude: fix.longitude, speed: null };
            coords.json = function () {
                var copy = {};
                coordinateKeys.forEach(function (key) { copy[key] = coords[key]; });
                return copy;
            };
            var coordsObject = coordinatesProto ? instance(coordinatesProto, geolocationSlots, coords, false) : freeze(coords);
            var slot = { coords: coordsObject, timestamp: fix.timestamp };
            return positionProto ? instance(positionProto, geolocationSlots, slot, false) : freeze(slot);
        }

        var messages = { 1: 'User denied Geolocation', 2: 'Position update is unavailable', 3: 'Timeout expired' };
        function positionError(code, answer) {
            var slot = { code: code, message: withReason(messages[code], answer) };
            return errorProto ? instance(errorProto, geolocationSlots, slot, false) : freeze(slot);
        }

        function callbackArgument(value, required) {
            if (value === undefined || value === null) {
                if (required) { throw new TypeErrorType('The callback provided as parameter 1 is not a function.'); }
                return null;
            }
            if (typeof value !== 'function') { throw new TypeErrorType('The callback provided is not a function.'); }
            return value;
        }

        // PositionOptions, converted as WebIDL does: members in order, [Clamp] unsigned longs.
        function positionOptions(options) {
            if (options === undefined || options === null) { return { timeout: 4294967295 }; }
            if (typeof options !== 'object' && typeof options !== 'function') {
                throw new TypeErrorType("The provided value is not of type 'PositionOptions'.");
            }
            var highAccuracy = !!options.enableHighAccuracy;
            void options.maximumAge;
            var timeout = options.timeout;
            if (timeout === undefined) { return { timeout: 4294967295, highAccuracy: highAccuracy }; }
            var number = +timeout;
            number = number !== number ? 0 : Math.min(Math.max(Math.round(number), 0), 4294967295);
            return { timeout: number, highAccuracy: highAccuracy };
        }

        // `enableHighAccuracy` asks the native side for precise location (a temporary full-accuracy request
        // when the app has approximate location, through the app's policy) before the fix.
        function locationParams(request) {
            return request.highAccuracy ? { highAccuracy: true } : {};
        }

        function errorCode(error) {
            return error && error.code === 'permissionDenied' ? 1 : error && error.code === 'timeout' ? 3 : 2;
        }

        // Ends a watch: it hears nothing more. The native stream stops with the document's last watch.
        function endWatch(request) {
            request.cleared = true;
            if (request.timer) { clearTimeout(request.timer); request.timer = null; }
            if (request.id) { delete watches[request.id]; }
            if (nativeWatch && keys(watches).length === 0) {
                nativeWatch = false;
                lastFix = null;
                call('clearLocationWatch', {}).then(null, function () {});
            }
        }

        function deliver(request, fix) {
            if (request.timer) { clearTimeout(request.timer); request.timer = null; }
            callBack(request.success, position(fix));
        }

        // A usable watch follows the native stream: started for the first watch (and asked again for one
        // that wants high accuracy), joined by the others, which start with its last fix. Its timeout bounds
        // the wait for its first fix; TIMEOUT does not end it.
        function follow(request) {
            if (request.timeout < 4294967295 && !request.timer) {
                request.timer = setTimer(function () {
                    request.timer = null;
                    if (!request.cleared) { callBack(request.error, positionError(3)); }
                }, request.timeout);
            }
            if (nativeWatch && lastFix) { deliver(request, lastFix); }
            if (nativeWatch && !request.highAccuracy) { return; }
            nativeWatch = true;
            call('watchLocation', locationParams(request)).then(null, function (error) {
                if (request.cleared) { return; }
                var code = errorCode(error);
                if (code === 1) { endWatch(request); }
                callBack(request.error, positionError(code));
            });
        }

        // The native stream's fixes reach every usable watch; its failure reaches each of them, and
        // PERMISSION_DENIED ends them. A push that comes after the last watch ended changes nothing.
        onNativeLocation.push(function (update) {
            if (!nativeWatch) { return; }
            var followers = keys(watches).map(function (id) { return watches[id]; }).filter(function (request) {
                return request.usable && !request.asking && !request.cleared;
            });
            if (update.fix && typeof update.fix === 'object') {
                lastFix = update.fix;
                followers.forEach(function (request) { if (!request.cleared) { deliver(request, update.fix); } });
                return;
            }
            // The stream ended: the next watch, or a permission change, starts it again.
            nativeWatch = false;
            lastFix = null;
            var code = errorCode(update.error);
            followers.forEach(function (request) {
                if (request.cleared) { return; }
                if (code === 1) { endWatch(request); }
                callBack(request.error, positionError(code));
            });
        });

        // One position request: a watch's (with an `id`) or a single one, which ends once it has called back;
        // the person's when `gesture` (from gestureFor) is given. The gesture key is passed as an argument,
        // never kept on `request`, which page-visible objects hold.
        function locate(request, gesture) {
            request.asking = true;
            ensurePermission('location', gesture).then(function (answer) {
                var usable = answer.status === 'granted';
                request.asking = false;
                if (request.cleared) { return; }
                request.usable = usable;
                if (!usable) {
                    endWatch(request);
                    callBack(request.error, positionError(1, answer));
                    return;
                }
                if (request.id) {
                    follow(request);
                    return;
                }
                var answered = false;
                var timer = request.timeout < 4294967295 ? setTimer(function () {
                    if (answered || request.cleared) { return; }
                    answered = true;
                    request.cleared = true;
                    callBack(request.error, positionError(3));
                }, request.timeout) : null;
                call('getCurrentLocation', locationParams(request)).then(function (fix) {
                    if (answered || request.cleared) { return; }
                    answered = true;
                    if (timer !== null) { clearTimeout(timer); }
                    request.cleared = true;
                    callBack(request.success, position(fix));
                }, function (error) {
                    if (answered || request.cleared) { return; }
                    answered = true;
                    request.cleared = true;
                    callBack(request.error, positionError(errorCode(error)));
                });
            });
        }

        var methods = {
            getCurrentPosition: function (successCallback, errorCallback, options) {
                if (this !== geolocation) { throw new TypeErrorType('Illegal invocation'); }
                var request = { success: callbackArgument(successCallback, true), error: callbackArgument(errorCallback, false) };
                assign(request, positionOptions(options));
                locate(request, gestureFor('location'));
            },
            watchPosition: function (successCallback, errorCallback, options) {
                if (this !== geolocation) { throw new TypeErrorType('Illegal invocation'); }
                var request = { success: callbackArgument(successCallback, true), error: callbackArgument(errorCallback, false) };
                assign(request, positionOptions(options));
                var gesture = gestureFor('location');
                nextWatch += 1;
                request.id = nextWatch;
                request.usable = state.statuses.location === 'granted';
                watches[request.id] = request;
                locate(request, gesture);
                return request.id;
            },
            clearWatch: function (watchId) {
                if (this !== geolocation) { throw new TypeErrorType('Illegal invocation'); }
                var id = (+watchId) | 0;
                if (hasOwn.call(watches, id)) { endWatch(watches[id]); }
            }
        };
        keys(methods).forEach(function (key) {
            defineProperty(Geolocation.prototype, key, {
                value: withLength(methods[key], 1), writable: true, enumerable: true, configurable: true
            });
        });

        // A watch hears of every change of the location permission: it follows the fixes again when it
        // becomes usable, and gets PERMISSION_DENIED (which ends the watch) when it stops being usable.
        onNativeChange.push(function () {
            var usable = secure && state.statuses.location === 'granted';
            keys(watches).forEach(function (id) {
                var request = watches[id];
                if (request.asking || request.usable === usable) { return; }
                request.usable = usable;
                if (usable) {
                    locate(request);
                } else {
                    endWatch(request);
                    callBack(request.error, positionError(1));
                }
            });
        });
    }

    // MARK: - getUserMedia

    function installUserMedia() {
        var MediaDevices = window.MediaDevices;
        if (typeof MediaDevices !== 'function' || !MediaDevices.prototype) { return; }
        var original = MediaDevices.prototype.getUserMedia;
        if (typeof original !== 'function') { return; }
        var method = {
            getUserMedia: function (constraints) {
                var self = this;
                try {
                    // MediaStreamConstraints, converted as WebIDL does: `audio`, then `video`.
                    var given = constraints === undefined || constraints === null ? {} : constraints;
                    if (typeof given !== 'object' && typeof given !== 'function') {
                        throw new TypeErrorType("The provided value is not of type 'MediaStreamConstraints'.");
                    }
                    var converted = { audio: given.audio === undefined ? false : given.audio,
                                      video: given.video === undefined ? false : given.video };
                    var wanted = [];
                    if (converted.video && tracks('camera')) { wanted.push('camera'); }
                    if (converted.audio && tracks('microphone')) { wanted.push('microphone'); }
                    // One gesture covers the call, taken when one of its kinds will ask: camera and microphone may
                    // each prompt.
                    var asks = false;
                    for (var index = 0; index < wanted.length; index += 1) {
                        var status = state.statuses[wanted[index]];
                        asks = asks || status === 'notDetermined' || status === 'denied';
                    }
                    var gesture = asks ? takeGesture() : undefined;
                    var checks = PromiseType.resolve(null);
                    wanted.forEach(function (kind) {
                        checks = checks.then(function (refusal) {
                            if (refusal) { return refusal; }
                            return ensurePermission(kind, gesture).then(function (answer) {
                                return answer.status === 'granted' ? null : answer;
                            });
                        });
                    });
                    return checks.then(function (refusal) {
                        if (refusal) { throw new DOMExceptionType(withReason('Permission denied', refusal), 'NotAllowedError'); }
                        return original.call(self, converted);
                    });
                } catch (error) {
                    return PromiseType.reject(error);
                }
            }
        }.getUserMedia;
        defineProperty(MediaDevices.prototype, 'getUserMedia', {
            value: withLength(method, 0), writable: true, enumerable: true, configurable: true
        });
    }

    // MARK: - Notification

    function installNotification() {
        var Notification = window.Notification;
        if (typeof Notification !== 'function') {
            // WKWebView has no Notification: provide the interface; notifications are the app's to show.
            Notification = function Notification() {
                throw new TypeErrorType("Failed to construct 'Notification': notifications are shown by the app.");
            };
            Notification.prototype = create(EventTargetType.prototype, {
                constructor: { value: Notification, writable: true, configurable: true }
            });
            Object.setPrototypeOf(Notification, EventTargetType);
            defineProperty(window, 'Notification', { value: Notification, writable: true, configurable: true });
        }
        function permission() {
            var status = state.statuses.notifications;
            if (!secure || status === 'denied' || status === 'restricted') { return 'denied'; }
            return status === 'granted' ? 'granted' : 'default';
        }
        // The engine's own shape: an accessor in Chromium, a read-only data property in WebKit, which is
        // then redefined with the new value after every native change.
        var own = getOwnDescriptor(Notification, 'permission');
        if (own && 'value' in own) {
            var follow = function () {
                defineProperty(Notification, 'permission', {
                    value: permission(), writable: own.writable, enumerable: own.enumerable, configurable: true
                });
            };
            follow();
            onNativeChange.push(follow);
        } else {
            defineProperty(Notification, 'permission', {
                get: getOwnDescriptor({ get permission() { return permission(); } }, 'permission').get,
                enumerable: true, configurable: true
            });
        }
        defineProperty(Notification, 'requestPermission', {
            value: withLength({
                requestPermission: function (deprecatedCallback) {
                    var callback = deprecatedCallback === undefined || deprecatedCallback === null ? null : deprecatedCallback;
                    if (callback !== null && typeof callback !== 'function') {
                        return PromiseType.reject(new TypeErrorType('The callback provided as parameter 1 is not a function.'));
                    }
                    return ensurePermission('notifications', gestureFor('notifications')).then(function () {
                        var result = permission();
                        callBack(callback, result);
                        return result;
                    });
                }
            }.requestPermission, 0),
            writable: true, enumerable: true, configurable: true
        });
    }

    if (config.answersRequests && trusted) {
        if (tracks('location')) { installGeolocation(); }
        if (tracks('camera') || tracks('microphone')) { installUserMedia(); }
        if (tracks('notifications')) { installNotification(); }
    }
