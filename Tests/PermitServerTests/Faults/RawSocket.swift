import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to loopback that sends exactly the bytes it is given, when it is told to: a slow or silent
/// client, which no HTTP client library will play.
final class RawSocket {
    private let descriptor: Int32

    /// Connects to `port` on 127.0.0.1.
    init(port: Int) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw RawSocketError("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw RawSocketError("connect: errno \(code)")
        }
    }

    deinit { close(descriptor) }

    /// Sends `text`; `false` when the connection no longer takes bytes (the server closed it).
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        #if canImport(Glibc)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        #else
        let sent = bytes.withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress, $0.count, 0) }
        #endif
        return sent == bytes.count
    }

    /// What the server sends within `limit`, and whether it closed the connection by then.
    func read(within limit: Duration) -> (text: String, closed: Bool) {
        let end = ContinuousClock.now.advanced(by: limit)
        var received = [UInt8]()
        while ContinuousClock.now < end {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let remaining = ContinuousClock.now.duration(to: end)
            let milliseconds = max(1, Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000))
            guard poll(&poller, 1, milliseconds) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
            received += buffer[..<count]
        }
        return (String(decoding: received, as: UTF8.self), false)
    }
}

/// A socket call that failed, with its errno.
struct RawSocketError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
