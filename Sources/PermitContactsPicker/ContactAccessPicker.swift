// The contact access picker is iOS only: UIKit is absent from the macOS SDK, and Apple does not offer the picker on
// Mac Catalyst (its page lists iOS and iPadOS 18 only). So on Mac Catalyst this module builds empty, as on macOS;
// PERMIT_CHECK_CATALYST makes scripts/check-apple-adapters' Catalyst pass see it so on Linux.
#if canImport(UIKit) && !targetEnvironment(macCatalyst) && !PERMIT_CHECK_CATALYST
public import SwiftUI
import ContactsUI

extension View {
    /// Presents iOS 18's contact access picker while `isPresented` is true: the action of an app whose
    /// `contacts` status is `limited`, where the person adds contacts to those the app may
    /// read (the status stays `limited`).
    ///
    /// `onAdded` receives the identifiers of the contacts added. It is a module of its own, over SwiftUI and
    /// ContactsUI (iOS only), so that `PermitContacts` stays free of UI frameworks; it references the contacts
    /// API, so the app declares `contacts` and `NSContactsUsageDescription`, as it does for
    /// `PermitContacts`. Apple does not offer the picker on Mac Catalyst, where this module builds empty: an app
    /// that also builds for Mac Catalyst calls it inside `#if !targetEnvironment(macCatalyst)`.
    ///
    /// For example:
    ///
    /// ```swift
    /// Button("Add contacts") { showingPicker = true }
    ///     .permitContactAccessPicker(isPresented: $showingPicker) { added in
    ///         model.reload(added)
    ///     }
    /// ```
    @available(iOS 18, *)
    public func permitContactAccessPicker(
        isPresented: Binding<Bool>, onAdded: @escaping ([String]) -> Void
    ) -> some View {
        contactAccessPicker(isPresented: isPresented, completionHandler: onAdded)
    }
}
#endif
