import Foundation
import PermitSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to loopback that sends exactly the bytes it is given, when it is told to: a slow or silent
/// client, which no HTTP client library will play.
///
/// Its calls block their thread. A wait of seconds (``read(within:)``, or ``open(_:port:sending:)``'s thousand
/// connections, whose `connect` blocks while the server's backlog is full) runs on a thread of its own: on the
/// shared pool, two of them held both threads of a 2-core machine for 10 s, and the other tests' clients, paused
/// between connecting and writing, were closed by their servers' idle timeout.
final class RawSocket: Sendable {
    private let descriptor: Int32

    /// Connects to `port` on 127.0.0.1; blocks its thread until the server's backlog takes the connection.
    ///
    /// The descriptor is stored only once connected: a class whose initializer throws after its properties are set
    /// is deinitialized, so a failed connect closed its descriptor twice, the second time whatever another test had
    /// opened under that number since (two SQLite files failed with "disk I/O error" in one run).
    init(port: Int) throws {
        #if canImport(Glibc)
        let opened = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let opened = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard opened >= 0 else { throw RawSocketError("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(opened, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(opened)
            throw RawSocketError("connect: errno \(code)")
        }
        descriptor = opened
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

    /// Opens `count` connections to `port` and sends `text` on each, on a thread of its own.
    static func open(_ count: Int, port: Int, sending text: String) async throws -> [RawSocket] {
        try await BlockingWork.run(named: "raw-sockets") { () throws -> [RawSocket] in
            try (0..<count).map { _ in
                let socket = try RawSocket(port: port)
                socket.send(text)
                return socket
            }
        }
    }

    /// What the server sends within `limit`, and whether it closed the connection by then; waits on a thread of
    /// its own.
    func read(within limit: Duration) async -> (text: String, closed: Bool) {
        await BlockingWork.run(named: "raw-socket-read") { self.readBlocking(within: limit) }
    }

    private func readBlocking(within limit: Duration) -> (text: String, closed: Bool) {
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
