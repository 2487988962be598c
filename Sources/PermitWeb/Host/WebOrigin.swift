public import Foundation

/// A web origin: scheme, host and port, compared all three.
///
/// The bridge accepts messages only from origins on its allow-list. An origin is always taken from the web
/// view (the frame that sent the message), never from anything a page sends.
///
/// For example:
///
/// ```swift
/// let app = try WebOrigin("https://app.example.com")     // port 443
/// app == (try WebOrigin("https://app.example.com:443"))  // true
/// app == (try WebOrigin("http://app.example.com"))       // false: scheme and port differ
/// ```
public struct WebOrigin: Hashable, Sendable, CustomStringConvertible {
    /// The scheme, lowercased: `https` or `http`.
    public let scheme: String
    /// The host, lowercased.
    public let host: String
    /// The port, explicit or the scheme's default.
    public let port: Int

    /// Creates an origin from its parts; the scheme and host are lowercased.
    ///
    /// - Throws: ``WebOriginError`` when the scheme is not `http` or `https`, the host is empty, or the port is
    ///   outside 1...65535.
    public init(scheme: String, host: String, port: Int? = nil) throws(WebOriginError) {
        let scheme = scheme.lowercased()
        guard let defaultPort = Self.defaultPorts[scheme] else { throw .unsupportedScheme(scheme) }
        guard !host.isEmpty else { throw .missingHost }
        let port = port ?? defaultPort
        guard (1...65535).contains(port) else { throw .invalidPort(port) }
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = port
    }

    /// Parses an origin or a URL (`https://app.example.com`, `http://localhost:8080/path`); the path, query
    /// and fragment are ignored.
    ///
    /// - Throws: ``WebOriginError`` when the text is not an http or https URL with a host.
    public init(_ text: String) throws(WebOriginError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme else {
            throw .notAURL(text)
        }
        try self.init(scheme: scheme, host: components.host ?? "", port: components.port)
    }

    /// The origin of a URL, or `nil` for a URL that has no http or https origin (`about:blank`, `data:`).
    public init?(url: URL) {
        guard let origin = try? WebOrigin(url.absoluteString) else { return nil }
        self = origin
    }

    /// The serialized origin, with the port only when it is not the scheme's default:
    /// `https://app.example.com`, `http://localhost:8080`.
    public var description: String {
        port == Self.defaultPorts[scheme] ? "\(scheme)://\(host)" : "\(scheme)://\(host):\(port)"
    }

    private static let defaultPorts = ["http": 80, "https": 443]
}

/// Why a text is not a web origin.
public enum WebOriginError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not a URL.
    case notAURL(String)
    /// The scheme is not `http` or `https`.
    case unsupportedScheme(String)
    /// The URL has no host.
    case missingHost
    /// The port is outside 1...65535.
    case invalidPort(Int)

    /// A sentence naming what is wrong.
    public var description: String {
        switch self {
        case .notAURL(let text): "'\(text)' is not a URL"
        case .unsupportedScheme(let scheme): "scheme '\(scheme)' has no web origin; use http or https"
        case .missingHost: "the URL has no host"
        case .invalidPort(let port): "port \(port) is outside 1...65535"
        }
    }
}
