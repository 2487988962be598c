import CPermitWebKitGTK
import Foundation
import Permit
import PermitWeb
import PermitSupport

/// Answers WebKit's geolocation manager from ``WebKitGTKWebView/locationProvider``: when the manager starts
/// (a page began asking for its position, through the engine's own `navigator.geolocation`), the provider is
/// asked for one fix and WebKit gets it; with no provider, or when the provider throws, WebKit gets a failure
/// that pages see as `POSITION_UNAVAILABLE` with a readable message. When the manager stops, an ask still
/// under way is cancelled and its answer dropped.
///
/// One for the process: WebKit keeps one geolocation manager per web context, and the host runs one context.
final class GTKGeolocation: Sendable {
    static let shared = GTKGeolocation()

    private struct State {
        var provider: (any LocationProvider)?
        /// The ask for the manager's current start, if under way.
        var ask: Task<Void, Never>?
    }

    private let state = Locked(State())

    private init() {}

    /// The provider asked from the manager's next start on.
    var provider: (any LocationProvider)? {
        get { state.withLock { $0.provider } }
        set { state.withLock { $0.provider = newValue } }
    }

    /// Hands WebKit's manager to this object; called before the GTK thread starts, so before any web context.
    static let connect: Void = {
        permit_wk_geolocation_set_callbacks(
            permit_wk_geolocation_callbacks(
                context: nil,
                start: { _, start, _ in GTKGeolocation.shared.started(start) },
                stop: { _, _ in GTKGeolocation.shared.stopped() }))
    }()

    /// The manager started: ask the provider for a fix for this start.
    private func started(_ start: UInt64) {
        state.withLock { state in
            state.ask?.cancel()
            let provider = state.provider
            // Task: callback bridge from WebKit's synchronous `start` to the provider's async fix; `stop` cancels it.
            state.ask = Task { await Self.answer(start, from: provider) }
        }
    }

    /// The manager stopped: nobody wants the answer of an ask still under way.
    private func stopped() {
        state.withLock { state in
            state.ask?.cancel()
            state.ask = nil
        }
    }

    /// Asks `provider` once and hands WebKit the fix or the failure (the C side drops both once `start` has
    /// stopped).
    private static func answer(_ start: UInt64, from provider: (any LocationProvider)?) async {
        guard let provider else {
            permit_wk_geolocation_failed(start, "no location provider is set (WebKitGTKWebView.locationProvider)")
            return
        }
        do {
            let fix = try await provider.currentLocation()
            guard !Task.isCancelled else { return }
            // WebKit takes whole seconds since 1970; 0 would mean now.
            let seconds = UInt64(max(1, fix.timestamp.timeIntervalSince1970.rounded(.down)))
            permit_wk_geolocation_update(start, fix.latitude, fix.longitude, fix.accuracy, seconds)
        } catch let error as LocationError {
            guard !Task.isCancelled else { return }
            permit_wk_geolocation_failed(start, error.detail.isEmpty ? error.summary : "\(error.summary): \(error.detail)")
        } catch {
            guard !Task.isCancelled else { return }
            permit_wk_geolocation_failed(start, "the location provider failed: \(error)")
        }
    }
}
