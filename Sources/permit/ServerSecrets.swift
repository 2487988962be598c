import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two secrets of `permit server`, read from a file or the environment, never from the command line: there
/// every user of the machine can read them (`ps`, `/proc/PID/cmdline`) and shells keep them in their history.
struct ServerSecrets {
    /// What native apps send, and so what anyone who unpacks the app can read: it lets a client report, no more.
    let appKey: String
    /// The operator's own key: the grant rates and deleting installations.
    let adminKey: String

    /// Reads both secrets: each from its file when one is named, else from its environment variable.
    ///
    /// A file's trailing line break and spaces are not part of the key (`echo KEY > file` works). A key that is
    /// missing or empty, an unreadable file, or the two keys being the same end the command with a sentence
    /// saying which and how to give it.
    static func read(appKeyFile: String?, adminKeyFile: String?, environment: [String: String]) throws -> ServerSecrets {
        let appKey = try secret(
            "the app key", file: appKeyFile, option: "--app-key-file", variable: "PERMIT_APP_KEY", environment: environment)
        let adminKey = try secret(
            "the admin key", file: adminKeyFile, option: "--admin-key-file", variable: "PERMIT_ADMIN_KEY",
            environment: environment)
        guard appKey != adminKey else {
            throw ValidationError(
                "the admin key must differ from the app key: the app key ships inside every app, so anyone can read it")
        }
        return ServerSecrets(appKey: appKey, adminKey: adminKey)
    }

    private static func secret(
        _ name: String, file: String?, option: String, variable: String, environment: [String: String]
    ) throws -> String {
        let value: String
        if let file {
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                throw ValidationError("\(option): cannot read \(name) from \(file)")
            }
            value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !value.isEmpty else { throw ValidationError("\(option): \(file) is empty; it must hold \(name)") }
        } else {
            value = environment[variable] ?? ""
            guard !value.isEmpty else {
                throw ValidationError("permit server needs \(name): set \(variable), or name a file holding it with \(option)")
            }
        }
        return value
    }
}

/// The open-file limit of the process, which bounds how many connections it can hold.
enum OpenFileLimit {
    /// Descriptors kept for what is not a client's connection: the database, the log, the listening socket.
    static let reserve = 64

    /// Raises the process's soft open-file limit, as far as its hard limit allows, to `connections` plus the
    /// reserve; returns how many connections the limit then leaves room for (at most `connections`).
    static func makeRoom(for connections: Int) -> Int {
        var limits = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limits) == 0 else { return connections }
        let wanted = rlim_t(connections + reserve)
        if limits.rlim_cur < wanted {
            var raised = limits
            raised.rlim_cur = min(wanted, limits.rlim_max)
            if setrlimit(resource, &raised) == 0 { limits = raised }
        }
        return max(1, min(connections, Int(clamping: limits.rlim_cur) - reserve))
    }
}
