import Foundation
import PermitWeb

/// The page's live JavaScript main worlds, one per document in each frame, and which frame is the main one:
/// what the web view needs to tell a message handler where a message came from, and to answer only the
/// document that asked.
///
/// A value fed the protocol's events in order; it holds no tasks and talks to no browser. Only a frame's main
/// world counts: isolated worlds (extensions, DevTools) cannot reach the transport.
///
/// For example:
///
/// ```swift
/// var contexts = ExecutionContexts(mainFrameID: "F1")
/// contexts.created(description)          // Runtime.executionContextCreated
/// if let sender = contexts.sender(ofContext: 3) { print(sender.frame.isMainFrame) }
/// ```
struct ExecutionContexts: Sendable, Equatable {
    /// One main world of one document.
    struct Context: Hashable, Sendable {
        /// The frame the document is in.
        var frameID: String
        /// The document's origin, or `nil` for an opaque one.
        var origin: WebOrigin?
        /// The context's identifier, never reused by another document or browser run.
        var uniqueID: String

        /// Creates a context description.
        init(frameID: String, origin: WebOrigin?, uniqueID: String) {
            self.frameID = frameID
            self.origin = origin
            self.uniqueID = uniqueID
        }
    }

    /// The main frame's identifier: the page target's at first, then the last main-frame navigation's.
    private(set) var mainFrameID: String
    /// The live main worlds, by context number.
    private var contexts: [Int64: Context] = [:]

    /// No contexts yet, in a page whose main frame is `mainFrameID`.
    init(mainFrameID: String = "") {
        self.mainFrameID = mainFrameID
    }

    // MARK: - Events

    /// A session was attached to the page whose main frame is `mainFrameID`.
    mutating func pageAttached(mainFrameID: String) {
        self.mainFrameID = mainFrameID
    }

    /// `Runtime.executionContextCreated`: records a frame's main world; other worlds and incomplete
    /// descriptions are ignored.
    mutating func created(_ description: DevTools.Runtime.ExecutionContextDescription) {
        guard let frameID = description.auxData?.frameId, description.auxData?.isDefault == true,
            let uniqueID = description.uniqueId
        else { return }
        let origin = description.origin.flatMap { try? WebOrigin($0) }
        contexts[description.id] = Context(frameID: frameID, origin: origin, uniqueID: uniqueID)
    }

    /// `Runtime.executionContextDestroyed`: forgets the context numbered `id`.
    mutating func destroyed(_ id: Int64) {
        contexts[id] = nil
    }

    /// `Runtime.executionContextsCleared`: forgets every context.
    mutating func cleared() {
        contexts = [:]
    }

    /// `Page.frameNavigated`: a navigation of the main frame makes its frame the main one.
    ///
    /// - Returns: the main frame's new URL, or `nil` for a subframe or a URL that cannot be read.
    mutating func frameNavigated(_ frame: DevTools.Page.Frame) -> URL? {
        guard frame.parentId == nil, let url = URL(string: frame.url) else { return nil }
        mainFrameID = frame.id
        return url
    }

    // MARK: - Reading

    /// The context numbered `id`, or `nil` when there is none (any more).
    func context(_ id: Int64) -> Context? {
        contexts[id]
    }

    /// The frame to report for a message posted from `context`.
    func frame(of context: Context) -> WebFrame {
        WebFrame(isMainFrame: context.frameID == mainFrameID, origin: context.origin)
    }

    /// Whether the document whose context has this unique identifier is still alive.
    func isAlive(uniqueID: String) -> Bool {
        contexts.values.contains { $0.uniqueID == uniqueID }
    }

    /// Whether `frameID` is the main frame.
    func isMainFrame(_ frameID: String) -> Bool {
        frameID == mainFrameID
    }
}
