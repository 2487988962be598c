// Stand-in for Apple's Network framework, for scripts/check-apple-adapters only: just the path-monitor API
// that PermitNetwork uses, with the signatures of Apple's Swift interface. Bodies never run. Each declaration
// names its page under https://developer.apple.com/documentation/network/. NWPathMonitor is declared without
// Sendable here, the stricter reading, so that the adapter must justify sharing it.

@_exported import Dispatch  // Network re-exports Dispatch, as Apple's does

// .../nwinterface
public struct NWInterface: Hashable, Sendable {
    // .../nwinterface/interfacetype
    public enum InterfaceType: Hashable, Sendable {
        case other
        case wifi
        case cellular
        case wiredEthernet
        case loopback
    }
}

// .../nwpath: `struct NWPath`
public struct NWPath: Sendable {
    // .../nwpath/status-swift.enum: satisfied, unsatisfied, requiresConnection
    public enum Status: Hashable, Sendable {
        case satisfied
        case unsatisfied
        case requiresConnection
    }
    // .../nwpath/status-swift.property: `let status: NWPath.Status`
    public let status: Status
}

// .../nwpathmonitor: `final class NWPathMonitor`
public final class NWPathMonitor {
    // .../nwpathmonitor/init(): `init()`
    public init() {}
    // .../nwpathmonitor/init(requiredinterfacetype:): `init(requiredInterfaceType: NWInterface.InterfaceType)`
    public init(requiredInterfaceType: NWInterface.InterfaceType) {}
    // .../nwpathmonitor/pathupdatehandler: `var pathUpdateHandler: (@Sendable (NWPath) -> Void)?`
    public var pathUpdateHandler: (@Sendable (_ newPath: NWPath) -> Void)?
    // .../nwpathmonitor/start(queue:): `func start(queue: DispatchQueue)`
    public func start(queue: DispatchQueue) {}
    // .../nwpathmonitor/cancel(): `func cancel()`
    public func cancel() {}
}
