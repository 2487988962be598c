import Foundation
import Permit

/// The DevTools protocol over Chromium's `--remote-debugging-pipe`: JSON messages, each ended by a NUL byte,
/// written to the browser's fd 3 and read from its fd 4.
///
/// Commands are answered by id; everything else is an event, delivered in order on ``events``. When the
/// browser goes away, every pending command fails with ``ChromiumError/disconnected`` and ``events`` finishes.
final class DevToolsPipe: @unchecked Sendable {
    // @unchecked: `state` is only touched while holding `lock`; the file descriptors are immutable.

    /// A protocol event: its method, parameters and the session it belongs to.
    struct Event: Sendable {
        var method: String
        var params: JSONValue
        var sessionID: String?
    }

    let events: AsyncStream<Event>

    private let writeFD: Int32
    private let readFD: Int32
    private let eventContinuation: AsyncStream<Event>.Continuation
    private let lock = NSLock()
    private let writeLock = NSLock()
    private var nextID: Int64 = 0
    private var pending: [Int64: CheckedContinuation<JSONValue, any Error>] = [:]
    private var isOpen = true
    /// Whether `writeFD` is still open; changed only while holding both `writeLock` and `lock`.
    private var writeEndOpen = true

    init(writeFD: Int32, readFD: Int32) {
        self.writeFD = writeFD
        self.readFD = readFD
        (events, eventContinuation) = AsyncStream.makeStream(of: Event.self)
        let thread = Thread { [self] in readLoop() }
        thread.name = "permit.chromium.devtools"
        thread.start()
    }

    /// Sends a command and returns its `result` object.
    func send(_ method: String, _ params: [String: JSONValue] = [:], session: String? = nil) async throws -> JSONValue {
        try await withCheckedThrowingContinuation { continuation in
            let id: Int64? = lock.withLock {
                guard isOpen else { return nil }
                nextID += 1
                pending[nextID] = continuation
                return nextID
            }
            guard let id else {
                continuation.resume(throwing: ChromiumError.disconnected.with("\(method) not sent"))
                return
            }
            var message: [String: JSONValue] = ["id": .integer(id), "method": .string(method), "params": .object(params)]
            if let session { message["sessionId"] = .string(session) }
            var bytes = JSONValue.object(message).encoded()
            bytes.append(0)
            if !writeAll(bytes) {
                fail(id, ChromiumError.disconnected.with("\(method) could not be written"))
            }
        }
    }

    /// Closes the command pipe; Chromium exits by itself when it sees the pipe close.
    func close() {
        lock.withLock { isOpen = false }
        closeWriteEnd()
    }

    private func closeWriteEnd() {
        writeLock.withLock {
            lock.withLock {
                if writeEndOpen {
                    writeEndOpen = false
                    Foundation.close(writeFD)
                }
            }
        }
    }

    // MARK: - Writing

    private func writeAll(_ data: Data) -> Bool {
        writeLock.withLock {
            guard lock.withLock({ writeEndOpen }) else { return false }
            return data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(writeFD, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    offset += written
                }
                return true
            }
        }
    }

    private func fail(_ id: Int64, _ error: any Error) {
        let continuation = lock.withLock { pending.removeValue(forKey: id) }
        continuation?.resume(throwing: error)
    }

    // MARK: - Reading

    private func readLoop() {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(readFD, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            buffer.append(contentsOf: chunk[0..<count])
            while let end = buffer.firstIndex(of: 0) {
                let message = buffer[buffer.startIndex..<end]
                buffer = Data(buffer[(end + 1)...])
                dispatch(message)
            }
        }
        Foundation.close(readFD)
        let orphans: [CheckedContinuation<JSONValue, any Error>] = lock.withLock {
            isOpen = false
            defer { pending = [:] }
            return Array(pending.values)
        }
        closeWriteEnd()
        for continuation in orphans {
            continuation.resume(throwing: ChromiumError.disconnected)
        }
        eventContinuation.finish()
    }

    private func dispatch(_ data: Data) {
        guard let message = try? JSONValue.parse(data) else { return }
        if let id = message["id"]?.integerValue {
            let continuation = lock.withLock { pending.removeValue(forKey: id) }
            if let error = message["error"] {
                let text = error["message"]?.stringValue ?? error.jsonText
                continuation?.resume(throwing: ChromiumError.protocolError.with(text))
            } else {
                continuation?.resume(returning: message["result"] ?? .object([:]))
            }
        } else if let method = message["method"]?.stringValue {
            eventContinuation.yield(
                Event(method: method, params: message["params"] ?? .object([:]), sessionID: message["sessionId"]?.stringValue))
        }
    }
}
