import PermitWeb

/// The document-start scripts a web view was given, in order, and the browser's identifiers of those it
/// installed (the transport shim's included): the bookkeeping behind ``ChromiumWebView``'s scripts.
///
/// A value; the web view sends the commands and records here what the browser answered.
struct UserScripts: Sendable {
    /// One script as it was added.
    struct Script: Sendable, Equatable {
        /// The identifier handed out for it.
        var id: UserScriptID
        /// Its JavaScript.
        var source: String
    }

    /// Every script, in the order added.
    private(set) var all: [Script] = []
    /// The number of the last script added.
    private var lastNumber = 0
    /// The browser's identifier of the installed transport shim, if one is installed.
    var installedShim: String?
    /// The browser's identifiers of the installed user scripts.
    private var installed: [UserScriptID: String] = [:]

    // MARK: - Scripts

    /// Adds a script after the others and returns it with its new identifier.
    mutating func add(_ source: String) -> Script {
        lastNumber += 1
        let script = Script(id: UserScriptID(rawValue: lastNumber), source: source)
        all.append(script)
        return script
    }

    /// Removes a script; `false` when there was none with this identifier.
    mutating func remove(_ id: UserScriptID) -> Bool {
        guard all.contains(where: { $0.id == id }) else { return false }
        all.removeAll { $0.id == id }
        return true
    }

    /// The script with this identifier, unless it was removed.
    func script(_ id: UserScriptID) -> Script? {
        all.first { $0.id == id }
    }

    // MARK: - Installed in the browser

    /// Whether the script is installed in the browser.
    func isInstalled(_ id: UserScriptID) -> Bool {
        installed[id] != nil
    }

    /// Records the browser's identifier of an installed script.
    mutating func recordInstalled(_ id: UserScriptID, as identifier: String?) {
        installed[id] = identifier
    }

    /// Forgets that a script is installed and returns the browser's identifier for removing it.
    mutating func takeInstalled(_ id: UserScriptID) -> String? {
        installed.removeValue(forKey: id)
    }

    /// Forgets everything installed and returns the browser's identifiers, the shim's first.
    mutating func takeAllInstalled() -> [String] {
        defer {
            installedShim = nil
            installed = [:]
        }
        return (installedShim.map { [$0] } ?? []) + Array(installed.values)
    }
}
