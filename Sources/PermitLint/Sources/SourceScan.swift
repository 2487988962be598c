public import Foundation

/// What an app's Swift sources use that its build files must declare: the modules they import and whether
/// they touch `UserDefaults`.
///
/// Give it a directory of sources, which is searched for `.swift` files, or one file. Hidden folders and the
/// folders in `skippedDirectories` (tests, dependencies and build products: `Tests`, `Pods`, `.build`,
/// `Carthage`, `DerivedData`) are skipped: what they import is not what the app links. Comments and string literals are ignored, so a commented-out
/// `// import PermitCamera` does not count; the one string read is a literal passed as `serviceType:` to
/// `LocalNetworkAuthority(…)`, the Bonjour type the app's `NSBonjourServices` must list. A `Package.resolved` names packages, not the modules an app
/// links, so it cannot answer either question.
///
/// For example:
///
/// ```swift
/// let scan = try SourceScan(contentsOf: URL(fileURLWithPath: "App/Sources"))
/// scan.file(importing: "PermitLocation")          // "App/Sources/LocationFeature.swift"
/// scan.userDefaultsUse?.identifier                 // "UserDefaults"
/// ```
public struct SourceScan: Hashable, Sendable {
    /// Where a module is imported or `UserDefaults` is used: the file and the identifier.
    package struct Use: Hashable, Sendable {
        /// The file, as its path was given or found under the directory given.
        package let file: String
        /// The module or identifier.
        package let identifier: String
    }

    /// A statement in the app's code that the app holds an entitlement, made through a Permit argument such as
    /// `SiriAuthority(holdsSiriEntitlement: true)` or `ICloudAccountProvider(cloudKitContainerIdentifier: …)`.
    package struct EntitlementClaim: Hashable, Sendable {
        /// The file, as its path was given or found under the directory given.
        package let file: String
        /// The argument that makes the claim, such as `holdsSiriEntitlement`.
        package let argument: String
        /// Whether the code says the app holds the entitlement (`false` for `holdsSiriEntitlement: false`).
        package let holds: Bool
    }

    /// A call of `LocalNetworkAuthority(…)`: where it is and what it says about the Bonjour service type its probe
    /// browses for, which the app's `NSBonjourServices` must list.
    package struct LocalNetworkAuthorityCall: Hashable, Sendable {
        /// What the call's arguments say about the service type.
        package enum ServiceType: Hashable, Sendable {
            /// No `serviceType:`: `LocalNetworkAuthority.defaultServiceType`, `_permit-probe._tcp`.
            case defaultType
            /// `serviceType:` given this plain string literal.
            case literal(String)
            /// `serviceType:` given a value PermitLint does not read (a variable, an interpolation), as written.
            case unreadable(String)
            /// `endpoint:`: the deprecated connection probe, which browses for no service type of its own.
            case endpoint
        }

        /// The file, as its path was given or found under the directory given.
        package let file: String
        /// The call's line, from 1.
        package let line: Int
        /// What the call says about the service type.
        package let serviceType: ServiceType
    }

    /// The path that was scanned, as given.
    package let path: String
    /// The first file importing each module, by module.
    package let imports: [String: String]
    /// The first use, in the app's own code, of an identifier that reads or writes `UserDefaults`
    /// (`UserDefaults`, `NSUserDefaults`, `@AppStorage`), or `nil`. Permit's `UserDefaultsPermissionStore` is not
    /// one: Permit's own privacy manifest declares that use.
    package let userDefaultsUse: Use?
    /// Every claim of an entitlement the code makes, in file order: an argument of
    /// ``PlatformTable/entitlementClaims`` given `true` or `false` (a Boolean one) or anything but `nil`.
    package let entitlementClaims: [EntitlementClaim]
    /// Every call of `LocalNetworkAuthority(…)` or `LocalNetworkAuthority.init(…)` in the app's code, in file
    /// order: a `serviceType:` argument is read when it is one plain string literal.
    package let localNetworkAuthorityCalls: [LocalNetworkAuthorityCall]

    /// Scans sources already read: pairs of a file name and its text, in order.
    public init(path: String, files: [(name: String, text: String)]) {
        self.path = path
        var imports: [String: String] = [:]
        var userDefaultsUse: Use?
        var claims: [EntitlementClaim] = []
        var calls: [LocalNetworkAuthorityCall] = []
        for (name, text) in files {
            let code = SwiftCode(text)
            for call in code.localNetworkAuthorityCalls() {
                calls.append(LocalNetworkAuthorityCall(file: name, line: call.line, serviceType: call.serviceType))
            }
            for (argument, holds) in code.entitlementClaims() {
                claims.append(EntitlementClaim(file: name, argument: argument, holds: holds))
            }
            for module in code.importedModules where imports[module] == nil { imports[module] = name }
            if userDefaultsUse == nil {
                let identifiers = code.identifiers
                if let identifier = PlatformTable.userDefaultsIdentifiers.first(where: identifiers.contains) {
                    userDefaultsUse = Use(file: name, identifier: identifier)
                }
            }
        }
        self.imports = imports
        self.userDefaultsUse = userDefaultsUse
        self.entitlementClaims = claims
        self.localNetworkAuthorityCalls = calls
    }

    /// Scans the Swift file at `url`, or every `.swift` file under the directory at `url`.
    ///
    /// - Throws: ``LintError/unreadable`` when the path does not exist or a file cannot be read as UTF-8.
    public init(contentsOf url: URL) throws {
        let path = url.relativePath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw LintError.unreadable.about(path, "no such file or directory")
        }
        let urls = isDirectory.boolValue ? try Self.swiftFiles(under: url, path: path) : [url]
        var files: [(name: String, text: String)] = []
        for file in urls {
            let name = isDirectory.boolValue ? Self.display(file, under: url, path: path) : path
            let data = try InputFile.read(file, file: name)
            guard let text = String(data: data, encoding: .utf8) else {
                throw LintError.unreadable.about(name, "not UTF-8 text")
            }
            files.append((name, text))
        }
        self.init(path: path, files: files)
    }

    /// The names of the folders a directory scan skips, wherever they are: `Tests`, `Pods`, `.build`, `Carthage`,
    /// `DerivedData`.
    package static let skippedDirectories: Set<String> = ["Tests", "Pods", ".build", "Carthage", "DerivedData"]

    /// The first file that imports `module`, or `nil` when none does.
    package func file(importing module: String) -> String? { imports[module] }

    // MARK: - Files

    private static func swiftFiles(under directory: URL, path: String) throws -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { throw LintError.unreadable.about(path, "the directory cannot be listed") }
        var files: [URL] = []
        for case let url as URL in enumerator {
            if skippedDirectories.contains(url.lastPathComponent),
                (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
            {
                enumerator.skipDescendants()
            } else if url.pathExtension == "swift" {
                files.append(url)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// `file`'s path under `directory`, joined to the directory's path as given.
    private static func display(_ file: URL, under directory: URL, path: String) -> String {
        let base = directory.standardizedFileURL.path
        let full = file.standardizedFileURL.path
        guard full.hasPrefix(base + "/") else { return full }
        let relative = full.dropFirst(base.count + 1)
        return path.hasSuffix("/") ? path + relative : path + "/" + relative
    }
}
