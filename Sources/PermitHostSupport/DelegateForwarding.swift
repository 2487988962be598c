import Permit
import PermitWeb

/// Which object answers a delegate call that a web engine makes, when the host stands between the engine and
/// the app's own delegate.
///
/// `WKWebView` has one navigation delegate and one UI delegate, and both protocols are Objective-C protocols of
/// optional methods: before each call WebKit asks the delegate whether it responds to the method's selector, and
/// uses its own default when it does not. The `WKWebView` host must be that delegate, to see every load, every
/// terminated process and every new window; the app still has its own delegates, for downloads, say. So the host
/// sets a proxy as the web view's delegate, which
///
/// - answers a method the host implements itself (``Target/host``): the host wins, and the app's delegate is not
///   called for that method;
/// - hands any other method to the app's delegate when that delegate implements it (``Target/appDelegate``): the
///   proxy says it responds, and the Objective-C runtime sends the call to the object the proxy names as its
///   forwarding target;
/// - says it does not respond to a method neither implements (``Target/engineDefault``), so that WebKit keeps its
///   exact default, as if the web view had no delegate for that method.
///
/// WebKit reads the answers when its delegate is set, not at each call (`NavigationState::setNavigationDelegate`
/// and `UIDelegate::setDelegate` cache `respondsToSelector:` for every method), so the proxy must be set again
/// whenever the app's delegate changes: ``needsRegistration(previous:current:)``.
///
/// For example:
///
/// ```swift
/// DelegateForwarding.target(hostImplements: false, appDelegateResponds: true)   // .appDelegate
/// ```
package enum DelegateForwarding {
    /// The object that answers one delegate method.
    package enum Target: Hashable, Sendable {
        /// The host implements the method and answers it.
        case host
        /// The app's delegate implements it: the proxy forwards the call there.
        case appDelegate
        /// Neither does: the proxy does not respond, and the engine applies its default.
        case engineDefault
    }

    /// Who answers a method, given whether the host implements it and whether the app's delegate (if any) does.
    package static func target(hostImplements: Bool, appDelegateResponds: Bool) -> Target {
        if hostImplements { return .host }
        return appDelegateResponds ? .appDelegate : .engineDefault
    }

    /// Whether the proxy tells the engine it responds to a method: when the host or the app's delegate answers it.
    package static func responds(hostImplements: Bool, appDelegateResponds: Bool) -> Bool {
        target(hostImplements: hostImplements, appDelegateResponds: appDelegateResponds) != .engineDefault
    }

    /// Whether the proxy must be set as the engine's delegate again, because the engine's cached answers were
    /// read for a different app delegate: `previous` is the app delegate when the proxy was last set (`nil` for
    /// none), `current` the app delegate now. An app delegate that was released since reads as `nil`, so a host
    /// that checks this before its own calls stops the engine from forwarding to an object that is gone.
    package static func needsRegistration(previous: ObjectIdentifier?, current: ObjectIdentifier?) -> Bool {
        previous != current
    }
}
