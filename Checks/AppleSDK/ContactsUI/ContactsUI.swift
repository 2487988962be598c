// Stand-in for Apple's ContactsUI, for scripts/check-apple-adapters only: just the contact access picker that
// PermitContactsPicker uses, with the signature of Apple's Swift interface. Bodies never run. Built after the
// SwiftUI stand-in, which it extends. Each declaration names its page under
// https://developer.apple.com/documentation/contactsui/.

import SwiftUI

// ContactsUI exists on macOS (CNContactPicker), but the contact access picker is iOS only, and not Mac Catalyst
// either: https://developer.apple.com/documentation/swiftui/view/contactaccesspicker(ispresented:completionhandler:)
// gives `"availability" : ["iOS: 18.0.0 -", "iPadOS: 18.0.0 -"]`, no macCatalyst (unlike .../contactaccessbutton,
// `"macCatalyst: 18.0.0 -"`). On macOS (the check's macOS pass, -D PERMIT_STANDIN_MACOS) and on Mac Catalyst (its
// Catalyst pass, -D PERMIT_STANDIN_CATALYST) it is not declared.
#if !PERMIT_STANDIN_MACOS && !PERMIT_STANDIN_CATALYST
extension View {
    // .../swiftui/view/contactaccesspicker(ispresented:completionhandler:) (iOS 18, not macOS or Mac Catalyst):
    // `func contactAccessPicker(isPresented: Binding<Bool>, completionHandler: @escaping ([String]) -> ()) -> some View`;
    // the handler receives the identifiers of the contacts the person added to the app's limited access. Declared
    // returning a concrete `ModifiedContent<Self>`, since a stand-in body cannot give `some View` a type.
    @MainActor
    public func contactAccessPicker(
        isPresented: Binding<Bool>, completionHandler: @escaping ([String]) -> Void
    ) -> ModifiedContent<Self> { fatalError("stand-in") }
}
#endif
