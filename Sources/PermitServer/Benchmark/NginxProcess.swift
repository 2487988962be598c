import Foundation
import PermitChildProcess
import PermitServer
import PermitSupport

/// A real nginx from Debian's package (`scripts/setup` installs nginx-light), run as a child process in front of
/// a small static site, with forward auth to `permit server` configured to fail open: the configuration the
/// server article shows, plus the paths a process of its own needs (its pid file, error log and temporary files
/// in a temporary folder, a loopback port above 1024), in the foreground (`daemon off`).
final class NginxProcess: Sendable {
    /// The nginx binary, or `nil` when nginx is not installed.
    static let executable: URL? = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx", "/usr/local/bin/nginx"]
        .map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// Whether the nginx tests run: nginx is installed, or this is CI, where its absence fails.
    static let shouldRun = executable != nil || ProcessInfo.processInfo.environment["CI"] == "true"

    /// What the sample site's page says.
    static let sitePage = "<h1>The sample site</h1>\n"

    /// The loopback port nginx listens on.
    let port: Int
    private let process: ChildProcess
    private let folder: URL

    private init(port: Int, process: ChildProcess, folder: URL) {
        self.port = port
        self.process = process
        self.folder = folder
    }

    /// Starts nginx on a free loopback port, forwarding auth to `permit server` on `permitPort`; returns once
    /// nginx accepts connections.
    ///
    /// - Parameter authTimeout: how long nginx waits for `permit server` (to connect, and to answer) before it
    ///   serves the page anyway.
    static func start(permitPort: Int, authTimeout: Int = 1) async throws -> NginxProcess {
        guard let executable else {
            throw ServerError.storageFailed.withDetail("nginx is not installed: run scripts/setup")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permit-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("site"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("temp"), withIntermediateDirectories: true)
        try Data(sitePage.utf8).write(to: folder.appendingPathComponent("site/index.html"))
        let errorLog = folder.appendingPathComponent("error.log")
        var lastFailure = "no reason logged"
        for _ in 0..<5 {
            // A random port below Linux's ephemeral range, as ScratchPostgres picks its own.
            let port = Int.random(in: 20_000..<32_000)
            let configuration = folder.appendingPathComponent("nginx.conf")
            try Data(Self.configuration(folder: folder.path, port: port, permitPort: permitPort, authTimeout: authTimeout).utf8)
                .write(to: configuration)
            let process = try ChildProcess(executable.path, [
                "-p", folder.path, "-c", configuration.path, "-e", errorLog.path, "-g", "daemon off; master_process off;",
            ])
            let end = ContinuousClock.now.advanced(by: .seconds(30))
            while ContinuousClock.now < end, process.isRunning {
                if (try? RawSocket(port: port)) != nil {
                    return NginxProcess(port: port, process: process, folder: folder)
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            await Self.end(process)
            let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            lastFailure = log.split(separator: "\n").last.map(String.init) ?? lastFailure
        }
        try? FileManager.default.removeItem(at: folder)
        throw ServerError.storageFailed.withDetail("nginx did not start: \(lastFailure)")
    }

    /// What nginx logged so far.
    var errorLog: String {
        (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    /// Stops nginx (SIGTERM, then SIGKILL after 5 s) and deletes its folder.
    func stop() async {
        await Self.end(process)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Ends `process`: SIGTERM, then SIGKILL after 5 s, and waits for it to be reaped.
    private static func end(_ process: ChildProcess) async {
        process.send(SIGTERM)
        if await eventually(within: .seconds(5), { !process.isRunning }) { return }
        process.send(SIGKILL)
        _ = await process.termination()
    }

    /// The configuration: the server article's fail-open forward auth in front of a static site, and the
    /// process's own paths.
    static func configuration(folder: String, port: Int, permitPort: Int, authTimeout: Int) -> String {
        """
        worker_processes 1;
        pid \(folder)/nginx.pid;
        events { worker_connections 64; }
        http {
            access_log off;
            client_body_temp_path \(folder)/temp/body;
            proxy_temp_path \(folder)/temp/proxy;
            fastcgi_temp_path \(folder)/temp/fastcgi;
            uwsgi_temp_path \(folder)/temp/uwsgi;
            scgi_temp_path \(folder)/temp/scgi;
            server {
                listen 127.0.0.1:\(port);
                root \(folder)/site;

                location / {
                    auth_request /_permit;
                }

                # Forward auth to permit server: it always answers 204 when it answers at all.
                location = /_permit {
                    internal;
                    proxy_pass http://127.0.0.1:\(permitPort)/permit/forward-auth;
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
