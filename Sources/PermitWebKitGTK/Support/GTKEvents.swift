import CPermitWebKitGTK
import Foundation
import PermitWeb

/// Something the GTK side reported about one web view.
enum GTKEvent: Sendable {
    /// A page posted a message; answer it through `reply`.
    case message(handler: String, body: String, frame: WebFrame, reply: MessageReply)
    /// The main frame committed a navigation to `uri`.
    case committed(uri: String)
    /// The main frame's document fired `load`.
    case finished(uri: String)
    /// A load failed.
    case failed(uri: String, message: String)
    /// The web content process ended, for WebKit's reason (0 crashed, 1 memory limit, 2 terminated by API).
    case terminated(reason: Int32)
    /// The cookie manager reported a change.
    case cookiesChanged
    /// A permission request was decided for the page's `origin`; `kind` is its GObject type.
    case permissionDecided(kind: String, origin: String?, granted: Bool)
}

/// The pending reply of one message: settles the page's promise once.
struct MessageReply: @unchecked Sendable {
    // @unchecked: the pointer is a WebKitScriptMessageReply the shim holds a reference to; only
    // permit_wk_reply touches it, on the GTK thread, once.
    let pointer: UnsafeMutableRawPointer

    /// Resolves the page's promise with `text`, or rejects it with `text` as the message when `failed`.
    func send(_ text: String, failed: Bool) {
        permit_wk_reply(pointer, text, failed ? 1 : 0)
    }
}

/// Receives one web view's C callbacks on the GTK thread and hands them on as a stream, in order.
final class GTKEventSink: Sendable {
    /// The events, read by the web view.
    let events: AsyncStream<GTKEvent>
    private let continuation: AsyncStream<GTKEvent>.Continuation
    /// Ends once GTK has destroyed the view (its window and WebKit's web view are gone).
    let destroyed: AsyncStream<Void>
    private let destroyedContinuation: AsyncStream<Void>.Continuation

    init() {
        (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        (destroyed, destroyedContinuation) = AsyncStream.makeStream()
    }

    /// The callbacks to create a view with; the sink is retained until `released`.
    func callbacks() -> permit_wk_callbacks {
        permit_wk_callbacks(
            context: Unmanaged.passRetained(self).toOpaque(),
            message: { context, handler, body, tagged, mainFrame, origin, reply in
                // Untagged: posted past the frame script, so from a frame whose facts are unknown, which the
                // bridge refuses (it accepts the main frame only).
                let frame = WebFrame(
                    isMainFrame: tagged != 0 && mainFrame != 0,
                    origin: tagged != 0 ? origin.flatMap { try? WebOrigin(String(cString: $0)) } : nil)
                GTKEventSink.from(context).continuation.yield(
                    .message(
                        handler: String(cString: handler!), body: String(cString: body!), frame: frame,
                        reply: MessageReply(pointer: reply!)))
            },
            load: { context, event, uri, error in
                let uri = uri.map { String(cString: $0) } ?? ""
                let sink = GTKEventSink.from(context)
                switch Int(event) {
                case Int(PERMIT_WK_LOAD_COMMITTED): sink.continuation.yield(.committed(uri: uri))
                case Int(PERMIT_WK_LOAD_FINISHED): sink.continuation.yield(.finished(uri: uri))
                default: sink.continuation.yield(.failed(uri: uri, message: error.map { String(cString: $0) } ?? ""))
                }
            },
            terminated: { context, reason in
                GTKEventSink.from(context).continuation.yield(.terminated(reason: reason))
            },
            cookies_changed: { context in
                GTKEventSink.from(context).continuation.yield(.cookiesChanged)
            },
            permission_decided: { context, kind, origin, granted in
                GTKEventSink.from(context).continuation.yield(
                    .permissionDecided(
                        kind: String(cString: kind!), origin: origin.map { String(cString: $0) }, granted: granted != 0))
            },
            released: { context in
                let sink = Unmanaged<GTKEventSink>.fromOpaque(context!).takeRetainedValue()
                sink.continuation.finish()
                sink.destroyedContinuation.finish()
            })
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> GTKEventSink {
        Unmanaged<GTKEventSink>.fromOpaque(context!).takeUnretainedValue()
    }
}
