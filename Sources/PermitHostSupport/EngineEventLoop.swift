/// Delivers an engine's events to its Linux web view host, in order, for as long as the engine lives: the
/// event loop that `ChromiumWebView` and `WebKitGTKWebView` share.
///
/// Each event is applied on the host (`handle`), which returns the work it calls for, if any: a message
/// handler's answer, a dialog's dismissal. That work runs as a child task of the loop, concurrently, so that
/// one slow handler holds up no event. The loop holds the host weakly: a host released without closing is not
/// kept alive by its engine. When the events end (the engine's pipe closed, or the view was destroyed),
/// `ended` runs on the host, if it is still there, without waiting for the work still running.
///
/// For example:
///
/// ```swift
/// EngineEventLoop.start(pipe.events, for: self) { host, event in await host.handle(event) }
/// ```
package enum EngineEventLoop {
    /// The work an event calls for, run concurrently with the next events.
    package typealias Work = @Sendable () async -> Void

    /// Starts delivering `events` to `host`; see ``EngineEventLoop``.
    package static func start<Host: AnyObject & Sendable, Event: Sendable>(
        _ events: AsyncStream<Event>, for host: Host,
        handle: @escaping @Sendable (Host, Event) async -> Work?,
        ended: @escaping @Sendable (Host) async -> Void = { _ in }
    ) {
        // Task: callback bridge from the engine's event stream, which lives as long as the engine, not a caller.
        Task { [weak host] in
            await withDiscardingTaskGroup { group in
                for await event in events {
                    guard let host, let work = await handle(host, event) else { continue }
                    group.addTask(operation: work)
                }
                if let host { await ended(host) }
            }
        }
    }
}
