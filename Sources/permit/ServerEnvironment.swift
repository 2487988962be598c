import Foundation

/// `permit server`'s options from `PERMIT_*` environment variables, for a container or a service unit: each
/// option's variable is `PERMIT_` and its name in capitals, dashes as underscores (`--db-timeout` is
/// `PERMIT_DB_TIMEOUT`). An option given on the command line wins over its variable.
///
/// The keys are the exception: `PERMIT_APP_KEY` and `PERMIT_ADMIN_KEY` hold the keys themselves (``ServerSecrets``),
/// and the refused `--app-key` has no variable.
enum ServerEnvironment {
    /// An option that a variable can give.
    struct Entry {
        /// The option, such as `--db-timeout`.
        let option: String
        /// How a variable's value becomes arguments.
        let kind: Kind

        /// The variable, such as `PERMIT_DB_TIMEOUT`.
        var variable: String {
            "PERMIT_" + option.dropFirst(2).uppercased().replacingOccurrences(of: "-", with: "_")
        }
    }

    /// How a variable's value becomes arguments.
    enum Kind {
        /// `--option VALUE`.
        case value
        /// `--option A --option B` from `A,B`.
        case list
        /// `--option` from `true`, `--no-option` from `false`.
        case flag
    }

    /// Every option of `permit server` but `--help` and the refused `--app-key`; `ServerEnvironmentTests` checks
    /// this list against `permit server --help`.
    static let entries: [Entry] = [
        Entry(option: "--sqlite", kind: .value), Entry(option: "--postgres", kind: .value),
        Entry(option: "--postgres-sslmode", kind: .value), Entry(option: "--postgres-sslrootcert", kind: .value),
        Entry(option: "--host", kind: .value), Entry(option: "--port", kind: .value),
        Entry(option: "--app-key-file", kind: .value), Entry(option: "--admin-key-file", kind: .value),
        Entry(option: "--idle-timeout", kind: .value), Entry(option: "--body-timeout", kind: .value),
        Entry(option: "--writes-per-address", kind: .value), Entry(option: "--writes-per-installation", kind: .value),
        Entry(option: "--trusted-proxy", kind: .list), Entry(option: "--max-connections", kind: .value),
        Entry(option: "--kinds", kind: .value), Entry(option: "--stale-after-days", kind: .value),
        Entry(option: "--db-timeout", kind: .value), Entry(option: "--start-timeout", kind: .value),
        Entry(option: "--drain-timeout", kind: .value), Entry(option: "--log-format", kind: .value),
        Entry(option: "--access-log", kind: .flag), Entry(option: "--log-level", kind: .value),
        Entry(option: "--fcm-service-account", kind: .value), Entry(option: "--fcm-endpoint", kind: .value),
        Entry(option: "--apns-key", kind: .value), Entry(option: "--apns-key-id", kind: .value),
        Entry(option: "--apns-team-id", kind: .value), Entry(option: "--apns-topic", kind: .value),
        Entry(option: "--apns-endpoint", kind: .value), Entry(option: "--apns-sandbox-endpoint", kind: .value),
        Entry(option: "--push-concurrency", kind: .value), Entry(option: "--push-lease", kind: .value),
        Entry(option: "--web-push-title", kind: .value), Entry(option: "--web-push-body", kind: .value),
        Entry(option: "--web-push-origin", kind: .value),
    ]

    /// `arguments` (the command's, after `server`) with an option added for each variable set in `environment`
    /// whose option the arguments do not give.
    static func arguments(_ arguments: [String], environment: [String: String]) -> [String] {
        var result = arguments
        for entry in entries {
            guard let value = environment[entry.variable], !value.isEmpty else { continue }
            let negated = "--no-" + entry.option.dropFirst(2)
            let given = arguments.contains { argument in
                argument == entry.option || argument.hasPrefix(entry.option + "=") || argument == negated
            }
            guard !given else { continue }
            switch entry.kind {
            case .value:
                result += [entry.option, value]
            case .list:
                for item in value.split(separator: ",") {
                    result += [entry.option, item.trimmingCharacters(in: .whitespaces)]
                }
            case .flag:
                // Anything but a clear yes or no is passed on as it is, for the parser to refuse with its message.
                switch value.lowercased() {
                case "true", "yes", "1", "on": result.append(entry.option)
                case "false", "no", "0", "off": result.append(negated)
                default: result += [entry.option + "=" + value]
                }
            }
        }
        return result
    }

    /// The lines of `permit server --help` that name each variable.
    static var help: String {
        let pairs = entries.map { "\($0.variable) (\($0.option))" }
        return "Every option can come from the environment instead, the command line winning: "
            + pairs.joined(separator: ", ") + "; a list such as PERMIT_TRUSTED_PROXY is comma-separated, "
            + "and PERMIT_ACCESS_LOG is true or false."
    }
}
