import ArgumentParser
import Foundation
import Logging
import PermitServer

/// `permit push`: queue a notification in the registry's database, or read how one went.
struct Push: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Queue a push notification for installations in the registry, or show how one went.",
        discussion: """
            The notification is queued in the registry's own database, where every permit server that was \
            started with a push service (--fcm-service-account, --apns-key) sends it; this command sends \
            nothing itself. Choose the installations by a kind's state or by name; those without a token, or \
            whose token APNs refused as BadDeviceToken (quarantined), are left out:
              permit push --kind notifications --state granted --body "Your parcel is here"
              permit push --installation 3f2a9c1e-ios --data order=42
            It prints the notification's ID; read how each send went with:
              permit push --status ID
            A running server answers the same with POST /permit/push and GET /permit/push/ID (admin key).

            Exit status: 0 when queued (or shown), 64 for bad input, 1 for an unknown ID, 69 when the \
            database cannot be used.
            """)

    @Option(name: .long, help: ArgumentHelp("Send to installations whose state of this kind is --state.", valueName: "kind"))
    var kind: String?

    @Option(name: .long, help: ArgumentHelp("The state of --kind: granted, denied, notDetermined or notUsable.", valueName: "state"))
    var state: String?

    @Option(name: .long, help: ArgumentHelp("Send to this installation (repeat for several, up to 1,000).", valueName: "id"))
    var installation: [String] = []

    @Option(name: .long, help: ArgumentHelp("The alert's title.", valueName: "text"))
    var title: String?

    @Option(name: .long, help: ArgumentHelp("The alert's text.", valueName: "text"))
    var body: String?

    @Option(name: .long, help: ArgumentHelp("A key and value for the app (repeat for several); a push with data and no title or body is silent.", valueName: "key=value"))
    var data: [String] = []

    @Option(name: .long, help: ArgumentHelp("Show how the notification with this ID went instead of queuing one.", valueName: "id"))
    var status: String?

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var database: RegistryDatabaseOptions

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        _ = try database.engine()
        if database.postgres == nil, !FileManager.default.fileExists(atPath: database.sqlite) {
            throw ValidationError("no registry at \(database.sqlite): name the server's file with --sqlite")
        }
        if let status {
            guard UUID(uuidString: status) != nil else { throw ValidationError("--status takes a push ID, as permit push printed it") }
            guard kind == nil, state == nil, installation.isEmpty, title == nil, body == nil, data.isEmpty else {
                throw ValidationError("--status reads a notification; it takes no message or selection")
            }
            return
        }
        _ = try request()
    }

    /// The message and selection the options name.
    private func request() throws -> PushRoutes.Request {
        var values: [String: String] = [:]
        for pair in data {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError("--data takes key=value: \(pair)")
            }
            values[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        guard title != nil || body != nil || !values.isEmpty else {
            throw ValidationError("say something: --title, --body or --data")
        }
        var reportedState: ReportedState?
        if let state {
            guard let parsed = ReportedState(rawValue: state) else {
                throw ValidationError("--state must be one of: \(ReportedState.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            reportedState = parsed
        }
        let request = PushRoutes.Request(
            message: PushMessage(title: title, body: body, data: values), kind: kind, state: reportedState,
            installations: installation.isEmpty ? nil : installation)
        if case .failure(let error) = request.selection(limits: ReportLimits()) {
            throw ValidationError(error.detail == "give either kind and state, or installations"
                ? "choose installations with --kind and --state, or with --installation (not both)" : error.detail)
        }
        return request
    }

    func run() async throws {
        let logger = options.makeLogger()
        do {
            if let status {
                try await show(status.lowercased(), logger: logger)
            } else {
                let request = try request()
                guard case .success(let selection) = request.selection(limits: ReportLimits()) else { throw ExitCode(64) }
                let queued = try await database.engine().withStorage(logger: logger, deadline: .seconds(60), prepareDeadline: .seconds(30)) {
                    try await $0.pushQueue.enqueue(request.message, to: selection, at: Date())
                }
                if json {
                    Terminal.line(#"{"push":"\#(queued.push)","sends":\#(queued.sends)}"#)
                } else {
                    Terminal.line("queued \(queued.push) for \(queued.sends) installation\(queued.sends == 1 ? "" : "s")")
                }
            }
        } catch let error as ServerError {
            Terminal.progress("permit push: \(error.detail.isEmpty ? error.summary : error.detail)")
            throw ExitCode(69)
        }
    }

    private func show(_ push: String, logger: Logger) async throws {
        let status = try await database.engine().withStorage(logger: logger, deadline: .seconds(60), prepareDeadline: .seconds(30)) {
            try await $0.pushQueue.status(of: push)
        }
        guard let status else {
            Terminal.progress("permit push: no notification \(push) in this registry")
            throw ExitCode(1)
        }
        if json {
            Terminal.line(String(decoding: try PushRoutes.encoder.encode(status), as: UTF8.self))
            return
        }
        let counts = status.states.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        Terminal.line("\(status.push): \(status.sends) send\(status.sends == 1 ? "" : "s"), \(status.finished ? "all ended" : "some queued")\(counts.isEmpty ? "" : ": \(counts)")")
        for send in status.list {
            Terminal.line("  \(send.installation)  \(send.state.rawValue)  attempts \(send.attempts)\(send.detail.map { "  \($0)" } ?? "")")
        }
    }
}
