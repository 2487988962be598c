import Foundation
import InMemoryLogging
import Logging
import Permit
import PermitSystem
import PermitTesting

/// A logger whose entries a test can read back.
func makeTestLogger(level: Logger.Level = .trace) -> (Logger, InMemoryLogHandler) {
    let handler = InMemoryLogHandler()
    var logger = Logger(label: "permit.system.tests", factory: { _ in handler })
    logger.logLevel = level
    return (logger, handler)
}

/// A temporary directory of the test's own, removed by `tearDown()`.
struct TempWorld {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "permit-system-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// A path inside the world; nothing is created.
    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// Creates and returns a directory inside the world.
    func directory(_ path: String) throws -> URL {
        let url = root.appendingPathComponent(path, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The names in `directory`, hidden ones included, sorted.
    func listing(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    func tearDown() { try? FileManager.default.removeItem(at: root) }
}

/// A file system that runs on the real disk but can be told to break one operation.
struct FaultyFileSystem: DocumentsFileSystem {
    enum Fault: Sendable { case none, corruptReads, denyWrites, denyCreatingDirectories, freeBytes(Int64) }

    var fault: Fault = .none
    private let base = LocalFileSystem()

    init(_ fault: Fault) { self.fault = fault }

    func isDirectory(at url: URL) -> Bool? { base.isDirectory(at: url) }

    func createDirectory(at url: URL) throws {
        if case .denyCreatingDirectories = fault { throw CocoaError(.fileWriteNoPermission) }
        try base.createDirectory(at: url)
    }

    func write(_ data: Data, to url: URL) throws {
        // Like Foundation's own error, it names the file: a detail must not repeat it.
        if case .denyWrites = fault { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path]) }
        try base.write(data, to: url)
    }

    func contents(of url: URL) throws -> Data {
        var data = try base.contents(of: url)
        if case .corruptReads = fault, !data.isEmpty { data[data.startIndex] ^= 0xFF }
        return data
    }

    func removeItem(at url: URL) throws { try base.removeItem(at: url) }

    func availableCapacity(at url: URL) throws -> Int64 {
        if case .freeBytes(let bytes) = fault { return bytes }
        return try base.availableCapacity(at: url)
    }
}

/// A file system whose every call blocks its thread until `release()`, as a hung network mount does.
final class BlockingFileSystem: DocumentsFileSystem, @unchecked Sendable {  // state guarded by `condition`
    private let condition = NSCondition()
    private var released = false
    private var blockedNow = 0
    private let entered: AsyncStream<Void>.Continuation
    /// One element each time a call starts blocking.
    let entries: AsyncStream<Void>

    init() { (entries, entered) = AsyncStream.makeStream(of: Void.self) }

    /// The calls blocked right now.
    var blocked: Int {
        condition.lock()
        defer { condition.unlock() }
        return blockedNow
    }

    /// Lets every blocked call, and every later one, return.
    func release() {
        condition.lock()
        released = true
        condition.broadcast()
        condition.unlock()
    }

    private func block() {
        condition.lock()
        blockedNow += 1
        entered.yield()
        while !released { condition.wait() }
        blockedNow -= 1
        condition.unlock()
    }

    func isDirectory(at url: URL) -> Bool? {
        block()
        return true
    }
    func createDirectory(at url: URL) throws { block() }
    func write(_ data: Data, to url: URL) throws { block() }
    func contents(of url: URL) throws -> Data {
        block()
        return Data()
    }
    func removeItem(at url: URL) throws { block() }
    func availableCapacity(at url: URL) throws -> Int64 {
        block()
        return 1_000_000_000_000
    }
}

/// A file system that reports a fixed free size and records where it was measured.
final class MeasuringFileSystem: DocumentsFileSystem, @unchecked Sendable {  // `urls` guarded by `lock`
    private let lock = NSLock()
    private var urls: [URL] = []
    private let freeBytes: Int64
    private let base = LocalFileSystem()

    init(freeBytes: Int64) { self.freeBytes = freeBytes }

    /// The URLs whose free space was asked for, in order.
    var measured: [URL] {
        lock.lock()
        defer { lock.unlock() }
        return urls
    }

    func isDirectory(at url: URL) -> Bool? { base.isDirectory(at: url) }
    func createDirectory(at url: URL) throws { try base.createDirectory(at: url) }
    func write(_ data: Data, to url: URL) throws { try base.write(data, to: url) }
    func contents(of url: URL) throws -> Data { try base.contents(of: url) }
    func removeItem(at url: URL) throws { try base.removeItem(at: url) }
    func availableCapacity(at url: URL) throws -> Int64 {
        lock.lock()
        urls.append(url)
        lock.unlock()
        return freeBytes
    }
}

/// Waits for `count` elements of `stream`.
func receive(_ count: Int, from stream: AsyncStream<Void>) async {
    var iterator = stream.makeAsyncIterator()
    for _ in 0..<count { _ = await iterator.next() }
}

/// A check that answers what it is told, for runner tests.
struct FixedCheck: SystemCheck {
    var id: SystemCheckID
    var finding: SystemCheckFinding
    var title: String { id.rawValue }
    var purpose: String { "a test" }
    func run() async throws -> SystemCheckFinding { finding }
}

/// A check that throws.
struct ThrowingCheck: SystemCheck {
    struct Failure: Error, CustomStringConvertible { var description: String { "boom" } }
    var id: SystemCheckID
    var error: any Error = Failure()
    var title: String { id.rawValue }
    var purpose: String { "a test" }
    func run() async throws -> SystemCheckFinding { throw error }
}

/// A fixed wall clock.
let referenceDate = Date(timeIntervalSince1970: 1_763_778_000)

/// The runner's timeout in tests that are not about timeouts: long enough that a loaded machine (the thread
/// sanitizer, the browser suites beside it on two cores) cannot turn a real check's answer into "no answer",
/// which the default ten seconds did under `scripts/tsan`.
let patientTimeout = Duration.seconds(120)

/// Gives other tasks a chance to run, a bounded number of times, until `condition` holds.
func yield(until condition: () async -> Bool, attempts: Int = 10_000) async -> Bool {
    for _ in 0..<attempts {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}
