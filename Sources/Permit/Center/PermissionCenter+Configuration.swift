extension PermissionCenter {
    /// Tuning for a center; the defaults suit an iOS app.
    public struct Configuration: Sendable {
        /// How many changes ``PermissionCenter/history()`` keeps, across launches. Default: 64.
        public let historyLimit: Int
        /// How long after a lifecycle refresh starts further lifecycle events are taken as part of the same
        /// burst. Default: one second.
        public let coalescingWindow: Duration
        /// How long to wait after the first lifecycle event of a burst before refreshing. Default: zero, so
        /// the refresh starts at once.
        public let settleDelay: Duration

        /// Creates a configuration.
        ///
        /// - Precondition: `historyLimit` is not negative and the durations are not negative.
        public init(historyLimit: Int = 64, coalescingWindow: Duration = .seconds(1), settleDelay: Duration = .zero) {
            precondition(historyLimit >= 0, "historyLimit must not be negative")
            precondition(coalescingWindow >= .zero && settleDelay >= .zero, "durations must not be negative")
            self.historyLimit = historyLimit
            self.coalescingWindow = coalescingWindow
            self.settleDelay = settleDelay
        }
    }
}
