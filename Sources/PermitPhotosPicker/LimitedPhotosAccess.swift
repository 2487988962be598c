#if canImport(UIKit)
public import UIKit
import Photos
import PhotosUI

/// "Select more photos": the action of an app whose `photos` status is `limited`.
///
/// With limited access the person chose which photos the app sees. iOS offers to change that selection once per
/// launch on its own; an app that sets `PHPhotoLibraryPreventAutomaticLimitedAccessAlert` in its Info.plist
/// instead offers a button, which calls ``selectMorePhotos(from:)``: PhotosUI's limited-library picker, where the
/// person adds photos (the status stays `limited`). It is a module of its own, over UIKit and PhotosUI (iOS only),
/// so that `PermitPhotos` stays free of UIKit; it references the photo library's API, so the app declares
/// `photos` and `NSPhotoLibraryUsageDescription`, as it does for `PermitPhotos`.
///
/// For example:
///
/// ```swift
/// if await center.state(for: .photos)?.status == .limited {
///     let added = await LimitedPhotosAccess.selectMorePhotos(from: viewController)
/// }
/// ```
@MainActor
public enum LimitedPhotosAccess {
    /// Shows the limited-library picker over `controller` and returns the local identifiers of the photos the
    /// person newly selected (empty when they added none).
    ///
    /// The picker shows only while access is limited: "If your app doesn't have limited library access, this
    /// method does nothing" and never calls back (Apple, "presentLimitedLibraryPicker(from:completionHandler:)").
    /// So the live status is read first, not the center's last-known one (the person may have chosen Full Access
    /// in Settings since): any other status returns an empty list at once instead of waiting forever.
    public static func selectMorePhotos(from controller: UIViewController) async -> [String] {
        guard PHPhotoLibrary.authorizationStatus(for: .readWrite) == .limited else { return [] }
        return await PHPhotoLibrary.shared().presentLimitedLibraryPicker(from: controller)
    }
}
#endif
