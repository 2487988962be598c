package import Logging

/// How one push ended.
package enum PushOutcome: Sendable, Hashable {
    /// The service accepted it, after `attempts` tries.
    case delivered(attempts: Int)
    /// The service said the token is no longer valid; it was removed from the registry.
    case tokenRemoved(reason: String)
    /// The service refused the message itself (payload, topic, size); the token is kept.
    case rejected(reason: String)
    /// The credential or configuration failed; retrying would not help.
    case failed(reason: String)
    /// Every retry the schedule allows was used without success.
    case gaveUp(attempts: Int, lastReason: String)
}

/// Sends one push with the platform's service, retries what is worth retrying, and keeps the registry clean.
///
/// A token FCM or APNs calls invalid (``PushVerdict/deleteToken(reason:)``) is removed from the registry at once.
/// A 429, a 5xx or an unreachable service is retried on ``RetrySchedule``'s backoff, never sooner than the
/// service's `Retry-After`. Tokens are never logged whole.
package struct PushDelivery: Sendable {
    private let registry: TokenRegistry
    private let services: [Platform: any PushService]
    private let schedule: RetrySchedule
    private let sleep: @Sendable (Duration) async throws -> Void
    private let logger: Logger

    /// Creates the delivery over `registry`, with one service per platform it sends to.
    ///
    /// - Parameter sleep: waits between retries; tests pass one that records the waits.
    package init(
        registry: TokenRegistry, services: [Platform: any PushService], schedule: RetrySchedule = RetrySchedule(),
        logger: Logger, sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.registry = registry
        self.services = services
        self.schedule = schedule
        self.sleep = sleep
        self.logger = logger
    }

    /// Sends `message` to `token`, an installation's token on `platform`.
    package func send(_ message: PushMessage, to token: String, platform: Platform) async -> PushOutcome {
        guard let service = services[platform] else {
            return .failed(reason: "no push service is configured for \(platform.rawValue)")
        }
        var retries = 0
        while true {
            let verdict: PushVerdict
            do {
                verdict = try await service.send(message, to: token)
            } catch let error as ServerError where error == .pushServiceUnreachable {
                verdict = .retry(retryAfter: nil)
            } catch {
                return .failed(reason: "\(error)")
            }
            switch verdict {
            case .delivered:
                return .delivered(attempts: retries + 1)
            case .deleteToken(let reason):
                do {
                    try await registry.removeToken(token)
                } catch {
                    logger.error("the invalid token could not be removed", metadata: [
                        "token": "\(TokenRedaction.redact(token))", "error": "\(error)",
                    ])
                }
                return .tokenRemoved(reason: reason)
            case .messageRejected(let reason):
                return .rejected(reason: reason)
            case .failed(let reason):
                return .failed(reason: reason)
            case .retry(let retryAfter):
                guard let delay = schedule.delay(beforeRetry: retries, retryAfter: retryAfter) else {
                    return .gaveUp(attempts: retries + 1, lastReason: retryAfter.map { "Retry-After \($0)" } ?? "retry")
                }
                logger.notice("push retried", metadata: [
                    "token": "\(TokenRedaction.redact(token))", "delay": "\(delay)", "retry": "\(retries + 1)",
                ])
                do {
                    try await sleep(delay)
                } catch {
                    return .gaveUp(attempts: retries + 1, lastReason: "cancelled")
                }
                retries += 1
            }
        }
    }
}
