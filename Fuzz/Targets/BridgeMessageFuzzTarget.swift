// libFuzzer target: the bridge's decoder of a raw message from the page, `BridgeRequest.decode`.
//
// Built and run by scripts/fuzz. Every input is one message body exactly as a page would post it (bytes that
// are not UTF-8 are read the way a web view hands text over, with replacement characters). The decoder must
// never crash, and what it returns must hold together:
//
// - a message over the size limit is `tooLarge`, and nothing else is;
// - a failure carries one of the documented codes, and its reply is JSON that names the id only when the
//   message's id was valid;
// - a success has an id in 1...2^53, parameters that are JSON text of an object, and decodes to the same
//   request once written back in canonical form.

import Foundation
@testable import Permit
@testable import PermitWeb
import PermitSupport

private let maximumSize = 16 * 1024
private let decodingCodes: Set<String> = ["malformed", "tooLarge", "unsupportedVersion"]

@_cdecl("LLVMFuzzerTestOneInput")
public func bridgeMessageFuzzTarget(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let result = BridgeRequest.decode(text, maximumSize: maximumSize)
    switch result {
    case .failure(let failure):
        let isOversized = text.utf8.count > maximumSize
        check(isOversized == (failure.error.code == "tooLarge"), "tooLarge exactly when over the limit")
        check(decodingCodes.contains(failure.error.code), "a decoding error has a decoding code: \(failure.error.code)")
        if let id = failure.id { check((1...(Int64(1) << 53)).contains(id), "an error's id is a valid id") }
        let reply = BridgeReply.error(id: failure.id, failure.error)
        guard let parsed = try? JSONValue.parse(Data(reply.utf8)) else { fail("an error reply is JSON") }
        check(parsed["id"] == failure.id.map(JSONValue.integer) ?? .null, "an error reply echoes the id it read")
        check(parsed["error"]?["code"] == .string(failure.error.code), "an error reply carries the code")
    case .success(let request):
        check(text.utf8.count <= maximumSize, "nothing over the limit decodes")
        check((1...(Int64(1) << 53)).contains(request.id), "a decoded id is in 1...2^53")
        guard let params = try? JSONValue.parse(JSONValue.object(request.params).jsonText), params.objectValue != nil
        else { fail("the params written out are JSON text of an object") }
        check(params == .object(request.params), "the params written out read back the same")
        let canonical = JSONValue.object([
            "v": .integer(1), "id": .integer(request.id), "method": .string(request.method), "params": params,
        ]).jsonText
        // The canonical form may be longer than the original (escapes), so it is decoded without a limit.
        guard case .success(let again) = BridgeRequest.decode(canonical, maximumSize: Int.max) else {
            fail("a decoded request decodes again once written back")
        }
        check(again == request, "a request written back decodes to itself")
        let reply = BridgeReply.result(id: request.id, .string(request.method))
        check((try? JSONValue.parse(Data(reply.utf8)))?["result"] == .string(request.method), "a result reply is JSON")
    }
    return 0
}

private func check(_ condition: Bool, _ property: @autoclosure () -> String) {
    if !condition { fail(property()) }
}

private func fail(_ property: String) -> Never {
    fatalError("bridge-message fuzz target: property broken: \(property)")
}
