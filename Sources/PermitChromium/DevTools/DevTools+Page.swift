// MARK: - Page commands

extension DevTools {
    /// The `Page` domain: document-start scripts, navigation, lifecycle, dialogs and screenshots.
    enum Page {
        /// `Page.enable`: starts the domain's events.
        struct Enable: DevToolsCommand {
            static let method = "Page.enable"
            typealias Result = NoResult
        }

        /// `Page.setLifecycleEventsEnabled`: turns `Page.lifecycleEvent` on or off.
        struct SetLifecycleEventsEnabled: DevToolsCommand {
            static let method = "Page.setLifecycleEventsEnabled"
            /// Whether lifecycle events are sent.
            var enabled: Bool
            typealias Result = NoResult
        }

        /// `Page.addScriptToEvaluateOnNewDocument`: runs `source` at document start in every frame of every
        /// document loaded from now on.
        struct AddScriptToEvaluateOnNewDocument: DevToolsCommand {
            static let method = "Page.addScriptToEvaluateOnNewDocument"
            /// The JavaScript.
            var source: String

            /// The script's identifier, for removing it.
            struct Result: Decodable, Sendable {
                /// The identifier, for removing the script.
                var identifier: String?
            }
        }

        /// `Page.removeScriptToEvaluateOnNewDocument`: removes a script added before.
        struct RemoveScriptToEvaluateOnNewDocument: DevToolsCommand {
            static let method = "Page.removeScriptToEvaluateOnNewDocument"
            /// The identifier the browser gave the script when it was added.
            var identifier: String
            typealias Result = NoResult
        }

        /// `Page.navigate`: loads `url` in the main frame.
        struct Navigate: DevToolsCommand {
            static let method = "Page.navigate"
            /// The page to load.
            var url: String

            /// How the navigation started.
            struct Result: Decodable, Sendable {
                /// The new document's loader, whose `load` lifecycle event ends the load; absent for a
                /// navigation within the same document.
                var loaderId: String?
                /// Why the navigation failed, when it did.
                var errorText: String?
            }
        }

        /// `Page.captureScreenshot`: the page as it is shown now.
        struct CaptureScreenshot: DevToolsCommand {
            static let method = "Page.captureScreenshot"
            /// The image format: `png`, `jpeg` or `webp`.
            var format: String

            /// The image.
            struct Result: Decodable, Sendable {
                /// The image in base64.
                var data: String?
            }
        }

        /// `Page.handleJavaScriptDialog`: closes the open dialog, accepting it or not.
        struct HandleJavaScriptDialog: DevToolsCommand {
            static let method = "Page.handleJavaScriptDialog"
            /// Whether the dialog is accepted (`confirm` answers `true`) rather than dismissed.
            var accept: Bool
            typealias Result = NoResult
        }
    }
}

// MARK: - Page events

extension DevTools.Page {
    /// A frame, as `Page.frameNavigated` reports it.
    struct Frame: Decodable, Sendable, Equatable {
        /// The frame's identifier; the main frame's is the page target's.
        var id: String
        /// The parent frame, or `nil` for the main frame.
        var parentId: String?
        /// The document's URL.
        var url: String
    }

    /// The parameters of `Page.frameNavigated`: a frame committed a new document.
    struct FrameNavigated: Decodable, Sendable, Equatable {
        /// The frame and its new document.
        var frame: Frame
    }

    /// The parameters of `Page.lifecycleEvent`: a step of a document's load, such as `load`.
    struct LifecycleEvent: Decodable, Sendable, Equatable {
        /// The frame whose document it is.
        var frameId: String
        /// The loader of the document, as ``Navigate/Result/loaderId`` names it.
        var loaderId: String
        /// The step: `init`, `DOMContentLoaded`, `load`, `networkIdle`, ...
        var name: String
    }

    /// The parameters of `Page.javascriptDialogOpening`: `alert`, `confirm`, `prompt` or `beforeunload`.
    struct JavaScriptDialogOpening: Decodable, Sendable, Equatable {
        /// The kind of dialog: `alert`, `confirm`, `prompt` or `beforeunload`.
        var type: String
    }
}
