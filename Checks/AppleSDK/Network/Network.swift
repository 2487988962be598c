// Stand-in for Apple's Network framework, for scripts/check-apple-adapters only: just the path-monitor API
// that PermitNetwork uses and the connection, listener and browser API that PermitLocalNetwork's probes use, with
// the signatures of Apple's Swift interface. Bodies never run. Each declaration names its page under
// https://developer.apple.com/documentation/network/. NWPathMonitor, NWConnection, NWListener and NWBrowser are
// declared without Sendable here, the stricter reading, so that the adapter must justify sharing them.
// Platforms: iOS 12 and macOS 10.14, the whole framework (unsatisfiedReason since iOS 14.2 and macOS 11; NWBrowser
// since iOS 13 and macOS 10.15, its `waiting` state since iOS 14 and macOS 11).

@_exported import Dispatch  // Network re-exports Dispatch, as Apple's does
import Foundation  // POSIXErrorCode

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

// MARK: - Connections (PermitLocalNetwork)

extension NWPath {
    // .../nwpath/unsatisfiedreason-swift.enum (iOS 14.2)
    public enum UnsatisfiedReason: Hashable, Sendable {
        case notAvailable
        case cellularDenied
        case wifiDenied
        case localNetworkDenied
        case vpnInactive
    }
    // .../nwpath/unsatisfiedreason-swift.property: `var unsatisfiedReason: NWPath.UnsatisfiedReason { get }`
    public var unsatisfiedReason: UnsatisfiedReason { fatalError("stand-in") }
}

// .../dnsserviceerrortype: `typealias DNSServiceErrorType = Int32` (dnssd)
public typealias DNSServiceErrorType = Int32

// .../nwerror: `enum NWError`
public enum NWError: Error, Sendable {
    case posix(POSIXErrorCode)
    case dns(DNSServiceErrorType)
    case tls(Int32)
}

// .../nwendpoint: `enum NWEndpoint`
public enum NWEndpoint: Hashable, Sendable {
    // .../nwendpoint/host-swift.enum: `enum Host`, expressible by a string literal
    public enum Host: Hashable, Sendable, ExpressibleByStringLiteral {
        case name(String, NWInterface?)
        public init(stringLiteral value: String) { fatalError("stand-in") }
        // .../nwendpoint/host-swift.enum/init(_:): `init(_ string: String)`
        public init(_ string: String) { fatalError("stand-in") }
    }
    // .../nwendpoint/port-swift.struct: `struct Port`, expressible by an integer literal
    public struct Port: Hashable, Sendable, ExpressibleByIntegerLiteral {
        public init(integerLiteral value: UInt16) { fatalError("stand-in") }
        // .../nwendpoint/port-swift.struct/init(rawvalue:): `init?(rawValue: UInt16)`
        public init?(rawValue: UInt16) { fatalError("stand-in") }
        // .../nwendpoint/port-swift.struct/any: `static let any: NWEndpoint.Port`
        public static let any: Port = 0
    }
    case hostPort(host: Host, port: Port)
    case service(name: String, type: String, domain: String, interface: NWInterface?)
}

// .../nwparameters: `class NWParameters`; declared without Sendable.
public final class NWParameters {
    // .../nwparameters/tcp: `class var tcp: NWParameters { get }`
    public class var tcp: NWParameters { fatalError("stand-in") }
    // .../nwparameters/udp: `class var udp: NWParameters { get }`
    public class var udp: NWParameters { fatalError("stand-in") }
}

// .../nwconnection: `final class NWConnection`; declared without Sendable, the stricter reading.
public final class NWConnection {
    // .../nwconnection/state-swift.enum
    public enum State: Sendable {
        case setup
        case waiting(NWError)
        case preparing
        case ready
        case failed(NWError)
        case cancelled
    }
    // .../nwconnection/init(to:using:): `init(to endpoint: NWEndpoint, using parameters: NWParameters)`
    public init(to endpoint: NWEndpoint, using parameters: NWParameters) {}
    // .../nwconnection/stateupdatehandler: `var stateUpdateHandler: (@Sendable (NWConnection.State) -> Void)?`
    public var stateUpdateHandler: (@Sendable (_ state: NWConnection.State) -> Void)?
    // .../nwconnection/currentpath: `var currentPath: NWPath? { get }`
    public var currentPath: NWPath? { fatalError("stand-in") }
    // .../nwconnection/start(queue:): `func start(queue: DispatchQueue)`
    public func start(queue: DispatchQueue) {}
    // .../nwconnection/cancel(): `func cancel()`
    public func cancel() {}
}

// MARK: - Listeners and browsers (PermitLocalNetwork's Bonjour probe)

// .../nwlistener: `final class NWListener`; declared without Sendable, the stricter reading.
public final class NWListener {
    // .../nwlistener/service-swift.struct: `struct Service`, "A description used to advertise the Bonjour service
    // that a listener provides."
    public struct Service: Sendable {
        // .../nwlistener/service-swift.struct/init(name:type:domain:txtrecord:)-1lb30:
        // `init(name: String? = nil, type: String, domain: String? = nil, txtRecord: Data? = nil)`
        public init(name: String? = nil, type: String, domain: String? = nil, txtRecord: Data? = nil) {}
    }
    // .../nwlistener/state-swift.enum: setup, waiting(_:), ready, failed(_:), cancelled
    public enum State: Sendable {
        case setup
        case waiting(NWError)
        case ready
        case failed(NWError)
        case cancelled
    }
    // .../nwlistener/init(using:on:): `init(using: NWParameters, on: NWEndpoint.Port = .any) throws`
    public init(using parameters: NWParameters, on port: NWEndpoint.Port = .any) throws {}
    // .../nwlistener/service-swift.property: `final var service: NWListener.Service? { get set }`
    public var service: Service?
    // .../nwlistener/stateupdatehandler:
    // `@preconcurrency final var stateUpdateHandler: (@Sendable (NWListener.State) -> Void)? { get set }`
    public var stateUpdateHandler: (@Sendable (_ newState: NWListener.State) -> Void)?
    // .../nwlistener/newconnectionhandler:
    // `@preconcurrency final var newConnectionHandler: (@Sendable (NWConnection) -> Void)? { get set }`
    public var newConnectionHandler: (@Sendable (_ connection: NWConnection) -> Void)?
    // .../nwlistener/start(queue:): `final func start(queue: DispatchQueue)`
    public func start(queue: DispatchQueue) {}
    // .../nwlistener/cancel(): `final func cancel()`
    public func cancel() {}
}

// .../nwbrowser: `final class NWBrowser`; declared without Sendable, the stricter reading.
public final class NWBrowser {
    // .../nwbrowser/descriptor-swift.enum: "A service description used to discover Bonjour services." Only the
    // case the adapter uses.
    public enum Descriptor: Hashable, Sendable {
        case bonjour(type: String, domain: String?)
    }
    // .../nwbrowser/result: `struct Result`, "A set of discovered services and changes from the last result."
    public struct Result: Hashable, Sendable {
        // .../nwbrowser/result/endpoint: `let endpoint: NWEndpoint`
        public let endpoint: NWEndpoint
        // .../nwbrowser/result/change: `enum Change`; `changed(old:new:flags:)` left out, the adapter reads none.
        public enum Change: Hashable, Sendable {
            case identical
            case added(NWBrowser.Result)
            case removed(NWBrowser.Result)
        }
    }
    // .../nwbrowser/state-swift.enum: setup, ready, failed(_:), cancelled; waiting(_:) since iOS 14, macOS 11
    public enum State: Sendable {
        case setup
        case ready
        case failed(NWError)
        case cancelled
        case waiting(NWError)
    }
    // .../nwbrowser/init(for:using:): `init(for descriptor: NWBrowser.Descriptor, using parameters: NWParameters)`
    public init(for descriptor: Descriptor, using parameters: NWParameters) {}
    // .../nwbrowser/stateupdatehandler:
    // `@preconcurrency final var stateUpdateHandler: (@Sendable (NWBrowser.State) -> Void)? { get set }`
    public var stateUpdateHandler: (@Sendable (_ newState: NWBrowser.State) -> Void)?
    // .../nwbrowser/browseresultschangedhandler: `@preconcurrency final var browseResultsChangedHandler:
    // (@Sendable (Set<NWBrowser.Result>, Set<NWBrowser.Result.Change>) -> Void)? { get set }`
    public var browseResultsChangedHandler:
        (@Sendable (_ newResults: Set<NWBrowser.Result>, _ changes: Set<NWBrowser.Result.Change>) -> Void)?
    // .../nwbrowser/start(queue:): `final func start(queue: DispatchQueue)`
    public func start(queue: DispatchQueue) {}
    // .../nwbrowser/cancel(): `final func cancel()`
    public func cancel() {}
}
