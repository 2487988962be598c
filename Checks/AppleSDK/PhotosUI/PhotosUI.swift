// Stand-in for Apple's PhotosUI, for scripts/check-apple-adapters only: just the limited-library picker that
// PermitPhotosPicker uses, with the signature of Apple's Swift interface. Bodies never run. Built after the Photos
// and UIKit stand-ins, which it extends and names. Each declaration names its page under
// https://developer.apple.com/documentation/photokit/.

import Photos

// PhotosUI exists on macOS, but this picker takes a UIKit controller: UIKit is absent from the macOS SDK and the
// method is iOS only (.../presentlimitedlibrarypicker(from:completionhandler:) lists iOS, iPadOS, Mac Catalyst
// and visionOS). On macOS (the check's macOS pass, -D PERMIT_STANDIN_MACOS) it is not declared.
#if !PERMIT_STANDIN_MACOS
import UIKit

extension PHPhotoLibrary {
    // .../phphotolibrary/presentlimitedlibrarypicker(from:completionhandler:) (iOS 15, not macOS), imported for
    // Swift concurrency as `@MainActor func presentLimitedLibraryPicker(from controller: UIViewController) async
    // -> [String]`: the local identifiers of the assets newly selected.
    @MainActor
    public func presentLimitedLibraryPicker(from controller: UIViewController) async -> [String] { fatalError("stand-in") }
}
#endif
