import Foundation
import Permit

/// Reads a Linux host's interfaces and routes from the files the kernel exposes, under an injectable root,
/// and decides whether the network is available. Reads files only; sends nothing.
///
/// - Routes: `proc/net/route` (IPv4) and `proc/net/ipv6_route` (IPv6). A default route is one to `0.0.0.0/0`
///   or `::/0` that is up (`RTF_UP`) and not a reject route (`RTF_REJECT`).
/// - Interfaces: `sys/class/net/<name>/operstate` (`up` is up; `unknown`, as tunnels report, defers to the
///   flags) and `sys/class/net/<name>/flags` (`IFF_UP` and `IFF_RUNNING` set; `IFF_LOOPBACK` excluded).
///
/// Available when a non-loopback interface that is up carries a default route; unavailable when none does;
/// unknown when neither route table can be read, or no candidate's state can be read.
struct HostNetworkFiles: Sendable {
    let root: URL

    private static let routeUp: UInt32 = 0x0001
    private static let routeReject: UInt32 = 0x0200
    private static let interfaceUp: UInt32 = 0x1
    private static let interfaceLoopback: UInt32 = 0x8
    private static let interfaceRunning: UInt32 = 0x40

    /// The availability the files describe now.
    func availability() -> NetworkAvailability {
        let ipv4 = text("proc/net/route")
        let ipv6 = text("proc/net/ipv6_route")
        guard ipv4 != nil || ipv6 != nil else { return .unknown }
        var candidates: [String] = []
        for name in Self.ipv4DefaultRouteInterfaces(ipv4 ?? "") + Self.ipv6DefaultRouteInterfaces(ipv6 ?? "")
        where name != "lo" && !candidates.contains(name) {
            candidates.append(name)
        }
        guard !candidates.isEmpty else { return .unavailable }
        var unreadable = false
        for name in candidates {
            switch isUpNonLoopback(name) {
            case true?: return .available
            case false?: continue
            case nil: unreadable = true
            }
        }
        return unreadable ? .unknown : .unavailable
    }

    /// Whether interface `name` is up and not a loopback, or `nil` when neither of its files can be read.
    func isUpNonLoopback(_ name: String) -> Bool? {
        guard !name.contains("/"), name != "..", name != "." else { return false }
        let operstate = text("sys/class/net/\(name)/operstate")?.trimmingCharacters(in: .whitespacesAndNewlines)
        let flags = text("sys/class/net/\(name)/flags").flatMap(Self.hexNumber)
        if let flags, flags & Self.interfaceLoopback != 0 { return false }
        switch operstate {
        case "up"?:
            return true
        case "down"?, "lowerlayerdown"?, "notpresent"?, "dormant"?:
            return false
        default:  // "unknown" (tunnels, loopback), "testing", or unreadable: the flags decide
            guard let flags else { return nil }
            let upAndRunning = Self.interfaceUp | Self.interfaceRunning
            return flags & upAndRunning == upAndRunning
        }
    }

    /// The interfaces of the IPv4 default routes in a `/proc/net/route` table.
    static func ipv4DefaultRouteInterfaces(_ table: String) -> [String] {
        table.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 8, fields[1] == "00000000", fields[7] == "00000000",
                let flags = hexNumber(fields[3]), flags & routeUp != 0, flags & routeReject == 0
            else { return nil }
            return String(fields[0])
        }
    }

    /// The interfaces of the IPv6 default routes in a `/proc/net/ipv6_route` table.
    static func ipv6DefaultRouteInterfaces(_ table: String) -> [String] {
        table.split(whereSeparator: \.isNewline).compactMap { line in
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 10, fields[0].allSatisfy({ $0 == "0" }), fields[0].count == 32, fields[1] == "00",
                let flags = hexNumber(fields[8]), flags & routeUp != 0, flags & routeReject == 0
            else { return nil }
            return String(fields[9])
        }
    }

    private static func hexNumber(_ text: some StringProtocol) -> UInt32? {
        var digits = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if digits.hasPrefix("0x") { digits.removeFirst(2) }
        return UInt32(digits, radix: 16)
    }

    private func text(_ path: String) -> String? {
        guard let data = try? Data(contentsOf: root.appendingPathComponent(path)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
