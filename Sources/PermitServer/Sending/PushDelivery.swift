package import Foundation
package import Logging

/// How one push ended.
package enum PushOutcome: Sendable, Hashable {
    /// The service accepted it, after `attempts` tries.
    case delivered(attempts: Int)
    /// The service said the token is no longer valid; it was removed from the registry.
    case tokenRemoved(reason: String)
    /// APNs said the token is unregistered, but the app registered it again after that: it was kept.
    case tokenKept(reason: String)
    /// APNs refused the token in a way that often means a configuration mistake; it was quarantined.
    case tokenQuarantined(reason: String)
    /// The service refused the message itself (payload, topic, size); the token is kept.
    case rejected(reason: String)
    /// The credential or configuration failed; retrying would not help.
    case failed(reason: String)
    /// Every retry the schedule allows was used without success.
    case gaveUp(attempts: Int, lastReason: String)
}

/// What one attempt of a push came to: an outcome, or a retry after a wait.
package enum PushAttempt: Sendable, Hashable {
    /// The push is over (the attempt's number is the outcome's `attempts` where it has one).
    case finished(PushOutcome)
    /// Worth retrying: not before `retryAfter` when the service said, and `reason` if it ends up giving up.
    case retry(retryAfter: Duration?, reason: String)
}

/// Sends one push with the platform's service, retries what is worth retrying, and keeps the registry clean.
///
/// What a service's answer means for the token is ``PushVerdict``'s: a token FCM calls invalid is removed at
/// once, one APNs calls unregistered only when it was not registered again since
/// (``TokenRegistry/removeToken(_:unregisteredAt:)``), one APNs refuses as `BadDeviceToken` is quarantined. A
/// 429, a 5xx or an unreachable service is retried on ``RetrySchedule``'s backoff, never sooner than the
/// service's `Retry-After`. Tokens are never logged whole.
package struct PushDelivery: Sendable {
    private let registry: TokenRegistry
    private let services: [Platform: any PushService]
    private let schedule: RetrySchedule
    private let sleep: @Sendable (Duration) async throws -> Void
    private let now: @Sendable () -> Date
    private let logger: Logger

    /// How long after its ``PushMessage/expires`` a message may still be sent: the queue's own latency (a worker's
    /// poll, a claim), so that a message of TTL 0 gets its one attempt, with the service told to keep it no
    /// longer. Later than that it is not sent, and ends as given up.
    package static let expiryGrace: TimeInterval = 30

    /// Creates the delivery over `registry`, with one service per platform it sends to.
    ///
    /// - Parameters:
    ///   - sleep: waits between retries; tests pass one that records the waits.
    ///   - now: the wall clock messages expire by.
    package init(
        registry: TokenRegistry, services: [Platform: any PushService], schedule: RetrySchedule = RetrySchedule(),
        logger: Logger, sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.registry = registry
        self.services = services
        self.schedule = schedule
        self.sleep = sleep
        self.now = now
        self.logger = logger
    }

    /// Sends `message` to `token`, a production token on `platform`.
    package func send(_ message: PushMessage, to token: String, platform: Platform) async -> PushOutcome {
        await send(message, to: PushTarget(token: token), platform: platform)
    }

    /// Sends `message` to `target` on `platform`, retrying in this task as the schedule allows.
    package func send(_ message: PushMessage, to target: PushTarget, platform: Platform) async -> PushOutcome {
        var retries = 0
        while true {
            switch await attempt(message, to: target, platform: platform, number: retries + 1) {
            case .finished(let outcome):
                return outcome
            case .retry(let retryAfter, let reason):
                guard let delay = schedule.delay(beforeRetry: retries, retryAfter: retryAfter) else {
                    return .gaveUp(attempts: retries + 1, lastReason: reason)
                }
                logger.notice("push retried", metadata: [
                    "token": "\(TokenRedaction.redact(target.token))", "delay": "\(delay)", "retry": "\(retries + 1)",
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

    /// Sends `message` to `target` once (attempt `number`, counting from 1) and applies what the answer means
    /// for the token; a retry is left to the caller (``send(_:to:platform:)``, or ``PushQueue``'s workers).
    package func attempt(_ message: PushMessage, to target: PushTarget, platform: Platform, number: Int) async -> PushAttempt {
        guard let service = services[platform] else {
            return .finished(.failed(reason: "no push service is configured for \(platform.rawValue)"))
        }
        if let expires = message.expires, now() > expires.addingTimeInterval(Self.expiryGrace) {
            return .finished(.gaveUp(attempts: number - 1, lastReason: "expired: its TTL passed before it could be sent"))
        }
        let verdict: PushVerdict
        do {
            verdict = try await service.send(message, to: target)
        } catch let error as ServerError where error == .pushServiceUnreachable {
            return .retry(retryAfter: nil, reason: "retry")
        } catch {
            return .finished(.failed(reason: "\(error)"))
        }
        switch verdict {
        case .delivered:
            return .finished(.delivered(attempts: number))
        case .deleteToken(let reason):
            return .finished(await tokenChange(target.token, reason: reason) {
                _ = try await registry.removeToken(target.token)
                return .tokenRemoved(reason: reason)
            })
        case .unregistered(let since, let reason):
            return .finished(await tokenChange(target.token, reason: reason) {
                try await registry.removeToken(target.token, unregisteredAt: since) > 0
                    ? .tokenRemoved(reason: reason) : .tokenKept(reason: reason)
            })
        case .quarantineToken(let reason):
            return .finished(await tokenChange(target.token, reason: reason) {
                _ = try await registry.quarantineToken(target.token)
                return .tokenQuarantined(reason: reason)
            })
        case .messageRejected(let reason):
            return .finished(.rejected(reason: reason))
        case .failed(let reason):
            return .finished(.failed(reason: reason))
        case .retry(let retryAfter):
            return .retry(retryAfter: retryAfter, reason: retryAfter.map { "Retry-After \($0)" } ?? "retry")
        }
    }

    /// Applies a change to the token's record; when the storage fails, the push still ended as the service said
    /// (the token is judged again at its next send).
    private func tokenChange(
        _ token: String, reason: String, _ change: () async throws -> PushOutcome
    ) async -> PushOutcome {
        do {
            return try await change()
        } catch {
            logger.error("the token's record could not be changed", metadata: [
                "token": "\(TokenRedaction.redact(token))", "reason": "\(reason)", "error": "\(error)",
            ])
            return .failed(reason: "\(reason); the registry could not record it")
        }
    }
}
