import Permit
import PermitSupport

/// The page-side half of the message transport: gives each document WebKit's
/// `window.webkit.messageHandlers[name].postMessage(text)`, returning a promise of the native reply, over one
/// DevTools binding that it hides from the page.
///
/// Replies come back through a hook that requires the web view's secret nonce, so page script cannot settle
/// its own pending promises with forged answers; the built-ins the shim uses are captured before the page
/// runs.
enum HostShim {
    /// What the shim posts on the binding for one `postMessage` call.
    struct Message: Decodable, Sendable, Equatable {
        /// The handler's name.
        var h: String
        /// The call's number, which the reply names.
        var n: Int64
        /// The message text.
        var b: String
    }

    // MARK: - Names and limits

    /// The binding the shim posts on, hidden from the page.
    static let bindingName = "__permitHost"
    /// The page function that settles a call's promise, given the nonce.
    static let replyHookName = "__permitHostReply"
    /// The largest binding payload read; larger ones are dropped before parsing.
    static let maximumPayloadSize = 2 << 20

    // MARK: - Scripts

    /// The shim for these handlers, its replies guarded by `nonce`.
    static func source(handlerNames: [String], nonce: String) -> String {
        let names = JSONValue.array(handlerNames.sorted().map(JSONValue.string)).jsonText
        let config = JSONValue.object([
            "binding": .string(bindingName), "hook": .string(replyHookName), "nonce": .string(nonce),
        ]).jsonText
        return """
            (function (names, config) {
                'use strict';
                var binding = window[config.binding];
                if (typeof binding !== 'function') { return; }
                try { delete window[config.binding]; } catch (error) {}
                var stringify = JSON.stringify, PromiseType = Promise, MapType = Map, freeze = Object.freeze;
                var defineProperty = Object.defineProperty, ErrorType = Error, StringType = String;
                var pending = new MapType();
                var next = 0;
                defineProperty(window, config.hook, {
                    value: function (nonce, n, text, failed) {
                        if (nonce !== config.nonce) { return; }
                        var waiter = pending.get(n);
                        if (!waiter) { return; }
                        pending.delete(n);
                        if (failed) { waiter[1](new ErrorType(text)); } else { waiter[0](text); }
                    },
                    writable: false, configurable: false, enumerable: false
                });
                var handlers = {};
                names.forEach(function (name) {
                    handlers[name] = freeze({
                        postMessage: function (body) {
                            return new PromiseType(function (resolve, reject) {
                                next += 1;
                                pending.set(next, [resolve, reject]);
                                binding(stringify({ h: name, n: next, b: StringType(body) }));
                            });
                        }
                    });
                });
                defineProperty(window, 'webkit', {
                    value: freeze({ messageHandlers: freeze(handlers) }),
                    writable: false, configurable: false, enumerable: false
                });
            })(\(names), \(config));
            """
    }

    /// JavaScript that settles the page's promise number `n` with `text`.
    static func reply(_ n: Int64, text: String, failed: Bool, nonce: String) -> String {
        let hook = JSONValue.string(replyHookName).jsonText
        return "(function (h) { if (typeof h === 'function') { h(\(JSONValue.string(nonce).jsonText), \(n), "
            + "\(JSONValue.string(text).jsonText), \(failed)); } })(window[\(hook)]);"
    }
}
