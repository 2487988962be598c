import Permit

/// The page-side half of the message transport: gives each document WebKit's
/// `window.webkit.messageHandlers[name].postMessage(text)`, returning a promise of the native reply, over one
/// DevTools binding that it hides from the page.
enum HostShim {
    static let bindingName = "__permitHost"
    static let replyKey = "permit.host.reply"

    static func source(handlerNames: [String]) -> String {
        let names = JSONValue.array(handlerNames.sorted().map(JSONValue.string)).jsonText
        let binding = JSONValue.string(bindingName).jsonText
        let reply = JSONValue.string(replyKey).jsonText
        return """
            (function (names, bindingName, replyKey) {
                'use strict';
                var binding = window[bindingName];
                if (typeof binding !== 'function') { return; }
                try { delete window[bindingName]; } catch (error) {}
                var pending = new Map();
                var next = 0;
                Object.defineProperty(window, Symbol.for(replyKey), {
                    value: function (n, text, failed) {
                        var waiter = pending.get(n);
                        if (!waiter) { return; }
                        pending.delete(n);
                        if (failed) { waiter[1](new Error(text)); } else { waiter[0](text); }
                    },
                    writable: false, configurable: false, enumerable: false
                });
                var handlers = {};
                names.forEach(function (name) {
                    handlers[name] = Object.freeze({
                        postMessage: function (body) {
                            return new Promise(function (resolve, reject) {
                                next += 1;
                                pending.set(next, [resolve, reject]);
                                binding(JSON.stringify({ h: name, n: next, b: String(body) }));
                            });
                        }
                    });
                });
                Object.defineProperty(window, 'webkit', {
                    value: Object.freeze({ messageHandlers: Object.freeze(handlers) }),
                    writable: false, configurable: false, enumerable: false
                });
            })(\(names), \(binding), \(reply));
            """
    }

    /// JavaScript that settles the page's promise number `n` with `text`.
    static func reply(_ n: Int64, text: String, failed: Bool) -> String {
        let key = JSONValue.string(replyKey).jsonText
        return "window[Symbol.for(\(key))](\(n), \(JSONValue.string(text).jsonText), \(failed));"
    }
}
