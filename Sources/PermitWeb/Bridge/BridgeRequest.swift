import Foundation
import Permit
package import PermitSupport

/// One call from the page: `{"v": 1, "id": 7, "method": "requestPermission", "params": {"type": "camera"}}`.
///
/// Decoding is strict: one JSON object, no member beyond these four, `v` exactly 1, `id` a positive integer
/// (at most 2^53, so that JavaScript holds it exactly), `method` a string, `params` an object when present.
package struct BridgeRequest: Hashable, Sendable {
    /// The page's number for the call, echoed in the reply.
    package var id: Int64
    /// The method's name.
    package var method: String
    /// The method's parameters (empty when absent).
    package var params: [String: JSONValue]

    /// Decodes a message the page posted.
    ///
    /// - Parameters:
    ///   - text: The message body.
    ///   - maximumSize: The largest body accepted, in bytes of UTF-8.
    /// - Returns: The request, or the error to answer with; the error carries the request's `id` when it
    ///   could be read.
    package static func decode(_ text: String, maximumSize: Int) -> Result<BridgeRequest, IdentifiedBridgeError> {
        guard text.utf8.count <= maximumSize else {
            return .failure(IdentifiedBridgeError(id: nil, error: .tooLarge(limit: maximumSize)))
        }
        guard let value = try? JSONValue.parse(text), let members = value.objectValue else {
            return .failure(IdentifiedBridgeError(id: nil, error: .malformed("a message is one JSON object")))
        }
        let id = members["id"]?.integerValue.flatMap { (1...(Int64(1) << 53)).contains($0) ? $0 : nil }
        func failure(_ error: BridgeError) -> Result<BridgeRequest, IdentifiedBridgeError> {
            .failure(IdentifiedBridgeError(id: id, error: error))
        }
        if members.keys.contains(where: { !["v", "id", "method", "params"].contains($0) }) {
            return failure(.malformed("a message has only the members v, id, method and params"))
        }
        guard let version = members["v"] else { return failure(.malformed("v is missing")) }
        guard version.integerValue == 1 else { return failure(.unsupportedVersion) }
        guard let id else { return failure(.malformed("id must be an integer in 1...2^53")) }
        guard let method = members["method"]?.stringValue else { return failure(.malformed("method must be a string")) }
        let params: [String: JSONValue]
        switch members["params"] {
        case nil, .null?: params = [:]
        case .object(let object)?: params = object
        default: return failure(.malformed("params must be an object"))
        }
        return .success(
            BridgeRequest(id: id, method: method, params: params))
    }
}

/// A bridge error with the id of the request it answers, when the request's id could be read.
package struct IdentifiedBridgeError: Error, Hashable, Sendable {
    /// The request's id, or `nil` when the message was too broken to have one.
    package var id: Int64?
    /// The error.
    package var error: BridgeError

    /// Creates an identified error.
    package init(id: Int64?, error: BridgeError) {
        self.id = id
        self.error = error
    }
}

/// Builds the replies the page receives.
enum BridgeReply {
    static func result(id: Int64, _ result: JSONValue) -> String {
        JSONValue.object(["id": .integer(id), "result": result]).jsonText
    }

    static func error(id: Int64?, _ error: BridgeError) -> String {
        JSONValue.object([
            "id": id.map(JSONValue.integer) ?? .null,
            "error": .object(["code": .string(error.code), "message": .string(error.message)]),
        ]).jsonText
    }
}
