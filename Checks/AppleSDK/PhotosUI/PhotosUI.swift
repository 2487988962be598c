// Stand-in for Apple's PhotosUI, for scripts/check-apple-adapters only: just the limited-library picker that
// PermitPhotosPicker uses, with the signature of Apple's Swift interface. Bodies never run. Built after the Photos
// and UIKit stand-ins, which it extends and names. Each declaration names its page under
// https://developer.apple.com/documentation/photokit/.

import Photos
import UIKit

extension PHPhotoLibrary {
    // .../phphotolibrary/presentlimitedlibrarypicker(from:completionhandler:) (iOS 15, not macOS), imported for
    // Swift concurrency as `@MainActor func presentLimitedLibraryPicker(from controller: UIViewController) async
    // -> [String]`: the local identifiers of the assets newly selected.
    @MainActor
    public func presentLimitedLibraryPicker(from controller: UIViewController) async -> [String] { fatalError("stand-in") }
}
