/// What a server sends the push queue with: one service per platform, and how its worker drains.
package struct PushSending: Sendable {
    /// The services, by platform; a send to a platform without one fails with a reason.
    package var services: [Platform: any PushService]
    /// How the worker claims, sends and retries.
    package var worker: PushQueueWorker.Configuration

    /// Creates the setup.
    package init(services: [Platform: any PushService], worker: PushQueueWorker.Configuration = .init()) {
        self.services = services
        self.worker = worker
    }
}
