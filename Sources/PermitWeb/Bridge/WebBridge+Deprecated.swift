// MARK: - The 1.0 lifetime

extension WebBridge {
    /// The 1.0 way to connect the bridge: installing is ``install(in:)``, and following the center's changes is
    /// ``run()``, which removes the bridge from the web view when its task is cancelled.
    @available(*, unavailable, renamed: "install(in:)", message: "await install(in:), then run() in a task group")
    public func attach(to host: any WebViewHost) async throws { fatalError("unavailable") }

    /// The 1.0 way to disconnect the bridge: cancel the task running ``run()``.
    @available(*, unavailable, message: "cancel the task running run(); it removes the bridge when it returns")
    public func detach() async { fatalError("unavailable") }
}
