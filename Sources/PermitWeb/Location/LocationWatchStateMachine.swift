/// When the page's stream of location fixes starts and stops: a pure state machine, with no tasks or time.
///
/// One stream serves every watch of a document. The page's first watch starts it (`watchLocation`); it stops when
/// the page's last watch ends (`clearLocationWatch`), when a new document says hello (bridge state resets on
/// navigation), when location stops being usable, and when the bridge stops running. Each start gets a new
/// generation, so that a stream that stopped delivers nothing more, and a stream that ended by itself (the
/// provider finished or failed) leaves the machine idle for the next watch to start again.
struct LocationWatchStateMachine: Hashable, Sendable {
    enum State: Hashable, Sendable {
        /// The bridge is not running: nothing can start.
        case notRunning
        /// Running, no stream.
        case idle
        /// Running, with the stream of this generation.
        case watching(generation: Int)
    }

    /// What the owner does after an event.
    enum Action: Hashable, Sendable {
        case none
        /// Start the stream of this generation.
        case start(generation: Int)
        /// Stop the stream of this generation.
        case stop(generation: Int)
    }

    private(set) var state = State.notRunning
    private var lastGeneration = 0

    /// The bridge began running: watches may start.
    mutating func runStarted() {
        state = .idle
    }

    /// The bridge stopped running: the stream, if any, stops, and nothing starts until it runs again.
    mutating func runEnded() -> Action {
        defer { state = .notRunning }
        return stopAction()
    }

    /// The page wants fixes: starts the stream unless it runs. `nil` when the bridge is not running.
    mutating func watch() -> Action? {
        switch state {
        case .notRunning:
            return nil
        case .watching:
            return Action.none
        case .idle:
            lastGeneration += 1
            state = .watching(generation: lastGeneration)
            return .start(generation: lastGeneration)
        }
    }

    /// The page's last watch ended, a new document began, or location stopped being usable.
    mutating func stop() -> Action {
        let action = stopAction()
        if case .watching = state { state = .idle }
        return action
    }

    /// The stream of `generation` ended by itself; a later watch starts a new one.
    mutating func streamEnded(generation: Int) {
        if state == .watching(generation: generation) { state = .idle }
    }

    /// Whether the stream of `generation` is the one running: only its fixes reach the page.
    func isCurrent(_ generation: Int) -> Bool {
        state == .watching(generation: generation)
    }

    private func stopAction() -> Action {
        if case .watching(let generation) = state { return .stop(generation: generation) }
        return .none
    }
}
