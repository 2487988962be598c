/// Shows the app's primer before a system prompt: the seam through which a ``PromptPolicy`` that decides a
/// primer is due gets it on screen.
///
/// ## Implementation requirements
///
/// - ``present(_:)`` shows the primer's title and message with one button labelled
///   ``Primer/continueLabel-swift.property`` and returns when the user taps it. App Review 5.1.1(iv) requires a primer to
///   always continue to the system prompt: there is no way to cancel, and the policy asks the OS as soon as
///   this returns.
///
/// For example, in UIKit:
///
/// ```swift
/// struct AlertPrimers: PrimerPresenter {
///     @MainActor func present(_ primer: Primer) async {
///         await withCheckedContinuation { done in
///             let alert = UIAlertController(title: primer.title, message: primer.message, preferredStyle: .alert)
///             alert.addAction(UIAlertAction(title: primer.continueLabel, style: .default) { _ in done.resume() })
///             rootViewController.present(alert, animated: true)
///         }
///     }
/// }
/// ```
public protocol PrimerPresenter: Sendable {
    /// Shows `primer` and returns once the user tapped its one button.
    func present(_ primer: Primer) async
}
