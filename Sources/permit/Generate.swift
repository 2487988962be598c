import ArgumentParser
import Foundation
import Permit
import PermitLint

/// `permit generate`: writes what the permission manifest declares into an app's build files.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the Info.plist, Android manifest or privacy manifest fragment the permission manifest calls for.",
        usage: """
            permit generate --manifest <file> (--info-plist | --android-manifest | --privacy-manifest) \
            [--update <file>] [--sources <path>] [--deployment-target <version>] [--kind <name> ...]
            """,
        discussion: """
            --info-plist prints a <key>/<string> pair for every purpose key the declared kinds need, with the \
            manifest's purpose texts (notifications needs none on iOS), and for localNetwork NSBonjourServices listing \
            _permit-probe._tcp, the type LocalNetworkAuthority probes with by default, or with --sources each \
            serviceType: literal the app passes to LocalNetworkAuthority(...), as permit lint --sources reads them. \
            --android-manifest prints a \
            <uses-permission> line for every permission they need, INTERNET first. --privacy-manifest prints a \
            whole PrivacyInfo.xcprivacy declaring UserDefaults with reason CA92.1, what Permit's \
            UserDefaultsPermissionStore needs.

            With --update FILE, the file is edited in place instead: what is missing is inserted and differing \
            purpose strings are replaced, in the file's own indentation and line endings, and every other byte \
            stays as it was; nothing is removed. A binary property list cannot be edited byte for byte and is \
            refused: convert it with `plutil -convert xml1 FILE`, or paste the printed fragment.

            Exit status: 0 on success, 64 for a usage error, 65 when an input file cannot be read, parsed or edited.
            """
    )

    /// The build file to generate for.
    enum Target: String, EnumerableFlag {
        case infoPlist, androidManifest, privacyManifest

        static func help(for value: Target) -> ArgumentHelp? {
            switch value {
            case .infoPlist: "Info.plist purpose strings."
            case .androidManifest: "AndroidManifest.xml <uses-permission> entries."
            case .privacyManifest: "PrivacyInfo.xcprivacy's UserDefaults required-reason entry."
            }
        }
    }

    @OptionGroup var manifestOptions: ManifestOptions

    @Flag var target: Target

    @Option(
        name: .long,
        help: ArgumentHelp("Edit this file in place instead of printing the fragment.", valueName: "file"))
    var update: String?

    @OptionGroup var sourcesOption: SourcesOption

    func validate() throws {
        if update?.isEmpty == true { throw ValidationError("--update needs the path of the file to edit.") }
        if sourcesOption.sources != nil, target != .infoPlist {
            throw ValidationError("--sources is read only with --info-plist, for NSBonjourServices.")
        }
    }

    func run() throws {
        var configuration = LintConfiguration()
        configuration.additionalKinds = manifestOptions.additionalKinds
        let linter = PermissionLinter(configuration: configuration)
        try reportingInputErrors {
            let manifest = try manifestOptions.readManifest(with: linter)
            let scan = try sourcesOption.scan()
            let generator = FragmentGenerator(
                manifest: manifest, deploymentTarget: manifestOptions.deploymentTarget, sources: scan)
            for value in generator.unreadableBonjourServiceTypes {
                Terminal.progress(
                    "permit generate: LocalNetworkAuthority is passed serviceType: \(value), which permit cannot read "
                        + "(not a string literal); list the type it holds in NSBonjourServices yourself")
            }
            if target == .infoPlist, scan == nil, !generator.bonjourServiceTypes.isEmpty {
                Terminal.progress(
                    "permit generate: NSBonjourServices lists \(generator.bonjourServiceTypes.joined(separator: ", ")), "
                        + "LocalNetworkAuthority's default; if the app passes serviceType:, give --sources to list that type instead")
            }
            guard let update else {
                let text = fragment(generator)
                if text.isEmpty {
                    Terminal.progress("permit generate: no declared kind needs an Info.plist purpose key (notifications needs none)")
                }
                print(text, terminator: "")
                return
            }
            let url = URL(fileURLWithPath: update)
            let original = try InputFile.read(url, file: update)
            let updated = try edit(generator, original, file: update)
            if updated == original {
                Terminal.progress("\(update): already up to date")
                return
            }
            try InputFile.write(updated, to: url, file: update)
            Terminal.progress("\(update): updated")
        }
    }

    private func fragment(_ generator: FragmentGenerator) -> String {
        switch target {
        case .infoPlist: generator.infoPlistFragment()
        case .androidManifest: generator.androidManifestFragment()
        case .privacyManifest: generator.privacyManifest()
        }
    }

    private func edit(_ generator: FragmentGenerator, _ data: Data, file: String) throws -> Data {
        switch target {
        case .infoPlist: try generator.updatingInfoPlist(data, file: file)
        case .androidManifest: try generator.updatingAndroidManifest(data, file: file)
        case .privacyManifest: try generator.updatingPrivacyManifest(data, file: file)
        }
    }
}
