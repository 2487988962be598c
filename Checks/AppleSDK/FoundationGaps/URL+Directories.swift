// Compiled into the documentation's snippets by scripts/check-snippets only (the articles are written for Apple
// platforms): the directory URLs of Apple's Foundation (iOS 16, macOS 13) that Linux's Foundation lacks.

import Foundation

extension URL {
    // https://developer.apple.com/documentation/foundation/url/applicationsupportdirectory: `static var
    // applicationSupportDirectory: URL { get }`
    static var applicationSupportDirectory: URL { fatalError("stand-in") }
}

extension URL {
    // https://developer.apple.com/documentation/foundation/url/documentsdirectory: `static var
    // documentsDirectory: URL { get }`
    static var documentsDirectory: URL { fatalError("stand-in") }
}
