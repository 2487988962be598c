import Foundation

/// What the SARIF 2.1.0 schema requires of the objects `LintReport.sarifData(contents:)` writes: for each definition, the
/// properties it allows (`additionalProperties: false`), those it requires (each inner list one alternative of an
/// `anyOf`), and which definition each nested property refers to. See ``SARIFTests`` for why this is a structural
/// check and not the schema itself.
enum SARIFStructure {
    private struct Definition {
        var allowed: Set<String>
        var required: [[String]]
        var children: [String: (definition: String, isArray: Bool)] = [:]
    }

    private static let levels = ["none", "note", "warning", "error"]

    private static let definitions: [String: Definition] = [
        "sarifLog": Definition(
            allowed: ["$schema", "version", "runs", "inlineExternalProperties", "properties"],
            required: [["version", "runs"]], children: ["runs": ("run", true)]),
        "run": Definition(
            allowed: [
                "tool", "invocations", "conversion", "language", "versionControlProvenance", "originalUriBaseIds",
                "artifacts", "logicalLocations", "graphs", "results", "automationDetails", "runAggregates",
                "baselineGuid", "redactionTokens", "defaultEncoding", "defaultSourceLanguage", "newlineSequences",
                "columnKind", "externalPropertyFileReferences", "threadFlowLocations", "taxonomies", "addresses",
                "translations", "policies", "webRequests", "webResponses", "specialLocations", "properties",
            ],
            required: [["tool"]], children: ["tool": ("tool", false), "results": ("result", true)]),
        "tool": Definition(
            allowed: ["driver", "extensions", "properties"], required: [["driver"]],
            children: ["driver": ("toolComponent", false)]),
        "toolComponent": Definition(
            allowed: [
                "guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription",
                "fullName", "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc", "downloadUri",
                "informationUri", "globalMessageStrings", "notifications", "rules", "taxa", "locations", "language",
                "contents", "isComprehensive", "localizedDataSemanticVersion", "minimumRequiredLocalizedDataSemanticVersion",
                "associatedComponent", "translationMetadata", "supportedTaxonomies", "properties",
            ],
            required: [["name"]], children: ["rules": ("reportingDescriptor", true)]),
        "reportingDescriptor": Definition(
            allowed: [
                "id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames", "shortDescription",
                "fullDescription", "messageStrings", "defaultConfiguration", "helpUri", "help", "relationships",
                "properties",
            ],
            required: [["id"]],
            children: [
                "shortDescription": ("multiformatMessageString", false), "fullDescription": ("multiformatMessageString", false),
                "help": ("multiformatMessageString", false), "defaultConfiguration": ("reportingConfiguration", false),
            ]),
        "reportingConfiguration": Definition(
            allowed: ["enabled", "level", "rank", "parameters", "properties"], required: [[]]),
        "multiformatMessageString": Definition(allowed: ["text", "markdown", "properties"], required: [["text"]]),
        "result": Definition(
            allowed: [
                "ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget", "locations", "guid",
                "correlationGuid", "occurrenceCount", "partialFingerprints", "fingerprints", "stacks", "codeFlows",
                "graphs", "graphTraversals", "relatedLocations", "suppressions", "baselineState", "rank",
                "attachments", "hostedViewerUri", "workItemUris", "provenance", "fixes", "taxa", "webRequest",
                "webResponse", "properties",
            ],
            required: [["message"]], children: ["message": ("message", false), "locations": ("location", true)]),
        "message": Definition(
            allowed: ["text", "markdown", "id", "arguments", "properties"], required: [["text"], ["id"]]),
        "location": Definition(
            allowed: ["id", "physicalLocation", "logicalLocations", "message", "annotations", "relationships", "properties"],
            required: [[]],
            children: ["physicalLocation": ("physicalLocation", false), "logicalLocations": ("logicalLocation", true)]),
        "physicalLocation": Definition(
            allowed: ["address", "artifactLocation", "region", "contextRegion", "properties"],
            required: [["address"], ["artifactLocation"]],
            children: ["artifactLocation": ("artifactLocation", false), "region": ("region", false)]),
        "region": Definition(
            allowed: [
                "startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength", "byteOffset",
                "byteLength", "snippet", "message", "sourceLanguage", "properties",
            ],
            required: [[]]),
        "artifactLocation": Definition(
            allowed: ["uri", "uriBaseId", "index", "description", "properties"], required: [[]]),
        "logicalLocation": Definition(
            allowed: ["name", "index", "fullyQualifiedName", "decoratedName", "parentIndex", "kind", "properties"],
            required: [[]]),
    ]

    /// Every way `log` breaks those rules, each as `path: problem`; empty when it keeps them.
    static func problems(in log: [String: Any]) -> [String] {
        var problems: [String] = []
        if let version = log["version"], version as? String != "2.1.0" {
            problems.append("version: \(version) is not 2.1.0")
        }
        check(log, as: "sarifLog", at: "", into: &problems)
        return problems
    }

    private static func check(_ object: [String: Any], as name: String, at path: String, into problems: inout [String]) {
        guard let definition = definitions[name] else { return }
        let here = path.isEmpty ? "log" : path
        for key in object.keys.sorted() where !definition.allowed.contains(key) {
            problems.append("\(here): unknown property \(key)")
        }
        if !definition.required.contains(where: { $0.allSatisfy { object[$0] != nil } }) {
            let missing = definition.required[0].filter { object[$0] == nil }
            problems.append("\(here): missing \(missing.joined(separator: ", "))")
        }
        for key in ["level"] where name == "result" || name == "reportingConfiguration" {
            if let value = object[key], !levels.contains(value as? String ?? "") {
                problems.append("\(here).\(key): \"\(value)\" is not one of \(levels.joined(separator: ", "))")
            }
        }
        if name == "run", let kind = object["columnKind"], !["utf16CodeUnits", "unicodeCodePoints"].contains(kind as? String ?? "") {
            problems.append("\(here).columnKind: \"\(kind)\" is not utf16CodeUnits or unicodeCodePoints")
        }
        if name == "region", let line = object["startLine"], (line as? Int ?? 0) < 1 {
            problems.append("\(here).startLine: \(line) is not an integer of 1 or more")
        }
        if name == "artifactLocation", let uri = object["uri"] {
            // format uri-reference: a string that parses as a URI, relative or absolute, with nothing left unescaped.
            if (uri as? String).flatMap(URL.init(string:)) == nil || (uri as? String)?.contains(" ") == true {
                problems.append("\(here).uri: \"\(uri)\" is not a URI reference")
            }
        }
        for (key, child) in definition.children.sorted(by: { $0.key < $1.key }) {
            guard let value = object[key] else { continue }
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            if child.isArray {
                guard let items = value as? [Any] else {
                    problems.append("\(childPath): not an array")
                    continue
                }
                for (index, item) in items.enumerated() {
                    guard let item = item as? [String: Any] else {
                        problems.append("\(childPath)[\(index)]: not an object")
                        continue
                    }
                    check(item, as: child.definition, at: "\(childPath)[\(index)]", into: &problems)
                }
            } else if let item = value as? [String: Any] {
                check(item, as: child.definition, at: childPath, into: &problems)
            } else {
                problems.append("\(childPath): not an object")
            }
        }
    }
}
