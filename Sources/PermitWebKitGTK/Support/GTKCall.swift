import CPermitWebKitGTK
import Foundation

/// A call queued on the GTK thread, awaited from Swift: its continuation travels to C as an opaque token and
/// is resumed exactly once, from the C callback, which takes back the retained box.
final class PendingCall<Value: Sendable>: Sendable {
    /// Resumed by the callback.
    let continuation: CheckedContinuation<Value, any Error>

    private init(_ continuation: CheckedContinuation<Value, any Error>) {
        self.continuation = continuation
    }

    /// Starts a call with a retained token and waits for its callback.
    static func run(
        isolation: isolated (any Actor)? = #isolation, _ start: (UnsafeMutableRawPointer) -> Void
    ) async throws -> Value {
        try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
            start(Unmanaged.passRetained(PendingCall(continuation)).toOpaque())
        }
    }

    /// The box behind a token; the token is spent.
    static func take(_ token: UnsafeMutableRawPointer?) -> PendingCall {
        Unmanaged<PendingCall>.fromOpaque(token!).takeRetainedValue()
    }
}

/// What the GTK side answered when a call failed: WebKit's own message.
struct GTKFailure: Error, Sendable {
    /// WebKit's message (for JavaScript, the exception's text; not shown to users).
    let message: String
}

/// The C callbacks that end calls: each resumes the call's continuation.
enum GTKCallbacks {
    /// A call with a text result, or a failure message.
    static let text: permit_wk_done = { token, ok, text in
        let call = PendingCall<String?>.take(token)
        let text = text.map { String(cString: $0) }
        if ok != 0 {
            call.continuation.resume(returning: text)
        } else {
            call.continuation.resume(throwing: GTKFailure(message: text ?? ""))
        }
    }

    /// A PNG or a failure message.
    static let png: permit_wk_png_done = { token, bytes, length, error in
        let call = PendingCall<Data>.take(token)
        if let error {
            call.continuation.resume(throwing: GTKFailure(message: String(cString: error)))
        } else {
            call.continuation.resume(returning: bytes.map { Data(bytes: $0, count: length) } ?? Data())
        }
    }

    /// The cookies read, converted while the C array is alive.
    static let cookies: permit_wk_cookies_done = { token, cookies, count, error in
        let call = PendingCall<[WebKitCookie]>.take(token)
        if let error {
            call.continuation.resume(throwing: GTKFailure(message: String(cString: error)))
            return
        }
        let read = (0..<count).map { WebKitCookie(cookies![$0]) }
        call.continuation.resume(returning: read)
    }
}

/// The shim's view, handed between threads.
struct GTKView: @unchecked Sendable {
    // @unchecked: the pointer is only passed to the shim's functions, which queue their work on the GTK
    // thread; Swift never reads through it.
    let pointer: OpaquePointer
}
