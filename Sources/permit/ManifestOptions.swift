import ArgumentParser
import Foundation
import Permit
import PermitLint

/// The options `permit lint` and `permit generate` share: the permission manifest and how to read it.
struct ManifestOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            #"The JSON permission manifest, {"version":1,"permissions":[{"kind","necessity","purpose",...}]}."#,
            valueName: "file"))
    var manifest: String

    @Option(
        name: .customLong("deployment-target"),
        help: ArgumentHelp(
            "The oldest iOS version the app runs on; below 17 the legacy calendar and reminders keys are needed too.",
            valueName: "version"))
    var deploymentTargetArgument = DeploymentTargetArgument(target: .permitMinimum)

    @Option(
        name: .customLong("kind"),
        help: ArgumentHelp("An app-defined permission kind the manifest may declare (repeatable).", valueName: "name"))
    var appKinds: [String] = []

    func validate() throws {
        if manifest.isEmpty { throw ValidationError("--manifest needs the path of the JSON permission manifest.") }
        for name in appKinds where PermissionKind(rawValue: name) == nil {
            throw ValidationError(
                "--kind \(name) is not a valid kind identifier: a lowercase ASCII letter, then letters and digits.")
        }
    }

    /// The oldest iOS version the app runs on.
    var deploymentTarget: DeploymentTarget { deploymentTargetArgument.target }

    /// The app's own kinds.
    var additionalKinds: [PermissionKind] { appKinds.compactMap(PermissionKind.init(rawValue:)) }

    /// Reads the manifest with `linter`'s configuration.
    func readManifest(with linter: PermissionLinter) throws -> PermissionManifest {
        try linter.readManifest(contentsOf: URL(fileURLWithPath: manifest))
    }
}

/// The `--sources` option `permit lint` and `permit generate` share: the app's Swift sources, read one way for
/// both (the imports and identifiers lint checks, the `serviceType:` both take for `NSBonjourServices`).
struct SourcesOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("The app's Swift sources: a directory searched for .swift files, or one file.", valueName: "path"))
    var sources: String?

    func validate() throws {
        guard let sources else { return }
        if sources.isEmpty { throw ValidationError("--sources needs a path.") }
        if (sources as NSString).lastPathComponent == "Package.resolved" {
            throw ValidationError(
                "--sources: Package.resolved names packages, not the modules the app imports; give the app's source directory.")
        }
    }

    /// The sources, read; `nil` when the option was not given.
    func scan() throws -> SourceScan? {
        try sources.map { try SourceScan(contentsOf: URL(fileURLWithPath: $0)) }
    }
}

/// An iOS version named on the command line: `16`, `16.4`, `17.0`.
struct DeploymentTargetArgument: ExpressibleByArgument {
    let target: DeploymentTarget

    init(target: DeploymentTarget) { self.target = target }

    init?(argument: String) {
        guard let target = DeploymentTarget(argument) else { return nil }
        self.target = target
    }

    var defaultValueDescription: String { target.description }
}

/// Runs `body`, and turns an input file that cannot be read, parsed or edited into one line on standard
/// error naming the file and exit status 65 (`EX_DATAERR`); with `json`, also `{"error": "..."}` on standard
/// output, so a script reading the output gets JSON either way.
func reportingInputErrors<Value>(json: Bool = false, _ body: () throws -> Value) throws -> Value {
    do {
        return try body()
    } catch let error as LintError {
        FileHandle.standardError.write(Data("permit: error: \(error)\n".utf8))
        if json { try printJSON(["error": error.description]) }
        throw ExitCode(65)
    }
}
