// MARK: - Input commands

extension DevTools {
    /// The `Input` domain: input events the page receives as a person's, trusted (`event.isTrusted`) and with
    /// user activation.
    enum Input {
        /// `Input.dispatchMouseEvent`: one mouse event at a point of the viewport, in CSS pixels.
        struct DispatchMouseEvent: DevToolsCommand {
            static let method = "Input.dispatchMouseEvent"
            /// `mouseMoved`, `mousePressed` or `mouseReleased`.
            var type: String
            /// The point's distance from the viewport's left edge.
            var x: Double
            /// The point's distance from the viewport's top edge.
            var y: Double
            /// `none` for a move, `left` for a press and a release of the main button.
            var button: String
            /// How many clicks this one completes: 1 for a single click's press and release, 0 for a move.
            var clickCount: Int
            typealias Result = NoResult
        }
    }
}
