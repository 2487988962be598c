import Permit

/// A DevTools protocol event that the web view follows, with its parameters read into types.
///
/// Every other event (Chromium sends many: network requests, frame attachments, ...) is not read at all.
enum DevToolsEvent: Sendable, Equatable {
    /// A JavaScript world of a document came into being.
    case executionContextCreated(DevTools.Runtime.ExecutionContextDescription)
    /// A JavaScript world ended.
    case executionContextDestroyed(executionContextID: Int64)
    /// Every JavaScript world ended, as on a new document in the main frame.
    case executionContextsCleared
    /// Page script called the transport binding, or another binding.
    case bindingCalled(DevTools.Runtime.BindingCalled)
    /// A frame committed a new document.
    case frameNavigated(DevTools.Page.Frame)
    /// A document's load went a step further.
    case lifecycleEvent(DevTools.Page.LifecycleEvent)
    /// A JavaScript dialog opened and waits for an answer.
    case javaScriptDialogOpening(DevTools.Page.JavaScriptDialogOpening)
    /// The page's renderer crashed.
    case targetCrashed
    /// The page session ended: the page went away, or the browser is closing.
    case detached

    // MARK: - Reading

    /// The event a transport message stands for, or `nil` for an event the web view does not follow or
    /// whose parameters do not have the protocol's shape.
    init?(_ event: DevToolsPipe.Event) {
        do {
            switch event.method {
            case "Runtime.executionContextCreated":
                self = .executionContextCreated(try Self.read(DevTools.Runtime.ExecutionContextCreated.self, event).context)
            case "Runtime.executionContextDestroyed":
                let destroyed = try Self.read(DevTools.Runtime.ExecutionContextDestroyed.self, event)
                self = .executionContextDestroyed(executionContextID: destroyed.executionContextId)
            case "Runtime.executionContextsCleared":
                self = .executionContextsCleared
            case "Runtime.bindingCalled":
                self = .bindingCalled(try Self.read(DevTools.Runtime.BindingCalled.self, event))
            case "Page.frameNavigated":
                self = .frameNavigated(try Self.read(DevTools.Page.FrameNavigated.self, event).frame)
            case "Page.lifecycleEvent":
                self = .lifecycleEvent(try Self.read(DevTools.Page.LifecycleEvent.self, event))
            case "Page.javascriptDialogOpening":
                self = .javaScriptDialogOpening(try Self.read(DevTools.Page.JavaScriptDialogOpening.self, event))
            case "Inspector.targetCrashed":
                self = .targetCrashed
            case "Inspector.detached":
                self = .detached
            default:
                return nil
            }
        } catch {
            return nil
        }
    }

    /// Decodes an event's parameters.
    private static func read<Parameters: Decodable>(_ type: Parameters.Type, _ event: DevToolsPipe.Event) throws -> Parameters {
        try DevTools.decode(type, from: event.params, method: event.method)
    }
}
