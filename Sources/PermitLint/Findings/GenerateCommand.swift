/// The `permit generate` command line a finding's fix names, written so that it runs as printed: with the
/// manifest it was linted against, for an Info.plist with the sources it was linted with (which decide the
/// Bonjour types written), and each path quoted for the shell when it needs to be.
///
/// For example:
///
/// ```swift
/// GenerateCommand(manifestFile: "permissions.json").writesIt("--info-plist", update: "App/Info.plist")
/// // "`permit generate --manifest permissions.json --info-plist --update App/Info.plist` writes it"
/// ```
struct GenerateCommand {
    /// The permission manifest's path, as the linter was given it.
    let manifestFile: String
    /// The sources' path, when the linter was given them.
    var sources: String? = nil

    /// "`permit generate --manifest … <target> [--sources …] --update <file>` writes it"; `--sources` only for
    /// `--info-plist`, the one target that reads them.
    func writesIt(_ target: String, update file: String) -> String {
        let sourcesOption = target == "--info-plist" ? sources.map { " --sources \(Self.quoted($0))" } ?? "" : ""
        return "`permit generate --manifest \(Self.quoted(manifestFile)) \(target)\(sourcesOption) --update \(Self.quoted(file))` writes it"
    }

    /// `path` as a shell word: unchanged when it holds only characters no shell treats specially, else in single
    /// quotes.
    static func quoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._/-+,:@".unicodeScalars.contains(scalar))
        }
        return plain && !path.isEmpty ? path : "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }
}
