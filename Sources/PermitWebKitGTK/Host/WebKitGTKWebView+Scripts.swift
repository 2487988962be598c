import CPermitWebKitGTK
public import PermitWeb

// MARK: - Scripts and handlers

extension WebKitGTKWebView {
    /// Adds a script that runs at document start in every frame of every document loaded from now on, after
    /// the scripts added before it.
    public func addUserScript(_ source: String) async throws -> UserScriptID {
        try await ready()
        lastScriptID += 1
        let id = lastScriptID
        let view = view.pointer
        _ = try await PendingCall<String?>.run { token in
            permit_wk_add_script(view, Int64(id), source, GTKCallbacks.text, token)
        }
        return UserScriptID(rawValue: id)
    }

    /// Removes a script added with ``addUserScript(_:)``; documents already loaded keep what it did.
    public func removeUserScript(_ id: UserScriptID) async throws {
        try await ready()
        let view = view.pointer
        _ = try await PendingCall<String?>.run { token in
            permit_wk_remove_script(view, Int64(id.rawValue), GTKCallbacks.text, token)
        }
    }

    /// Registers a reply-capable handler the page can post text messages to, each answered with the text it
    /// returns; a second handler under the same name replaces the first.
    public func addMessageHandler(
        named name: String, _ handler: @escaping @Sendable (WebMessage) async -> String
    ) async throws {
        try await ready()
        let isNew = handlers[name] == nil
        handlers[name] = handler
        guard isNew else { return }
        let view = view.pointer
        _ = try await PendingCall<String?>.run { token in
            permit_wk_add_handler(view, name, GTKCallbacks.text, token)
        }
    }

    /// Removes the handler registered under `name`; documents loaded from then on no longer have it.
    public func removeMessageHandler(named name: String) async throws {
        try await ready()
        guard handlers.removeValue(forKey: name) != nil else { return }
        let view = view.pointer
        _ = try await PendingCall<String?>.run { token in
            permit_wk_remove_handler(view, name, GTKCallbacks.text, token)
        }
    }
}
