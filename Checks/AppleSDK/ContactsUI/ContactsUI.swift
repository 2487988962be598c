// Stand-in for Apple's ContactsUI, for scripts/check-apple-adapters only: just the contact access picker that
// PermitContactsPicker uses, with the signature of Apple's Swift interface. Bodies never run. Built after the
// SwiftUI stand-in, which it extends. Each declaration names its page under
// https://developer.apple.com/documentation/contactsui/.

import SwiftUI

// ContactsUI exists on macOS (CNContactPicker), but the contact access picker is iOS only: its page, like
// .../contactaccessbutton's, lists iOS, iPadOS and Mac Catalyst 18. On macOS (the check's macOS pass,
// -D PERMIT_STANDIN_MACOS) it is not declared.
#if !PERMIT_STANDIN_MACOS
extension View {
    // .../swiftui/view/contactaccesspicker(ispresented:completionhandler:) (iOS 18, not macOS):
    // `func contactAccessPicker(isPresented: Binding<Bool>, completionHandler: @escaping ([String]) -> ()) -> some View`;
    // the handler receives the identifiers of the contacts the person added to the app's limited access. Declared
    // returning a concrete `ModifiedContent<Self>`, since a stand-in body cannot give `some View` a type.
    @MainActor
    public func contactAccessPicker(
        isPresented: Binding<Bool>, completionHandler: @escaping ([String]) -> Void
    ) -> ModifiedContent<Self> { fatalError("stand-in") }
}
#endif
