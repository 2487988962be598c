public import PermitWeb
import PermitSupport

// MARK: - Scripts

extension ChromiumWebView {
    /// Adds a script that runs at document start in every frame of every document loaded from now on, after
    /// the scripts added before it.
    public func addUserScript(_ source: String) async throws -> UserScriptID {
        let script = scripts.add(source)
        try await changeScripts { page in try await self.installIfNeeded(script.id, page) }
        return script.id
    }

    /// Removes a script added with ``addUserScript(_:)``; documents already loaded keep what it did.
    public func removeUserScript(_ id: UserScriptID) async throws {
        guard scripts.remove(id) else { return }
        try await changeScripts { page in try await self.uninstall(id, page) }
    }

    /// Adds a script after every installed one, so after the shim: no reinstall needed.
    private func installIfNeeded(_ id: UserScriptID, _ page: DevToolsSession) async throws {
        guard !scripts.isInstalled(id), let script = scripts.script(id) else { return }
        try await install(script, page)
    }

    /// Removes a script from the browser, if it was installed.
    private func uninstall(_ id: UserScriptID, _ page: DevToolsSession) async throws {
        guard let identifier = scripts.takeInstalled(id) else { return }
        try await page.send(DevTools.Page.RemoveScriptToEvaluateOnNewDocument(identifier: identifier), cancellable: false)
    }

    // MARK: - Message handlers

    /// Registers a handler the page can post text messages to, each answered with the text it returns;
    /// a second handler under the same name replaces the first.
    public func addMessageHandler(
        named name: String, _ handler: @escaping @Sendable (WebMessage) async -> String
    ) async throws {
        let isNew = handlers[name] == nil
        handlers[name] = handler
        guard isNew else { return }  // a replaced handler needs no new shim
        try await changeScripts { page in try await self.installScripts(page) }
    }

    /// Removes the handler registered under `name`; documents loaded from then on no longer have it.
    public func removeMessageHandler(named name: String) async throws {
        guard handlers.removeValue(forKey: name) != nil else { return }
        try await changeScripts { page in try await self.installScripts(page) }
    }

    // MARK: - Installing

    /// Runs one change to the browser's document-start scripts after the changes before it (a `SerialGate`), so
    /// that concurrent changes never install a script twice or orphan one. A caller that is cancelled still waits
    /// its turn and makes its change: the gate's wait and the script commands (sent `cancellable: false`) ignore
    /// cancellation, so that nothing cuts a command off from the bookkeeping of its answer.
    private func changeScripts(_ change: (DevToolsSession) async throws -> Void) async throws {
        try await scriptChanges.run { try await change(try await connection()) }
    }

    /// Reinstalls everything: the transport shim first, then every user script in order, so that each script
    /// sees every handler at document start whatever order they were added in.
    func installScripts(_ page: DevToolsSession) async throws {
        for identifier in scripts.takeAllInstalled() {
            try await page.send(DevTools.Page.RemoveScriptToEvaluateOnNewDocument(identifier: identifier), cancellable: false)
        }
        if !handlers.isEmpty {
            let shim = HostShim.source(handlerNames: Array(handlers.keys), nonce: replyNonce)
            scripts.installedShim = try await page.send(
                DevTools.Page.AddScriptToEvaluateOnNewDocument(source: shim), cancellable: false
            ).identifier
        }
        for script in scripts.all {
            try await install(script, page)
        }
    }

    /// Installs one script in the browser and records its identifier.
    private func install(_ script: UserScripts.Script, _ page: DevToolsSession) async throws {
        let added = try await page.send(
            DevTools.Page.AddScriptToEvaluateOnNewDocument(source: script.source), cancellable: false)
        scripts.recordInstalled(script.id, as: added.identifier)
    }
}
