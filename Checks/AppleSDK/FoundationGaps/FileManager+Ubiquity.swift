// Compiled into PermitCloud by scripts/check-apple-adapters only: the iCloud API of Apple's FileManager,
// which Linux's Foundation lacks. Internal, so that nothing outside the checked module sees it.

import Foundation

extension FileManager {
    // https://developer.apple.com/documentation/foundation/filemanager/ubiquityidentitytoken: `var
    // ubiquityIdentityToken: (any NSCoding & NSCopying & NSObjectProtocol)? { get }`
    var ubiquityIdentityToken: (any NSCoding & NSCopying & NSObjectProtocol)? { fatalError("stand-in") }

    // https://developer.apple.com/documentation/foundation/filemanager/url(forubiquitycontaineridentifier:):
    // `func url(forUbiquityContainerIdentifier containerIdentifier: String?) -> URL?`
    func url(forUbiquityContainerIdentifier containerIdentifier: String?) -> URL? { fatalError("stand-in") }
}
