// MARK: - Browser

extension DevTools {
    /// The `Browser` domain: the browser as a whole.
    enum Browser {
        /// `Browser.getVersion`: answered as soon as the browser reads its pipe, so it tells that it is up.
        struct GetVersion: DevToolsCommand {
            static let method = "Browser.getVersion"
            typealias Result = NoResult
        }

        /// `Browser.setPermission`: what the browser answers an origin's pages for one permission, with no
        /// prompt.
        struct SetPermission: DevToolsCommand {
            static let method = "Browser.setPermission"

            /// A permission by its Permissions API name, such as `camera`.
            struct Descriptor: Encodable, Sendable {
                /// The permission's name.
                var name: String
            }

            /// The permission.
            var permission: Descriptor
            /// `granted`, `denied` or `prompt`.
            var setting: String
            /// The origin whose pages it applies to.
            var origin: String
            typealias Result = NoResult
        }

        /// `Browser.close`: shuts the browser down cleanly, writing its cookies to disk first.
        struct Close: DevToolsCommand {
            static let method = "Browser.close"
            typealias Result = NoResult
        }
    }
}

// MARK: - Storage

extension DevTools {
    /// The `Storage` domain: the browser's storage, cookies of every site included.
    enum Storage {
        /// `Storage.getCookies`: every cookie in the browser's store, sent on the browser rather than a page.
        struct GetCookies: DevToolsCommand {
            static let method = "Storage.getCookies"

            /// The cookies, as the browser reports them.
            struct Result: Decodable, Sendable {
                /// Every cookie in the store.
                var cookies: [Network.Cookie]?
            }
        }
    }
}

// MARK: - Inspector

extension DevTools {
    /// The `Inspector` domain: tells when the page's renderer crashed or the page went away.
    enum Inspector {
        /// `Inspector.enable`: starts the `Inspector.targetCrashed` and `Inspector.detached` events.
        struct Enable: DevToolsCommand {
            static let method = "Inspector.enable"
            typealias Result = NoResult
        }
    }
}
