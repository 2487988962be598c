// Stand-in for Apple's AppKit, for scripts/check-apple-adapters' macOS pass only: just the view classes that
// WebKit's WKWebView inherits from on macOS, where it is an NSView (on iOS a UIView, from the UIKit stand-in),
// with the signatures of Apple's Swift interface, main-actor isolated as AppKit is. Bodies never run. Each
// declaration names its page under https://developer.apple.com/documentation/appkit/. AppKit exists on macOS
// only: the iOS pass never builds it.

@_exported import Foundation  // as Apple's framework does

// .../nsresponder: `@MainActor class NSResponder : NSObject`
@MainActor
open class NSResponder: NSObject {}

// .../nsview: `@MainActor class NSView : NSResponder`
@MainActor
open class NSView: NSResponder {
    // .../nsview/init(frame:): `init(frame frameRect: NSRect)` (Foundation's `typealias NSRect = CGRect`)
    public init(frame frameRect: CGRect) {}
}
