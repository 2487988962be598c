public import Permit

extension SimulatedDevice {
    /// Scripts the answer to the next temporary full-accuracy prompt: `true` allows precise location until the
    /// next launch, `false` keeps it approximate. A prompt nobody scripted allows it.
    public func answerNextFullAccuracyPrompt(allowingPrecise: Bool) {
        fullAccuracyAnswers.append(allowingPrecise)
    }

    /// Shows the temporary full-accuracy prompt when location is approximate and the app is active, as iOS does,
    /// and returns the status of location afterwards. Allowed, both location kinds that read approximate read
    /// granted until the next ``launchApp()``. Otherwise nothing is shown and the status is returned.
    public func requestTemporaryFullAccuracy(purposeKey: String) async -> PermissionStatus {
        guard appState == .active, currentStatus(.location) == .approximate else { return currentStatus(.location) }
        fullAccuracyPrompts.append(purposeKey)
        let allowed = fullAccuracyAnswers.isEmpty ? true : fullAccuracyAnswers.removeFirst()
        if allowed {
            for kind in [PermissionKind.location, .locationAlways] where currentStatus(kind) == .approximate {
                setStatus(.granted, for: kind)
                temporarilyPrecise.insert(kind)
            }
        }
        return currentStatus(.location)
    }
}
