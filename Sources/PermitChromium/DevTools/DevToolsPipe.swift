import Foundation
import Permit
import PermitSupport
import PermitWeb

/// The DevTools protocol over Chromium's `--remote-debugging-pipe`: JSON messages, each ended by a NUL byte,
/// written to the browser's fd 3 and read from its fd 4.
///
/// Commands are answered by id; everything else is an event, delivered in order on ``events``. When the
/// browser goes away, every pending command fails with `WebViewError.webContentTerminated` and ``events`` finishes.
/// A command whose task is cancelled fails at once with `CancellationError` (unless sent `cancellable: false`),
/// and one the browser has not answered by its deadline fails with `WebViewError.timedOut`.
final class DevToolsPipe: @unchecked Sendable {
    // @unchecked: `nextID`, `pending`, `cancelled`, `isOpen` and `writeEndOpen` are only touched while holding
    // `lock`; the file descriptors are immutable.

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
    private var pending: [Int64: Pending] = [:]

    /// A command waiting for its answer.
    private struct Pending {
        var continuation: CheckedContinuation<JSONValue, any Error>
        var method: String
        var deadline: ContinuousClock.Instant
    }

    /// How often pending commands are checked against their deadlines. The reader thread sweeps them between
    /// reads and waits for the pipe at most this long, so a command times out up to about twice this much after
    /// its deadline. Deadlines are seconds long; sweeping in the reader replaces a timer task per command (about
    /// 35 µs a command here) and needs no task of its own.
    static let sweepInterval = Duration.milliseconds(sweepMilliseconds)
    private static let sweepMilliseconds: Int32 = 100
    private var cancelled: Set<Int64> = []
    private var isOpen = true
    /// Whether `writeFD` is still open; changed only while holding both `writeLock` and `lock`.
    private var writeEndOpen = true

    init(writeFD: Int32, readFD: Int32) {
        self.writeFD = writeFD
        self.readFD = readFD
        (events, eventContinuation) = AsyncStream.makeStream(of: Event.self)
        // Writing to a pipe whose reader died raises SIGPIPE, which would end this process; with the signal
        // ignored the write fails with EPIPE instead, and the command fails with `disconnected`.
        signal(SIGPIPE, SIG_IGN)
        let thread = Thread { [readFD, eventContinuation, weak self] in
            Self.readLoop(
                readFD: readFD, events: eventContinuation, dispatch: { self?.dispatch($0) }, sweep: { self?.sweep(at: $0) },
                finished: { self?.readerFinished() })
        }
        thread.name = "permit.chromium.devtools"
        thread.start()
    }

    /// Sends a command and returns its `result` object; `params` is the JSON text of the parameters object.
    ///
    /// - Parameter cancellable: Whether a cancelled task stops waiting at once (`CancellationError`). A command
    ///   sent `false` is waited for until answered, refused or timed out: for a change whose bookkeeping needs the
    ///   answer, which a cancelled caller must not cut off.
    /// - Throws: `WebViewError.timedOut` when the browser has not answered after `timeout`,
    ///   `WebViewError.webContentTerminated` when it went away, `WebViewError.engineRefused` when it refused.
    func send(
        _ method: String, _ params: Data = Data("{}".utf8), session: String? = nil, timeout: Duration,
        cancellable: Bool = true
    ) async throws -> JSONValue {
        let deadline = ContinuousClock.now + timeout
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        guard cancellable else {
            return try await withCheckedThrowingContinuation { continuation in
                register(id, method, params, session: session, deadline: deadline, continuation)
            }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                register(id, method, params, session: session, deadline: deadline, continuation)
            }
        } onCancel: {
            let waiting: Pending? = lock.withLock {
                if let waiting = pending.removeValue(forKey: id) { return waiting }
                cancelled.insert(id)
                return nil
            }
            waiting?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Records command `id` as pending and writes it; a command cancelled before this, or a closed pipe, fails it.
    private func register(
        _ id: Int64, _ method: String, _ params: Data, session: String?, deadline: ContinuousClock.Instant,
        _ continuation: CheckedContinuation<JSONValue, any Error>
    ) {
        let refusal: (any Error)? = lock.withLock {
            if cancelled.remove(id) != nil { return CancellationError() }
            guard isOpen else { return WebViewError.webContentTerminated.withDetail("\(method) not sent") }
            pending[id] = Pending(continuation: continuation, method: method, deadline: deadline)
            return nil
        }
        if let refusal {
            continuation.resume(throwing: refusal)
            return
        }
        // Written around the parameters' text, which is spliced in as it is: encoded once, by the caller.
        var bytes = Data(#"{"id":\#(id),"method":"#.utf8) + JSONValue.string(method).encoded()
        if let session { bytes += Data(#","sessionId":"#.utf8) + JSONValue.string(session).encoded() }
        bytes += Data(#","params":"#.utf8) + params + Data("}".utf8)
        bytes.append(0)
        if !writeAll(bytes) {
            fail(id, WebViewError.webContentTerminated.withDetail("\(method) could not be written"))
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
        let waiting = lock.withLock { pending.removeValue(forKey: id) }
        waiting?.continuation.resume(throwing: error)
    }

    // MARK: - Deadlines

    /// Fails every command past its deadline; the reader thread calls it at least every ``sweepInterval``.
    private func sweep(at now: ContinuousClock.Instant) {
        let overdue: [Pending] = lock.withLock {
            let overdueIDs = pending.filter { $0.value.deadline <= now }.keys
            return overdueIDs.compactMap { pending.removeValue(forKey: $0) }
        }
        for command in overdue {
            command.continuation.resume(throwing: WebViewError.timedOut.withDetail("\(command.method) not answered in time"))
        }
    }

    // MARK: - Reading

    /// Reads NUL-terminated messages until the pipe closes, and sweeps the deadlines between reads (it waits
    /// for the pipe at most ``sweepInterval``, so a browser that answers nothing cannot hold a command past its
    /// deadline); runs on its own thread, holding no reference to the pipe object, so that releasing the pipe is
    /// never prevented by the browser being alive.
    private static func readLoop(
        readFD: Int32, events: AsyncStream<Event>.Continuation, dispatch: (Data) -> Void, sweep: (ContinuousClock.Instant) -> Void,
        finished: () -> Void
    ) {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var nextSweep = ContinuousClock.now + sweepInterval
        while true {
            var waiting = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Self.sweepMilliseconds)
            let interrupted = ready < 0 && errno == EINTR  // read before the sweep, which may change errno
            let now = ContinuousClock.now
            if now >= nextSweep {
                sweep(now)
                nextSweep = now + sweepInterval
            }
            if ready == 0 || interrupted { continue }
            let count = chunk.withUnsafeMutableBytes { read(readFD, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            buffer.append(contentsOf: chunk[0..<count])
            var start = 0
            while let end = buffer[start...].firstIndex(of: 0) {
                dispatch(Data(buffer[start..<end]))
                start = end + 1
            }
            buffer.removeFirst(start)
        }
        Foundation.close(readFD)
        finished()
        events.finish()
    }

    private func readerFinished() {
        let orphans: [Pending] = lock.withLock {
            isOpen = false
            defer { pending = [:] }
            return Array(pending.values)
        }
        closeWriteEnd()
        for orphan in orphans {
            orphan.continuation.resume(throwing: WebViewError.webContentTerminated)
        }
    }

    private func dispatch(_ data: Data) {
        guard let message = Self.parse(data) else {
            // Unreadable even after repair: fail the command it answers, if it names one, so nobody waits forever.
            if let id = Self.leadingID(data) { fail(id, WebViewError.engineRefused.withDetail("unreadable answer")) }
            return
        }
        if let id = message["id"]?.integerValue {
            let continuation = lock.withLock { pending.removeValue(forKey: id) }?.continuation
            if let error = message["error"] {
                let text = error["message"]?.stringValue ?? "error"
                continuation?.resume(throwing: WebViewError.engineRefused.withDetail(String(text.prefix(200))))
            } else {
                continuation?.resume(returning: message["result"] ?? .object([:]))
            }
        } else if let method = message["method"]?.stringValue {
            eventContinuation.yield(
                Event(method: method, params: message["params"] ?? .object([:]), sessionID: message["sessionId"]?.stringValue))
        }
    }

    /// Parses a message; Chromium writes page strings with lone surrogates as `\udXXX` escapes, which
    /// Foundation rejects, so those are replaced by U+FFFD and parsing is tried again.
    static func parse(_ data: Data) -> JSONValue? {
        if let value = try? JSONValue.parse(data) { return value }
        let text = String(decoding: data, as: UTF8.self)
        let repaired = text.replacingOccurrences(
            of: #"\\u[dD][89a-fA-F][0-9a-fA-F]{2}"#, with: #"\\ufffd"#, options: .regularExpression)
        return try? JSONValue.parse(Data(repaired.utf8))
    }

    /// The id of a message that starts `{"id":N`, as Chromium's answers do.
    static func leadingID(_ data: Data) -> Int64? {
        let prefix = Array(#"{"id":"#.utf8)
        guard data.starts(with: prefix) else { return nil }
        let digits = data.dropFirst(prefix.count).prefix { (48...57).contains($0) }
        return Int64(String(decoding: digits, as: UTF8.self))
    }
}
