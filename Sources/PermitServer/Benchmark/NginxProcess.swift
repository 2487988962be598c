import AsyncHTTPClient
import NIOCore
import NIOHTTP1
package import Foundation
import PermitChildProcess
import PermitSupport

/// A real nginx from Debian's package (`scripts/setup` installs nginx-light), run as a child process in front of
/// a small static site, with forward auth to `permit server` configured to fail open: the configuration the
/// server article shows, plus the paths a process of its own needs (its pid file, error log and temporary files
/// in a temporary folder, a loopback port above 1024), in the foreground (`daemon off`), with one worker.
///
/// The forward-auth tests run it, and `permit bench server` measures the forward-auth path through it.
package final class NginxProcess: Sendable {
    /// The nginx binary, or `nil` when nginx is not installed.
    package static let executable: URL? = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx", "/usr/local/bin/nginx"]
        .map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// What the sample site's page says.
    package static let sitePage = "<h1>The sample site</h1>\n"

    /// The path that serves the sample page without asking `permit server`: the site without forward auth.
    package static let pathWithoutForwardAuth = "/without-permit"

    /// The loopback port nginx listens on.
    package let port: Int
    private let process: ChildProcess
    private let folder: URL

    private init(port: Int, process: ChildProcess, folder: URL) {
        self.port = port
        self.process = process
        self.folder = folder
    }

    /// Starts nginx on a free loopback port, forwarding auth to `permit server` on `permitPort`; returns once
    /// nginx serves the sample page.
    ///
    /// - Parameters:
    ///   - authTimeout: how long, in seconds, nginx waits for `permit server` (to connect, and to answer) before
    ///     it serves the page anyway.
    ///   - connections: the most connections nginx's worker holds at once; each visit holds two (the visitor's,
    ///     and the auth request's to `permit server`).
    package static func start(permitPort: Int, authTimeout: Int = 1, connections: Int = 256) async throws -> NginxProcess {
        guard let executable else {
            throw ServerError.storageFailed.withDetail("nginx is not installed: run scripts/setup")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-nginx-\(UUID().uuidString)")
        do {
            return try await start(
                executable: executable, folder: folder, permitPort: permitPort, authTimeout: authTimeout, connections: connections)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    private static func start(
        executable: URL, folder: URL, permitPort: Int, authTimeout: Int, connections: Int
    ) async throws -> NginxProcess {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("site"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("temp"), withIntermediateDirectories: true)
        try Data(sitePage.utf8).write(to: folder.appendingPathComponent("site/index.html"))
        let errorLog = folder.appendingPathComponent("error.log")
        var lastFailure = "no reason logged"
        for _ in 0..<5 {
            // A random port below Linux's ephemeral range, as ScratchPostgres picks its own.
            let port = Int.random(in: 20_000..<32_000)
            let configuration = folder.appendingPathComponent("nginx.conf")
            try Data(Self.configuration(
                folder: folder.path, port: port, permitPort: permitPort, authTimeout: authTimeout, connections: connections
            ).utf8).write(to: configuration)
            let process = try ChildProcess(executable.path, [
                "-p", folder.path, "-c", configuration.path, "-e", errorLog.path, "-g", "daemon off; master_process off;",
            ])
            if await servesThePage(port: port, while: process, within: .seconds(30)) {
                return NginxProcess(port: port, process: process, folder: folder)
            }
            await process.stop(grace: .seconds(5))
            let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            lastFailure = log.split(separator: "\n").last.map(String.init) ?? lastFailure
        }
        throw ServerError.storageFailed.withDetail("nginx did not start: \(lastFailure)")
    }

    /// Whether nginx, started as `process`, served the page without forward auth on `port` within `limit`.
    private static func servesThePage(port: Int, while process: ChildProcess, within limit: Duration) async -> Bool {
        let end = ContinuousClock.now.advanced(by: limit)
        let request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(pathWithoutForwardAuth)")
        while ContinuousClock.now < end, process.isRunning {
            if let response = try? await HTTPClient.shared.execute(request, timeout: .seconds(1)) {
                _ = try? await response.body.collect(upTo: 64 * 1024)
                if response.status == .ok { return true }
            }
            do { try await Task.sleep(for: .milliseconds(20)) } catch { return false }
        }
        return false
    }

    /// What nginx logged so far.
    package var errorLog: String {
        (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    /// The lines of ``errorLog`` at level `error` or worse (`2026/11/29 04:00:00 [error] 12#12: …`).
    package var errorLineCount: Int {
        errorLog.split(separator: "\n").count { line in ["[error]", "[crit]", "[alert]", "[emerg]"].contains { line.contains($0) } }
    }

    /// Stops nginx (SIGTERM, then SIGKILL after 5 s) and deletes its folder.
    package func stop() async {
        await process.stop(grace: .seconds(5))
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `body` with nginx started in front of `permit server` on `permitPort`, and stops it whether `body`
    /// returns or throws.
    package static func with<Value: Sendable>(
        permitPort: Int, authTimeout: Int = 1, connections: Int = 256, _ body: (NginxProcess) async throws -> Value
    ) async throws -> Value {
        let nginx = try await start(permitPort: permitPort, authTimeout: authTimeout, connections: connections)
        do {
            let value = try await body(nginx)
            await nginx.stop()
            return value
        } catch {
            await nginx.stop()
            throw error
        }
    }

    /// The configuration: the server article's fail-open forward auth in front of a static site, the same page
    /// without forward auth, and the process's own paths.
    package static func configuration(folder: String, port: Int, permitPort: Int, authTimeout: Int, connections: Int) -> String {
        """
        worker_processes 1;
        pid \(folder)/nginx.pid;
        events { worker_connections \(connections); }
        http {
            access_log off;
            client_body_temp_path \(folder)/temp/body;
            proxy_temp_path \(folder)/temp/proxy;
            fastcgi_temp_path \(folder)/temp/fastcgi;
            uwsgi_temp_path \(folder)/temp/uwsgi;
            scgi_temp_path \(folder)/temp/scgi;
            # permit server, with idle connections kept open to it: without them, each visit's auth request opens one.
            # nginx lets them go after 5 s idle, before permit server's own idle timeout (10 s) closes them under it.
            upstream permit {
                server 127.0.0.1:\(permitPort);
                keepalive 32;
                keepalive_timeout 5s;
            }

            server {
                listen 127.0.0.1:\(port);
                root \(folder)/site;

                location / {
                    auth_request /_permit;
                }

                # The same page, not reported to permit server: the benchmark's baseline, and the start-up probe.
                location = \(pathWithoutForwardAuth) {
                    alias \(folder)/site/index.html;
                    default_type text/html;
                }

                # Forward auth to permit server: it always answers 204 when it answers at all.
                location = /_permit {
                    internal;
                    proxy_pass http://permit/permit/forward-auth;
                    proxy_http_version 1.1;
                    proxy_set_header Connection "";
                    proxy_pass_request_body off;
                    proxy_set_header Content-Length "";
                    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                    proxy_connect_timeout \(authTimeout)s;
                    proxy_send_timeout \(authTimeout)s;
                    proxy_read_timeout \(authTimeout)s;
                    # Fail open: permit server down, slow or answering an error never keeps the page from the visitor.
                    proxy_intercept_errors on;
                    error_page 400 401 403 404 405 408 429 500 502 503 504 = @permit_unavailable;
                }

                location @permit_unavailable {
                    return 204;
                }
            }
        }

        """
    }
}
