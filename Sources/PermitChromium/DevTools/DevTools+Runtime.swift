import Permit
import PermitSupport

// MARK: - Runtime commands

extension DevTools {
    /// The `Runtime` domain: execution contexts, evaluation and the binding the transport shim posts on.
    enum Runtime {
        /// `Runtime.enable`: starts the execution context events.
        struct Enable: DevToolsCommand {
            static let method = "Runtime.enable"
            typealias Result = NoResult
        }

        /// `Runtime.addBinding`: gives every document a global function `name` whose calls arrive as
        /// `Runtime.bindingCalled`.
        struct AddBinding: DevToolsCommand {
            static let method = "Runtime.addBinding"
            /// The global function's name.
            var name: String
            typealias Result = NoResult
        }

        /// `Runtime.evaluate`: runs `expression`, in the main frame's main world unless `uniqueContextId`
        /// names another execution context.
        struct Evaluate: DevToolsCommand {
            static let method = "Runtime.evaluate"
            /// The JavaScript to run.
            var expression: String
            /// Whether the result comes back as JSON rather than as a reference to a page object.
            var returnByValue: Bool?
            /// Whether a promise is awaited and its value returned.
            var awaitPromise: Bool?
            /// The one execution context to run in; a context of another document never has the same.
            var uniqueContextId: String?

            /// The completion value, or what was thrown.
            struct Result: Decodable, Sendable {
                /// The completion value.
                var result: RemoteObject?
                /// What was thrown, when the evaluation threw.
                var exceptionDetails: ExceptionDetails?
            }
        }
    }
}

// MARK: - Runtime values

extension DevTools.Runtime {
    /// A JavaScript value, as the protocol mirrors it.
    struct RemoteObject: Decodable, Sendable, Equatable {
        /// The value's type: `object`, `string`, `number`, `undefined`, ...
        var type: String?
        /// The class of an object, such as `TypeError`.
        var className: String?
        /// The value as JSON, present when it was returned by value and JSON can hold it; JSON `null` is
        /// `.null`, not `nil`.
        var value: JSONValue?
        /// The value as the console shows it: an error's message and stack.
        var description: String?

        private enum CodingKeys: String, CodingKey {
            case type, className, value, description
        }

        /// A value of `type`.
        init(type: String?, className: String? = nil, value: JSONValue? = nil, description: String? = nil) {
            self.type = type
            self.className = className
            self.value = value
            self.description = description
        }

        /// Reads the protocol's JSON, keeping a JSON `null` value apart from a missing one.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = try container.decodeIfPresent(String.self, forKey: .type)
            className = try container.decodeIfPresent(String.self, forKey: .className)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            // `decodeIfPresent` would read JSON null as absent; a page's `null` is a value.
            value = container.contains(.value) ? try container.decode(JSONValue.self, forKey: .value) : nil
        }
    }

    /// What an evaluation threw.
    struct ExceptionDetails: Decodable, Sendable, Equatable {
        /// The thrown value, when there is one.
        var exception: RemoteObject?
        /// The protocol's summary, such as `Uncaught`.
        var text: String?
    }

    /// The part of an execution context's `auxData` that Permit reads.
    struct AuxData: Decodable, Sendable, Equatable {
        /// The frame the context belongs to.
        var frameId: String?
        /// Whether it is the frame's main world rather than an isolated one.
        var isDefault: Bool?
    }

    /// An execution context: one JavaScript world of one document.
    struct ExecutionContextDescription: Decodable, Sendable, Equatable {
        /// The context's number, which a later document may reuse.
        var id: Int64
        /// The document's security origin, as text; `://` or empty for an opaque origin.
        var origin: String?
        /// The context's identifier, unique across documents and browser runs.
        var uniqueId: String?
        /// The context's frame, and which of its worlds it is.
        var auxData: AuxData?
    }
}

// MARK: - Runtime events

extension DevTools.Runtime {
    /// The parameters of `Runtime.executionContextCreated`.
    struct ExecutionContextCreated: Decodable, Sendable, Equatable {
        /// The new context.
        var context: ExecutionContextDescription
    }

    /// The parameters of `Runtime.executionContextDestroyed`.
    struct ExecutionContextDestroyed: Decodable, Sendable, Equatable {
        /// The number of the context that ended.
        var executionContextId: Int64
    }

    /// The parameters of `Runtime.bindingCalled`: page script called a binding.
    struct BindingCalled: Decodable, Sendable, Equatable {
        /// The binding's name.
        var name: String
        /// The text the page passed; untrusted.
        var payload: String
        /// The execution context that called.
        var executionContextId: Int64
    }
}
