import Foundation
import HTTPTypes
import Logging
import PermitServer
import Testing

/// Forward auth end to end: a real nginx in front of a sample site asks the real `permit server` about every
/// visit (`auth_request`), configured to fail open as the server article shows it.
@Suite(
    .enabled(if: ServerProcess.executable != nil, "the permit tool is not built next to the tests (swift build --build-tests)"),
    .enabled(if: NginxProcess.shouldRun, "nginx is not installed (scripts/setup installs it); under CI=true this fails instead"),
    .serialized)
struct ForwardAuthTests {
    /// A visit through nginx is recorded in the registry (token, platform-less installation named after the token,
    /// and the camera cookie); once `permit server` is really stopped, the site still answers, at once.
    @Test func aVisitThroughNginxIsRecordedAndTheSiteAnswersWithThePermitServerStopped() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("registry.sqlite")
        let server = try ServerProcess(["--sqlite", database, "--port", "0"])
        let permitPort = try #require(await server.listeningPort(within: .seconds(30)), "no listening line: \(server.standardError)")
        let nginx = try await NginxProcess.start(permitPort: permitPort)
        do {
            let token = "nginx-visit-\(UUID().uuidString)"
            let visit = try await HTTPGet.get(port: nginx.port, cookie: "FCM_token=\(token); p_Camera=yes; theme=dark")
            #expect(visit.status == 200)
            #expect(visit.body == NginxProcess.sitePage)
            // The answer did not wait for the write: look for it in the registry for a while.
            let record = try await Self.record(CookieReport.installationName(token: token), in: database, within: .seconds(10))
            #expect(record?.token == token, "not recorded; nginx: \(nginx.errorLog.suffix(1500)) server: \(server.standardError.suffix(1500))")
            #expect(record?.states["camera"] == .granted)
            #expect(server.standardError.contains("/permit/forward-auth"), "no access-log line for the forward-auth request")

            server.send(SIGTERM)
            #expect(await server.waitForExit(within: .seconds(10)) != nil)
            #expect(server.exitStatus == 0)
            #expect((try? RawSocket(port: permitPort)) == nil, "something still listens on the server's port")
            let whileDown = try await HTTPGet.get(port: nginx.port, cookie: "FCM_token=while-down")
            #expect(whileDown.status == 200)
            #expect(whileDown.body == NginxProcess.sitePage)
            // A refused connection fails the subrequest at once, not at the auth timeout: nginx logs the refusal and
            // no timeout (a wall-clock bound here failed a clean-clone CI run at 1.07 s on a loaded machine).
            #expect(!nginx.errorLog.contains("timed out"), "the subrequest waited for the auth timeout: \(nginx.errorLog.suffix(1500))")
            #expect(nginx.errorLog.contains("Connection refused"), "nginx did not try permit server: \(nginx.errorLog.suffix(1500))")
        } catch {
            await server.kill9()
            await nginx.stop()
            throw error
        }
        await server.kill9()
        await nginx.stop()
    }

    /// A `permit server` that accepts the connection but never answers (stopped with SIGSTOP) delays the page by
    /// nginx's auth timeout (1 s for connecting and reading here), never more, and never keeps it from the visitor.
    @Test func aHungPermitServerDelaysThePageByTheAuthTimeoutOnly() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try ServerProcess(["--sqlite", folder.file("registry.sqlite"), "--port", "0"])
        let permitPort = try #require(await server.listeningPort(within: .seconds(30)), "no listening line: \(server.standardError)")
        let nginx = try await NginxProcess.start(permitPort: permitPort, authTimeout: 1)
        server.send(SIGSTOP)
        let start = ContinuousClock.now
        let visit: Result<HTTPGet.Answer, any Error>
        do {
            visit = .success(try await HTTPGet.get(port: nginx.port, cookie: "FCM_token=while-hung"))
        } catch {
            visit = .failure(error)
        }
        let took = start.duration(to: .now)
        server.send(SIGCONT)
        await server.kill9()
        let log = nginx.errorLog
        await nginx.stop()
        let answer = try visit.get()
        #expect(answer.status == 200)
        #expect(answer.body == NginxProcess.sitePage)
        #expect(took >= .milliseconds(900), "the page came in \(took): was permit server really stopped?")
        #expect(took < .seconds(4), "the page took \(took)")
        #expect(log.contains("timed out"), "nginx: \(log.suffix(1500))")
    }

    /// The record of `installation` in the SQLite registry at `path`, read until it appears or `limit` passes.
    static func record(_ installation: String, in path: String, within limit: Duration) async throws -> InstallationRecord? {
        let end = ContinuousClock.now.advanced(by: limit)
        while true {
            let record = try await RegistryEngine.sqlite(path: path).withStorage(logger: .quiet) { storage in
                try await storage.record(installation: installation)
            }
            if record != nil || ContinuousClock.now >= end { return record }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
