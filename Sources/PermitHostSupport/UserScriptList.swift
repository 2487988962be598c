import Permit
import PermitWeb

/// Which user scripts a web view keeps when one is removed, for an engine that can only remove them all.
///
/// `WKUserContentController` has `removeAllUserScripts()` and no way to remove one script; its `userScripts`
/// lists every script it holds, Permit's and those the app or other SDKs added. Removing one script is then:
/// read the list, remove all, add back every other one in its order. This picks them: the script removed is
/// found by identity (the controller returns the objects it was given), or, should the engine hand back
/// copies, by its source; only the first match goes.
///
/// For example:
///
/// ```swift
/// let others = UserScriptList.remaining(controller.userScripts, removing: script, source: \.source)
/// controller.removeAllUserScripts()
/// others.forEach(controller.addUserScript)
/// ```
package enum UserScriptList {
    /// The scripts of `scripts` to add back after removing `removed`, in their order.
    package static func remaining<Script: AnyObject>(
        _ scripts: [Script], removing removed: Script, source: (Script) -> String
    ) -> [Script] {
        var remaining = scripts
        let index = remaining.firstIndex { $0 === removed } ?? remaining.firstIndex { source($0) == source(removed) }
        if let index { remaining.remove(at: index) }
        return remaining
    }
}
