import Foundation
import PermitChildProcess

/// pywebpush, unmodified from PyPI, in the virtual environment scripts/setup makes under .build (or the Python
/// at `PERMIT_WEBPUSH_PYTHON`): the sender a site's backend uses, driven by a few lines of Python.
enum PyWebPush {
    /// The Python that has pywebpush, or `nil` when scripts/setup has not installed it.
    static let python: String? = {
        if let named = ProcessInfo.processInfo.environment["PERMIT_WEBPUSH_PYTHON"] { return named }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent(".build/webpush-python/bin/python3").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// Whether the tests that send with pywebpush run: it is installed, or this is CI, where its absence fails.
    static let shouldRun = python != nil || ProcessInfo.processInfo.environment["CI"] == "true"

    /// What `webpush()` did: the push service's status, or why no request was made.
    struct Outcome: Sendable, Equatable {
        var status: Int?
        var output: String
    }

    /// Sends `data` to `subscription` (a PushSubscription's JSON) with `webpush()`, signing VAPID with the PEM
    /// private key at `keyFile`.
    static func send(_ data: String, to subscription: String, keyFile: String) async throws -> Outcome {
        guard let python else { throw NotInstalled() }
        let script = """
            import json, sys
            sys.stderr = sys.stdout
            from pywebpush import webpush, WebPushException
            try:
                response = webpush(subscription_info=json.loads(sys.argv[1]), data=sys.argv[2], vapid_private_key=sys.argv[3],
                                   vapid_claims={"sub": "mailto:ops@shop.example"}, ttl=60, timeout=20)
                print(response.status_code)
            except WebPushException as error:
                print(error.response.status_code if error.response is not None else "none")
                print(error.response.text if error.response is not None else error, file=sys.stderr)
            """
        let child = try ChildProcess(python, ["-c", script, subscription, data, keyFile], standardOutput: .captured, standardError: .captured)
        let output = String(decoding: await child.readAllOutput(), as: UTF8.self)
        _ = await child.termination()
        let status = output.split(separator: "\n").first.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return Outcome(status: status, output: output)
    }

    struct NotInstalled: Error, CustomStringConvertible {
        var description: String { "pywebpush is not installed: run scripts/setup" }
    }
}
