public import Foundation

/// Something that happened to a web view: the events a ``WebViewHost`` reports.
public enum WebViewEvent: Hashable, Sendable {
    /// The main frame committed a navigation to `url`: a new document, so page state starts over.
    case navigated(URL)
    /// The main frame's document finished loading (the `load` event).
    case loaded(URL)
    /// The web content process ended (crashed or was killed); the page is gone until the host recovers.
    case terminated(reason: String)
    /// The host recovered after ``terminated(reason:)``: scripts, handlers and cookies are re-applied and the
    /// last page is loading again.
    case restarted
}
