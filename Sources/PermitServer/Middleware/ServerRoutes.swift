import Foundation
package import Hummingbird
package import Logging
import NIOCore
import HTTPTypes
import Permit

/// The server's own routes: the native apps' report endpoint and the grant rates as JSON.
///
/// - `POST /permit/installations`: a native app's report (``InstallationReport`` as JSON), authenticated by
///   the app key in `X-Permit-App-Key`; 204 once the write is durable, with the installation's proof in
///   `X-Permit-Installation-Proof` (``InstallationProofs``), 400 for a malformed or oversized body (nothing
///   stored; the body says why in a line of text), 401 for a missing or wrong key, 403 with a one-line reason
///   for a report whose `proof` is not the installation's, or that has none when the installation has proved
///   itself (nothing stored), 503 with a one-line
///   reason and `Retry-After` when the storage failed or did not answer within its deadline (nothing
///   acknowledged: the app sends it again). Kinds the server does not count (``ReportLimits/declaredKinds``)
///   are left out of the report.
/// - `GET /permit/grant-rates?from=YYYY-MM-DD&through=YYYY-MM-DD`: the daily grant counts per kind, with the
///   same key. Aggregates only: the registry keeps the latest state per installation, never a history.
/// - `GET /permit/grant-rates.html?from=…&through=…`: the same counts as a page with a chart
///   (``GrantRatesPage``), for a person in a browser: the key is the password of HTTP Basic authentication (any
///   user name), so that the browser asks for it and it never appears in a URL.
///
/// Each path also answers `HEAD` where it answers `GET`, `OPTIONS` with `Allow`, and 405 with `Allow` for
/// another method; so does `/`, whose `GET` the server adds itself.
package struct ServerRoutes: Sendable {
    private let registry: TokenRegistry
    private let storage: any RegistryStorage
    private let appKey: AppKey
    private let limits: ReportLimits
    private let logger: Logger

    /// Creates the routes.
    package init(registry: TokenRegistry, storage: any RegistryStorage, appKey: AppKey, limits: ReportLimits = ReportLimits(), logger: Logger) {
        self.registry = registry
        self.storage = storage
        self.appKey = appKey
        self.limits = limits
        self.logger = logger
    }

    /// What `GET /` answers: the server saying what it is. The server adds that route itself, after these
    /// (``PermitServerService``); these routes answer `HEAD /` and the other methods there.
    package static let landingText = "Permit server: the registry records the FCM_token and p_ cookies of every request.\n"

    /// Adds the routes to `router`: each path answers `HEAD` where it answers `GET`, `OPTIONS`, and 405 with
    /// `Allow` for another method.
    package func add<Context: RequestContext>(to router: Router<Context>) {
        router.add("/permit/installations", handlers: [.post: { request, _ in try await self.report(request) }])
        router.add("/permit/grant-rates", handlers: [.get: { request, _ in try await self.grantRates(request) }])
        router.add("/permit/grant-rates.html", handlers: [.get: { request, _ in try await self.grantRatesPage(request) }])
        router.add(
            "/", handlers: [.head: { request, context in Self.landingText.response(from: request, context: context).createHeadResponse() }],
            handledElsewhere: [.get])
    }

    private func report(_ request: Request) async throws -> Response {
        guard appKey.accepts(request.headers[HTTPField.Name("X-Permit-App-Key")!]) else {
            logger.info("native report refused", metadata: ["reason": "app key"])
            return Response(status: .unauthorized)
        }
        let report: InstallationReport
        do {
            let body = try await request.body.collect(upTo: limits.maxBodyBytes)
            report = try NativeReport.decode(Data(body.readableBytesView), limits: limits)
        } catch {
            let reason = (error as? ServerError)?.detail ?? "body too large or unreadable"
            logger.info("native report refused", metadata: ["reason": "\(reason)"])
            return Self.badRequest(reason)
        }
        let proof: String
        do {
            try await registry.record(report)
            proof = try await registry.installationProofs().proof(for: report.installation)
        } catch let refusal as ServerError where refusal == .proofRefused {
            // A wrong proof, or none for an installation that has one: 403 with the reason, nothing stored.
            let reason = refusal.detail
            logger.info("native report refused", metadata: ["installation": "\(report.installation)", "reason": "\(reason)"])
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: reason + "\n")))
        } catch {
            // Only a durable write is acknowledged: anything else is 503, with a reason and a time to retry.
            let reason = (error as? ServerError)?.summary ?? "the registry's storage failed"
            logger.error("native report not recorded", metadata: [
                "installation": "\(report.installation)", "error": "\((error as? ServerError)?.detail ?? "\(error)")",
            ])
            return Response(
                status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8", .retryAfter: "5"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "\(reason); nothing was recorded, retry later\n")))
        }
        return Response(status: .noContent, headers: [Self.proofHeader: proof])
    }

    /// The header of a 204 that carries the installation's proof (``InstallationProofs``).
    private static let proofHeader = HTTPField.Name(InstallationProofs.responseHeader)!

    private func grantRates(_ request: Request) async throws -> Response {
        guard appKey.accepts(request.headers[HTTPField.Name("X-Permit-App-Key")!]) else {
            return Response(status: .unauthorized)
        }
        let parameters = request.uri.queryParameters
        let from = parameters.get("from") ?? "0000-00-00", through = parameters.get("through") ?? "9999-99-99"
        guard Self.isDay(from), Self.isDay(through) else { return Self.badRequest(Self.daysReason) }
        let days = try await storage.grantDays(from: from, through: through)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = try encoder.encode(GrantRatesReport(days: days))
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    private func grantRatesPage(_ request: Request) async throws -> Response {
        guard appKey.accepts(Self.basicPassword(request.headers[.authorization])) else {
            return Response(status: .unauthorized, headers: [.wwwAuthenticate: "Basic realm=\"Permit grant rates\", charset=\"UTF-8\""])
        }
        let parameters = request.uri.queryParameters
        let from = parameters.get("from") ?? "0000-00-00", through = parameters.get("through") ?? "9999-99-99"
        guard Self.isDay(from), Self.isDay(through) else { return Self.badRequest(Self.daysReason) }
        let days = try await storage.grantDays(from: from, through: through)
        let html = GrantRatesPage.html(
            days, from: from == "0000-00-00" ? "the first day" : from, through: through == "9999-99-99" ? "today" : through)
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A 400 whose body says why in a short line, never echoing what the request carried.
    static func badRequest(_ reason: String) -> Response {
        Response(
            status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: reason + "\n")))
    }

    private static let daysReason = "from and through must be days, YYYY-MM-DD"

    /// The password of an HTTP Basic `Authorization` header (RFC 7617), or `nil`.
    static func basicPassword(_ header: String?) -> String? {
        guard let header, header.count > 6, header.prefix(6).lowercased() == "basic ",
            let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let credentials = String(data: decoded, encoding: .utf8), let colon = credentials.firstIndex(of: ":")
        else { return nil }
        return String(credentials[credentials.index(after: colon)...])
    }

    private static func isDay(_ text: String) -> Bool {
        text.utf8.count == 10 && text.utf8.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
