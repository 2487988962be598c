import Foundation
package import Hummingbird
package import Logging
import NIOCore
import HTTPTypes
import Permit

/// The server's own routes: the native apps' report endpoint, the grant rates, and deleting an installation.
///
/// Two secrets open them: the app key, which ships inside every app and so is known to anyone who looks, only
/// lets a native app report; the admin key, the operator's own, reads the grant rates and deletes.
///
/// - `POST /permit/installations`: a native app's report (``InstallationReport`` as JSON), authenticated by
///   the app key in `X-Permit-App-Key`; 204 once the write is durable, with the installation's proof in
///   `X-Permit-Installation-Proof` (``InstallationProofs``), 400 for a malformed or oversized body (nothing
///   stored; the body says why in a line of text), 401 for a missing or wrong key, 403 with a one-line reason
///   for a report whose `proof` is not the installation's, or that has none when the installation has proved
///   itself (nothing stored), 408 for a body not received within the body deadline, 429 with `Retry-After`
///   when its client or installation reports faster than its ``ClientLimits``, 503 with a one-line reason and
///   `Retry-After` when the storage failed or did not answer within its deadline (nothing acknowledged: the app
///   sends it again). Kinds the server does not count (``ReportLimits/declaredKinds``) are left out of the
///   report.
/// - `DELETE /permit/installations/ID`: everything the registry keeps of one installation (the daily
///   aggregates, which name no one, stay), with the admin key; 204 when it was deleted, 404 when the registry
///   holds no such installation, 400 for a malformed identifier, 503 when the storage failed.
/// - `GET /permit/installations/ID`: what the registry keeps of one installation (``InstallationSummary``, JSON:
///   its token shortened, its states, its notification settings and whether it is silent only), with the admin
///   key; 404 when the registry holds no such installation, 400 for a malformed identifier, 503 when the storage
///   failed.
/// - `GET /permit/grant-rates?from=YYYY-MM-DD&through=YYYY-MM-DD`: the daily grant counts per kind, and how many
///   installations are silent only now (``NotificationCounts``), with the admin key. Aggregates only: the
///   registry keeps the latest state per installation, never a history.
/// - `GET /permit/grant-rates.html?from=…&through=…`: the same counts as a page with a chart
///   (``GrantRatesPage``), for a person in a browser.
///
/// The admin key is given as `Authorization: Bearer KEY`, or as the password of HTTP Basic authentication (any
/// user name), which a browser asks for on the page, so that the key never appears in a URL.
///
/// Each path also answers `HEAD` where it answers `GET`, `OPTIONS` with `Allow`, and 405 with `Allow` for
/// another method; so does `/`, whose `GET` the server adds itself.
package struct ServerRoutes: Sendable {
    private let registry: TokenRegistry
    private let storage: any RegistryStorage
    private let appKey: SecretKey
    private let adminKey: SecretKey
    private let limits: ReportLimits
    private let bodyDeadline: Duration
    private let limiter: ClientLimiter?
    private let logger: Logger

    /// Creates the routes.
    ///
    /// - Parameters:
    ///   - appKey: what native apps send; it opens the report endpoint only.
    ///   - adminKey: the operator's secret, for the grant rates and deletion; it must differ from the app key.
    ///   - bodyDeadline: how long a native report's body may take to arrive (a client sending it a byte at a
    ///     time holds a connection and a task): 408 after that.
    ///   - limiter: the rates a client and an installation may report at (429 beyond); `nil`, none.
    package init(
        registry: TokenRegistry, storage: any RegistryStorage, appKey: SecretKey, adminKey: SecretKey,
        limits: ReportLimits = ReportLimits(), bodyDeadline: Duration = .seconds(10), limiter: ClientLimiter? = nil,
        logger: Logger
    ) {
        self.registry = registry
        self.storage = storage
        self.appKey = appKey
        self.adminKey = adminKey
        self.limits = limits
        self.bodyDeadline = bodyDeadline
        self.limiter = limiter
        self.logger = logger
    }

    /// What `GET /` answers: the server saying what it is. The server adds that route itself, after these
    /// (``PermitServerService``); these routes answer `HEAD /` and the other methods there.
    package static let landingText = "Permit server: the registry records the FCM_token and p_ cookies of every request.\n"

    /// Adds the routes to `router`: each path answers `HEAD` where it answers `GET`, `OPTIONS`, and 405 with
    /// `Allow` for another method.
    package func add<Context: RequestContext>(to router: Router<Context>) {
        router.add("/permit/installations", handlers: [.post: { request, context in try await self.report(request, context) }])
        router.add(
            "/permit/installations/:installation",
            handlers: [
                .get: { request, context in try await self.installation(request, installation: context.parameters.get("installation")) },
                .delete: { request, context in try await self.delete(request, installation: context.parameters.get("installation")) },
            ])
        router.add("/permit/grant-rates", handlers: [.get: { request, _ in try await self.grantRates(request) }])
        router.add("/permit/grant-rates.html", handlers: [.get: { request, _ in try await self.grantRatesPage(request) }])
        router.add(
            "/", handlers: [.head: { request, context in Self.landingText.response(from: request, context: context).createHeadResponse() }],
            handledElsewhere: [.get])
    }

    private func report<Context: RequestContext>(_ request: Request, _ context: Context) async throws -> Response {
        guard appKey.accepts(request.headers[HTTPField.Name("X-Permit-App-Key")!]) else {
            logger.info("native report refused", metadata: ["reason": "app key"])
            return Response(status: .unauthorized)
        }
        let report: InstallationReport
        do {
            guard let body = try await receiveBody(request) else {
                logger.info("native report refused", metadata: ["reason": "body not received within \(bodyDeadline)"])
                return Self.plainText(.requestTimeout, "the body did not arrive within \(bodyDeadline); nothing was recorded")
            }
            report = try NativeReport.decode(body, limits: limits)
        } catch {
            let reason = (error as? ServerError)?.detail ?? "body too large or unreadable"
            logger.info("native report refused", metadata: ["reason": "\(reason)"])
            return Self.badRequest(reason)
        }
        if let limiter, case let verdict = limiter.admit(report.installation, request: request, context: context),
            verdict != .admitted
        {
            var response = Self.plainText(
                .tooManyRequests,
                verdict == .tooFastForAddress
                    ? "too many reports from this client; nothing was recorded, retry later"
                    : "too many reports for this installation; nothing was recorded, retry later")
            response.headers[.retryAfter] = "1"
            return response
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

    /// The request's whole body, or `nil` when it did not arrive within the body deadline.
    ///
    /// The deadline is checked as each piece arrives, in this task: the body is the connection's own stream,
    /// which only one task may read. A client that sends nothing more is closed by the server's idle timeout,
    /// so a body is answered at most the idle timeout after its deadline.
    private func receiveBody(_ request: Request) async throws -> Data? {
        let deadline = ContinuousClock.now.advanced(by: bodyDeadline)
        var body = Data()
        for try await piece in request.body {
            guard ContinuousClock.now < deadline else { return nil }
            guard body.count + piece.readableBytes <= limits.maxBodyBytes else {
                throw ServerError.badRequest.withDetail("body too large")
            }
            body.append(contentsOf: piece.readableBytesView)
        }
        return body
    }

    private func delete(_ request: Request, installation: String?) async throws -> Response {
        guard adminKey.accepts(Self.adminCredential(request.headers)) else { return Self.adminRefused }
        guard let installation, limits.isValidInstallation(installation) else {
            return Self.badRequest("malformed installation")
        }
        do {
            guard try await registry.deleteInstallation(installation) else {
                return Self.plainText(.notFound, "no such installation")
            }
        } catch {
            logger.error("installation not deleted", metadata: [
                "installation": "\(installation)", "error": "\((error as? ServerError)?.detail ?? "\(error)")",
            ])
            let reason = (error as? ServerError)?.summary ?? "the registry's storage failed"
            var response = Self.plainText(.serviceUnavailable, "\(reason); nothing was deleted, retry later")
            response.headers[.retryAfter] = "5"
            return response
        }
        return Response(status: .noContent)
    }

    private func installation(_ request: Request, installation: String?) async throws -> Response {
        guard adminKey.accepts(Self.adminCredential(request.headers)) else { return Self.adminRefused }
        guard let installation, limits.isValidInstallation(installation) else {
            return Self.badRequest("malformed installation")
        }
        let found: InstallationRecord?
        do {
            found = try await storage.record(installation: installation)
        } catch {
            logger.error("installation not read", metadata: [
                "installation": "\(installation)", "error": "\((error as? ServerError)?.detail ?? "\(error)")",
            ])
            var response = Self.plainText(
                .serviceUnavailable, "\((error as? ServerError)?.summary ?? "the registry's storage failed"); retry later")
            response.headers[.retryAfter] = "5"
            return response
        }
        guard let record = found else { return Self.plainText(.notFound, "no such installation") }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(InstallationSummary(record)))))
    }

    private func grantRates(_ request: Request) async throws -> Response {
        guard adminKey.accepts(Self.adminCredential(request.headers)) else { return Self.adminRefused }
        let parameters = request.uri.queryParameters
        let from = parameters.get("from") ?? "0000-00-00", through = parameters.get("through") ?? "9999-99-99"
        guard Self.isDay(from), Self.isDay(through) else { return Self.badRequest(Self.daysReason) }
        let days = try await storage.grantDays(from: from, through: through)
        let notifications = try await storage.notificationCounts()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = try encoder.encode(GrantRatesReport(days: days, notifications: notifications))
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    private func grantRatesPage(_ request: Request) async throws -> Response {
        guard adminKey.accepts(Self.adminCredential(request.headers)) else { return Self.adminRefused }
        let parameters = request.uri.queryParameters
        let from = parameters.get("from") ?? "0000-00-00", through = parameters.get("through") ?? "9999-99-99"
        guard Self.isDay(from), Self.isDay(through) else { return Self.badRequest(Self.daysReason) }
        let days = try await storage.grantDays(from: from, through: through)
        let html = GrantRatesPage.html(
            days, from: from == "0000-00-00" ? "the first day" : from, through: through == "9999-99-99" ? "today" : through,
            notifications: try await storage.notificationCounts())
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A 400 whose body says why in a short line, never echoing what the request carried.
    static func badRequest(_ reason: String) -> Response { plainText(.badRequest, reason) }

    /// A response whose body is `text` as one line of plain text.
    static func plainText(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    }

    /// The 401 of an admin route: it asks a browser for the key as a Basic password.
    private static var adminRefused: Response {
        var response = plainText(.unauthorized, "the admin key is missing or wrong")
        response.headers[.wwwAuthenticate] = "Basic realm=\"Permit admin\", charset=\"UTF-8\""
        return response
    }

    /// The admin key a request gives: `Authorization: Bearer KEY` (RFC 6750), or a Basic password.
    static func adminCredential(_ headers: HTTPFields) -> String? {
        guard let header = headers[.authorization] else { return nil }
        if header.count > 7, header.prefix(7).lowercased() == "bearer " {
            return String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        return basicPassword(header)
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
