import Foundation
import PermitChildProcess

/// A running `permit-store-writer` and the lines it reports, read as they come.
struct WriterProcess {
    enum Report: Equatable {
        case loaded(Int)
        case saved(Int)
    }

    private let process: ChildProcess
    private var reports: AsyncStream<Report>.Iterator
    /// Every save reported so far, in order.
    private(set) var saved: [Int] = []

    init(executable: URL, store: URL) throws {
        process = try ChildProcess(executable.path, [store.path], standardOutput: .captured, standardError: .inherited)
        let (stream, continuation) = AsyncStream.makeStream(of: Report.self)
        reports = stream.makeAsyncIterator()
        // A thread of its own: the read blocks until the child writes or exits.
        let reader = process.standardOutput!
        let thread = Thread {
            var buffer = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    let words = line.split(separator: " ")
                    guard words.count == 2, let number = Int(words[1]) else { continue }
                    continuation.yield(words[0] == "loaded" ? .loaded(number) : .saved(number))
                }
            }
            continuation.finish()
        }
        thread.start()
    }

    /// The next line the child reports, or `nil` once it has exited.
    mutating func nextReport() async -> Report? {
        let report = await reports.next()
        if case .saved(let number)? = report { saved.append(number) }
        return report
    }

    /// Kills the child with SIGKILL, reads what it reported before dying, and returns every save it reported.
    mutating func killAndCollect() async -> [Int] {
        process.send(SIGKILL)
        while await nextReport() != nil {}
        _ = await process.termination()
        return saved
    }
}
