import Foundation
import PermitChildProcess

/// pywebpush, unmodified from PyPI, in the virtual environment scripts/setup makes under `.build` (or the Python
/// at `PERMIT_WEBPUSH_PYTHON`): the sender a site's backend uses, driven by a few lines of Python. The tests and
/// the demo send Web Push through it, so that what reaches `permit server` is what a real site sends.
package enum PyWebPush {
    /// The Python that has pywebpush: `PERMIT_WEBPUSH_PYTHON`, else `.build/webpush-python` in the working
    /// directory or in this checkout; `nil` when scripts/setup has not installed it.
    package static let python: String? = {
        if let named = ProcessInfo.processInfo.environment["PERMIT_WEBPUSH_PYTHON"], !named.isEmpty { return named }
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(venv).path,
            checkout.appendingPathComponent(venv).path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    private static let venv = ".build/webpush-python/bin/python3"

    /// What `webpush()` did: the push service's status, or `nil` when no answer came, and everything it printed.
    package struct Outcome: Sendable, Equatable {
        /// The push service's HTTP status.
        package var status: Int?
        /// What the script printed: the status, and the service's answer when it refused.
        package var output: String
    }

    /// Why pywebpush could not be run.
    package struct NotInstalled: Error, CustomStringConvertible {
        package var description: String { "pywebpush is not installed: run scripts/setup (it installs it under .build/webpush-python)" }
    }

    /// Sends `data` to `subscription` (a `PushSubscription`'s JSON) with `webpush()`, signing VAPID with the PEM
    /// private key at `keyFile`, with a TTL of 60 s.
    package static func send(_ data: String, to subscription: String, keyFile: String) async throws -> Outcome {
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
                print(error.response.text if error.response is not None else error)
            """
        let child = try ChildProcess(python, ["-c", script, subscription, data, keyFile], standardOutput: .captured, standardError: .discarded)
        let output = String(decoding: await child.readAllOutput(), as: UTF8.self)
        _ = await child.termination()
        let status = output.split(separator: "\n").first.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return Outcome(status: status, output: output)
    }
}
