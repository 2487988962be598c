// MARK: - Target

extension DevTools {
    /// The `Target` domain: finding the browser's page and attaching a session to it.
    enum Target {
        /// What the browser says about one of its targets.
        struct TargetInfo: Decodable, Sendable, Equatable {
            /// The target's identifier; for a page it is also its main frame's identifier.
            var targetId: String
            /// The kind of target: `page`, `iframe`, `service_worker`, `browser`, ...
            var type: String
        }

        /// `Target.getTargets`: every target the browser has.
        struct GetTargets: DevToolsCommand {
            static let method = "Target.getTargets"

            /// The targets.
            struct Result: Decodable, Sendable {
                /// The targets.
                var targetInfos: [TargetInfo]?
            }
        }

        /// `Target.createTarget`: opens a new page at `url`.
        struct CreateTarget: DevToolsCommand {
            static let method = "Target.createTarget"
            /// The page to open.
            var url: String

            /// The new page.
            struct Result: Decodable, Sendable {
                /// The new page's identifier.
                var targetId: String?
            }
        }

        /// `Target.attachToTarget`: opens a session on a target; `flatten` multiplexes it on this pipe, each
        /// message naming its session.
        struct AttachToTarget: DevToolsCommand {
            static let method = "Target.attachToTarget"
            /// The target to attach to.
            var targetId: String
            /// Whether the session shares this pipe, its messages naming their session.
            var flatten: Bool

            /// The session opened.
            struct Result: Decodable, Sendable {
                /// The session's identifier, which page commands name.
                var sessionId: String?
            }
        }
    }
}
