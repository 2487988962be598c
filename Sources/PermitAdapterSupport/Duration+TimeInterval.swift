extension Duration {
    /// The duration in seconds, as Dispatch's `asyncAfter(deadline: .now() + …)` and Foundation's `TimeInterval`
    /// take it: the adapters' timers on their queues (`LocalNetworkProbeRun`, `LocationFixProvider`).
    package var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
