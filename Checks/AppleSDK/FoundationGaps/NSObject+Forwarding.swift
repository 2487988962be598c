// Compiled into PermitWebKit by scripts/check-apple-adapters only: the Objective-C runtime API of Apple's NSObject
// that Linux's Foundation lacks (Apple's Foundation re-exports the ObjectiveC module, which declares it). Internal,
// so that nothing outside the checked module sees it.
//
// Linux's NSObject has no selectors and no message forwarding, and a Swift extension cannot add a method that a
// subclass overrides; so this file declares an `NSObject` that shadows Foundation's inside the checked module (a
// module's own declaration wins over an imported one) and has the two overridable methods. Every NSObject
// subclass of the module then inherits from it, which is why no public class of PermitWebKit may inherit from
// NSObject (a public class cannot have an internal superclass): the host's delegates are internal proxies.

import Foundation

// https://developer.apple.com/documentation/objectivec/selector: `struct Selector`, a method's Objective-C name;
// the adapter only passes the runtime's selectors on, so nothing here makes one.
struct Selector: Hashable, Sendable {}

// https://developer.apple.com/documentation/objectivec/nsobject: `class NSObject`, with the two overridable
// methods of message forwarding.
class NSObject: Foundation.NSObject {
    // https://developer.apple.com/documentation/objectivec/nsobjectprotocol/responds(to:): `func responds(to
    // aSelector: Selector!) -> Bool`, which NSObject implements and a subclass may override
    func responds(to aSelector: Selector!) -> Bool { fatalError("stand-in") }

    // https://developer.apple.com/documentation/objectivec/nsobject/forwardingtarget(for:): `func
    // forwardingTarget(for aSelector: Selector!) -> Any?`
    func forwardingTarget(for aSelector: Selector!) -> Any? { fatalError("stand-in") }
}

extension NSObjectProtocol {
    // https://developer.apple.com/documentation/objectivec/nsobjectprotocol/responds(to:): `func responds(to
    // aSelector: Selector!) -> Bool`, a requirement of NSObjectProtocol, so any delegate answers it
    func responds(to aSelector: Selector!) -> Bool { fatalError("stand-in") }
}
