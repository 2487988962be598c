// MARK: - Network

extension DevTools {
    /// The `Network` domain: cookies, as the page's session writes and deletes them.
    enum Network {
        /// `Network.enable`: starts the domain, which the cookie commands need.
        struct Enable: DevToolsCommand {
            static let method = "Network.enable"
            typealias Result = NoResult
        }

        /// `Network.setCookie`: stores a cookie, scoped by `url` for a host-only cookie or by `domain`
        /// (with a leading dot) for one sent to subdomains too.
        struct SetCookie: DevToolsCommand, Equatable {
            static let method = "Network.setCookie"
            /// The cookie's name.
            var name: String
            /// The cookie's value.
            var value: String
            /// The URL whose host a host-only cookie belongs to; `nil` when ``domain`` is given.
            var url: String?
            /// The domain, with a leading dot, of a cookie sent to subdomains too; `nil` for a host-only one.
            var domain: String?
            /// The path the cookie is sent for.
            var path: String
            /// Whether the cookie is sent over secure connections only.
            var secure: Bool
            /// Whether page script is kept from reading the cookie.
            var httpOnly: Bool
            /// `Strict`, `Lax` or `None`; `nil` leaves the attribute out.
            var sameSite: String?
            /// The expiry in seconds since 1970; `nil` for a session cookie.
            var expires: Double?

            /// Whether the browser took the cookie.
            struct Result: Decodable, Sendable {
                /// `false` when the browser refused the cookie.
                var success: Bool?
            }
        }

        /// `Network.deleteCookies`: deletes the cookies with this name whose domain and path match exactly.
        struct DeleteCookies: DevToolsCommand, Equatable {
            static let method = "Network.deleteCookies"
            /// The cookie's name.
            var name: String
            /// The domain as stored: without a dot for a host-only cookie, with one for a domain cookie.
            var domain: String
            /// The cookie's path.
            var path: String
            typealias Result = NoResult
        }

        /// A cookie as the browser reports it.
        struct Cookie: Codable, Sendable, Equatable {
            /// The cookie's name.
            var name: String?
            /// The cookie's value.
            var value: String?
            /// The host of a host-only cookie, or the domain with a leading dot of one sent to subdomains too.
            var domain: String?
            /// The path the cookie is sent for.
            var path: String?
            /// Seconds since 1970; meaningless (`-1`) for a session cookie.
            var expires: Double?
            /// Whether the cookie is sent over secure connections only.
            var secure: Bool?
            /// Whether page script is kept from reading the cookie.
            var httpOnly: Bool?
            /// Whether the cookie ends with the browsing session.
            var session: Bool?
            /// `Strict`, `Lax` or `None`; absent when the cookie was set without the attribute.
            var sameSite: String?
        }
    }
}
