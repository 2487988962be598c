#if canImport(SwiftUI)
public import Permit
public import SwiftUI

/// A card for one permission: its name, its status and, when the app gives one, a button for the next step.
///
/// The view shows a `PermissionState` as the center reports it; the app decides the next step (from
/// `PromptPolicy`) and passes its title and action.
///
/// For example:
///
/// ```swift
/// PermissionStatusCard(state: locationState, actionTitle: "Open Settings") {
///     Task { await AppSettings.open() }
/// }
/// ```
public struct PermissionStatusCard: View {
    /// The permission shown.
    public let state: PermissionState
    private let actionTitle: String?
    private let action: @MainActor () -> Void

    /// Creates a card for `state`, with a button titled `actionTitle` when it is not `nil`.
    public init(state: PermissionState, actionTitle: String? = nil, action: @escaping @MainActor () -> Void = {}) {
        self.state = state
        self.actionTitle = actionTitle
        self.action = action
    }

    /// The name, the status and the button.
    public var body: some View {
        HStack {
            VStack(alignment: .leading, spacing: 4) {
                Text(state.kind.displayName).font(.headline)
                Text(state.status.description).font(.subheadline)
            }
            Spacer()
            if let actionTitle {
                Button(actionTitle, action: action)
            }
        }
        .padding()
    }
}
#endif
