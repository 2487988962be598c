import Foundation
import Permit
import PermitSupport
import PermitWeb

/// The part of the Chrome DevTools protocol that Permit speaks, as types: one namespace per protocol domain
/// (`DevTools.Page`, `DevTools.Runtime`, ...), each holding its commands (``DevToolsCommand``) and the
/// parameters of its events (read by ``DevToolsEvent``).
///
/// Field names follow the protocol's JSON (`targetId`, `uniqueId`) so that the synthesized `Codable`
/// conformances read and write it directly. A field the browser may leave out is optional; the callers decide
/// what its absence means.
enum DevTools {
    // MARK: - Results

    /// The result of a command whose answer Permit does not read.
    struct NoResult: Decodable, Sendable, Equatable {}

    // MARK: - Coding

    /// One encoder for every message, and a decoder that reads the parsed answer directly: making a JSON
    /// decoder per message and encoding the answer back to text for it showed in a cookie write's time.
    private static let encoder = JSONEncoder()
    private static let decoder = JSONValueDecoder()

    /// The parameters of `command`, as the JSON text the transport sends.
    static func parameters(of command: some Encodable) throws -> Data {
        try encoder.encode(command)
    }

    /// Reads a command's result or an event's parameters as `type`.
    ///
    /// - Throws: `WebViewError.engineRefused` naming `method` when the JSON does not have the expected shape;
    ///   the JSON itself stays out of the error, as it may hold page data.
    static func decode<Value: Decodable>(_ type: Value.Type, from json: JSONValue, method: String) throws -> Value {
        do {
            return try decoder.decode(type, from: json)
        } catch {
            throw WebViewError.engineRefused.withDetail("unexpected answer to \(method)")
        }
    }
}
