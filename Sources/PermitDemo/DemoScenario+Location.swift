import Foundation
import Permit
import PermitTesting

extension DemoScenario {
    /// Location as the page asked for it: a watch that follows the device until `clearWatch`, and
    /// `enableHighAccuracy` upgrading approximate location.
    static let location: [DemoScenario] = [pageWatch, pageHighAccuracy]

    /// The demo app's manifest with the purpose key of a temporary full-accuracy request declared for location.
    static let preciseManifest: PermissionManifest = {
        // Distinct kinds with purposes, the key on location: the manifest cannot reject them.
        try! PermissionManifest([
            PermissionDeclaration(
                kind: .location, necessity: .optional, purpose: "The map shows where you are when you ask it to.",
                fullAccuracyPurposeKey: "ParcelDoorstep"),
            PermissionDeclaration(kind: .camera, necessity: .optional, purpose: "Scan a parcel's code to track it."),
            PermissionDeclaration(kind: .notifications, necessity: .optional, purpose: "Hear when a parcel arrives."),
        ])
    }()

    /// A fix `step` hundredths of a degree north-east of the demo's starting point.
    private static func fix(_ step: Int, accuracy: Double = 5) -> LocationFix {
        LocationFix(
            latitude: 52.5200 + Double(step) / 100, longitude: 13.4050 + Double(step) / 100, accuracy: accuracy,
            timestamp: Date())
    }

    /// `watchPosition` streams the device's fixes as it moves, and `clearWatch` stops the native stream.
    static let pageWatch = DemoScenario(
        name: "page-watch", seed: "001",
        summary: "watchPosition follows the moving device fix by fix; clearWatch stops the native stream"
    ) { context in
        let app = try await launchedApp(context, device: SimulatedDevice(statuses: [.location: .granted]))
        _ = try await app.evaluate("permitDemo.startWatch(false)")
        try await watched(app, count: 1, "expected the watch's first fix")
        for step in 1...3 {
            app.location.setFix(fix(step))
            try await watched(app, count: step + 1, "expected fix \(step + 1) after the device moved")
        }
        let fixes = try await app.evaluate("permitDemo.watched()") ?? "[]"
        context.note("  page    watchPosition received: \(fixes)")
        try context.check(app.location.updateStreamCount == 1, "expected one native stream for the watch")
        let count = try await app.evaluate("permitDemo.stopWatch()")
        try await waitFor("expected clearWatch to stop the native stream") { app.location.activeUpdateCount == 0 }
        app.location.setFix(fix(9))
        let after = try await app.evaluate("permitDemo.watched().length")
        try context.check(after == count, "expected no fix after clearWatch, the page has \(after ?? "-")")
        try context.check(await app.device.totalPromptCount == 0, "expected no prompt for a granted permission")
        context.note("  app     native stream stopped on clearWatch; a later move reached nobody")
        return "\(count ?? "?") fixes while the device moved, then clearWatch stopped the native stream"
    }

    /// `enableHighAccuracy` with approximate location asks for temporary full accuracy, with the declared key.
    static let pageHighAccuracy = DemoScenario(
        name: "page-high-accuracy", seed: "003",
        summary: "enableHighAccuracy with approximate location: one full-accuracy prompt with the declared key; precise"
    ) { context in
        let device = SimulatedDevice(statuses: [.location: .approximate])
        let app = context.makeApp(device: device, manifest: preciseManifest)
        try await app.launch()
        try await app.waitForPageToMatch()
        context.note("  device  location allowed approximately (Precise Location off)")
        _ = try await app.evaluate("permitDemo.startWatch(true)")
        try await watched(app, count: 1, "expected the high-accuracy watch's first fix")
        let prompts = await device.fullAccuracyPrompts
        try context.check(prompts == ["ParcelDoorstep"], "expected one full-accuracy prompt with the declared key, saw \(prompts)")
        let status = await device.status(of: .location)
        try context.check(status == .granted, "expected precise location after the prompt, the device says \(status)")
        context.note("  device  temporary full-accuracy prompt with purpose key \(prompts.first ?? "-"): allowed")
        _ = try await app.evaluate("permitDemo.stopWatch()")
        _ = try await app.evaluate("permitDemo.startWatch(true)")
        try await watched(app, count: 1, "expected the second watch's first fix")
        _ = try await app.evaluate("permitDemo.stopWatch()")
        let again = await device.fullAccuracyPrompts.count
        try context.check(again == 1, "expected no second prompt once precise, saw \(again)")
        return "approximate -> granted after one prompt with purpose key ParcelDoorstep; asked once"
    }

    /// Waits until the page's watch holds `count` entries.
    private static func watched(_ app: HybridApp, count: Int, _ failure: String) async throws {
        try await waitFor(failure) { (try? await app.evaluate("permitDemo.watched().length")) == "\(count)" }
    }
}
