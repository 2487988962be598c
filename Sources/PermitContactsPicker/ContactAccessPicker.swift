#if canImport(UIKit)
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
    /// `PermitContacts`.
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
