import Foundation
import Logging
import PermitWeb
import PermitHostSupport

// MARK: - Starting the browser

extension ChromiumWebView {
    /// Spawns Chromium, attaches to its page and applies everything this web view was given.
    func startBrowser() async throws {
        // A browser of this profile that was killed (here, or in an earlier run of the app) left its files.
        ChromiumSingleton.removeLeftovers(in: profile, owner: process?.pid)
        generation += 1
        let generation = generation
        contexts = ExecutionContexts()
        let process = try ChromiumProcess.spawn(
            executable: executable.path, arguments: configuration.arguments(userDataDirectory: profile),
            logFile: configuration.logFile?.path)
        self.process = process
        logger.debug("chromium started", metadata: ["pid": "\(process.pid)"])
        startEventLoop(process.pipe.events, generation: generation)
        let browser = DevToolsSession(pipe: process.pipe)
        do {
            try await browser.send(DevTools.Browser.GetVersion(), timeout: .seconds(20))
        } catch {
            throw WebViewError.launchFailed.withDetail("no answer on the DevTools pipe: \(error)")
        }
        let (page, mainFrameID) = try await browser.attachToPage()
        self.page = page
        contexts.pageAttached(mainFrameID: mainFrameID)
        try await page.enablePageEvents(bindingName: HostShim.bindingName)
        _ = scripts.takeAllInstalled()  // a new browser has none of them
        // Not through connection(): during a restart that would wait for this very start to finish.
        try await installScripts(page)
        for cookie in cookiesSet.values {
            try await writeCookie(cookie, page)
        }
        for (key, granted) in enginePermissions {
            try await writeEnginePermission(key.permission, granted: granted, for: key.origin, page)
        }
    }

    /// The page session to send on, once any restart in progress has finished.
    func connection() async throws -> DevToolsSession {
        try await life.restartFinished()
        guard process != nil, let page, life.isRunning else { throw WebViewError.closed }
        return page
    }

    // MARK: - Events

    /// Reads one browser's events in order until its pipe closes, then reports that it went away. Message
    /// handlers and dialog answers run concurrently, so that one slow handler holds up no event.
    private func startEventLoop(_ events: AsyncStream<DevToolsPipe.Event>, generation: Int) {
        EngineEventLoop.start(events, for: self) { webView, message in
            guard let event = DevToolsEvent(message) else { return nil }
            return await webView.handle(event, generation: generation)
        } ended: { webView in
            await webView.pipeClosed(generation: generation)
        }
    }

    /// Applies an event of browser `generation`; returns the work it calls for, if any, to run concurrently.
    private func handle(_ event: DevToolsEvent, generation: Int) -> (@Sendable () async -> Void)? {
        guard generation == self.generation else { return nil }
        switch event {
        case .executionContextCreated(let description):
            contexts.created(description)
        case .executionContextDestroyed(let id):
            contexts.destroyed(id)
        case .executionContextsCleared:
            contexts.cleared()
        case .bindingCalled(let call):
            return delivery(of: call, generation: generation)
        case .frameNavigated(let frame):
            guard let url = contexts.frameNavigated(frame) else { return nil }
            currentURL = url
            if url.scheme == "http" || url.scheme == "https" { lastURL = url }
            emit(.navigated(url))
        case .lifecycleEvent(let lifecycle):
            guard lifecycle.name == "load", contexts.isMainFrame(lifecycle.frameId) else { return nil }
            loads.finish(lifecycle.loaderId)
            if let currentURL { emit(.loaded(currentURL)) }
        case .javaScriptDialogOpening(let dialog):
            // As WKWebView without a UI delegate: dismissed at once; only beforeunload lets the page go.
            let answer = DevTools.Page.HandleJavaScriptDialog(accept: dialog.type == "beforeunload")
            guard let page else { return nil }
            return { _ = try? await page.send(answer) }
        case .targetCrashed, .detached:
            // Browser.close detaches the page too; only an unexpected loss means a restart.
            guard life.isRunning else { return nil }
            let name = event == .targetCrashed ? "Inspector.targetCrashed" : "Inspector.detached"
            logger.warning("chromium's page went away; restarting the browser", metadata: ["event": "\(name)"])
            process?.killGroup()
        }
        return nil
    }

    // MARK: - Messages from the page

    /// The work of answering one `postMessage` call, or `nil` for a call that is not the shim's, too large,
    /// unreadable, or from a context that is gone.
    private func delivery(
        of call: DevTools.Runtime.BindingCalled, generation: Int
    ) -> (@Sendable () async -> Void)? {
        guard call.name == HostShim.bindingName, call.payload.utf8.count <= HostShim.maximumPayloadSize,
            let message = try? JSONDecoder().decode(HostShim.Message.self, from: Data(call.payload.utf8)),
            let context = contexts.context(call.executionContextId)
        else { return nil }
        let frame = contexts.frame(of: context)
        let handler = handlers[message.h]
        return {
            let (text, failed) =
                if let handler {
                    (await handler(WebMessage(body: message.b, frame: frame)), false)
                } else {
                    ("no handler named \(message.h)", true)
                }
            await self.reply(message.n, text: text, failed: failed, to: context.uniqueID, generation: generation)
        }
    }

    /// Settles the page's promise, only in the very document that posted: a context of a later document or
    /// a restarted browser may reuse the number, never the unique id.
    private func reply(_ n: Int64, text: String, failed: Bool, to uniqueID: String, generation: Int) async {
        guard generation == self.generation, contexts.isAlive(uniqueID: uniqueID), let page else { return }
        let expression = HostShim.reply(n, text: text, failed: failed, nonce: replyNonce)
        _ = try? await page.send(
            DevTools.Runtime.Evaluate(expression: expression, uniqueContextId: uniqueID), timeout: .seconds(10))
    }

    // MARK: - Restarting

    /// The browser's pipe closed: ends the load waits, reports the termination and, as the restart policy
    /// decides, starts the browser again or stays down.
    private func pipeClosed(generation: Int) {
        guard generation == self.generation else { return }
        loads.failAll(WebViewError.webContentTerminated)
        guard life.isRunning else { return }
        logger.warning("chromium went away", metadata: ["pid": "\(process?.pid ?? 0)"])
        emit(.terminated(reason: "Chromium exited"))
        if case .gaveUp(let terminations)? = life.terminated(restart: { try await self.restart() }) {
            logger.error("chromium keeps dying; not restarting it", metadata: ["terminations": "\(terminations)"])
        }
    }

    /// Kills what is left of the dead browser, starts a new one and reloads the last page; stops early when
    /// the web view is closed meanwhile.
    private func restart() async throws {
        if let process {
            _ = await process.killGroupAndWait(timeout: .seconds(5))
        }
        guard life.isRestarting else { return }
        do {
            try await startBrowser()
        } catch {
            logger.error("chromium could not be restarted", metadata: ["error": "\(error)"])
            life.restartFailed()
            throw error
        }
        // Closed while starting: what was started belongs to nobody.
        guard life.isRestarting else {
            process?.pipe.close()
            if let process { _ = await process.killGroupAndWait(timeout: .seconds(5)) }
            return
        }
        life.restarted()
        if let lastURL {
            _ = try? await navigate(to: lastURL)
        }
        logger.info("chromium restarted", metadata: ["pid": "\(process?.pid ?? 0)"])
        emit(.restarted)
    }
}
