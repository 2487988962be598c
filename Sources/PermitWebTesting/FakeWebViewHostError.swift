public import PermitWeb

/// The 1.0 name of `WebViewError`, the one error of every web view host since 1.1.
@available(*, deprecated, renamed: "WebViewError")
public typealias FakeWebViewHostError = WebViewError
