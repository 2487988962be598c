/// Orders the saves of a ``PermitStorage`` and what waits on them: one save at a time, always of the latest
/// snapshot, and every change released (published, its caller resumed) only after a save that covers it,
/// in the order the changes were made.
///
/// Each change gets a version. While a save runs, further changes wait; when it ends, the changes it
/// covered are released and, when newer ones exist, one save of the latest snapshot covers them all. A
/// save that fails still releases what it covered: the change happened, and the next save records it.
/// Before the store has loaded nothing is saved over it, so a change is released at once.
///
/// The machine holds no tasks and no time: ``PermitStorage`` carries out its actions.
struct SaveStateMachine: Sendable {
    /// What the storage does next.
    enum Action: Hashable, Sendable {
        /// Save the snapshot as it is now; it has this version. Report the end with ``saveEnded(_:)``.
        case save(version: Int)
        /// Release every change up to and including this version; nothing more to save.
        case release(through: Int)
        /// A save is under way; the change is released when a save that covers it ends.
        case wait
    }

    /// The version of the latest change.
    private(set) var version = 0
    /// The version being saved, while a save runs.
    private var saving: Int?

    /// Records a change and says what to do: save it now, wait for the save under way, or (before the
    /// store has loaded, when nothing may be saved over it) release it at once.
    mutating func changed(storeLoaded: Bool) -> Action {
        version += 1
        guard storeLoaded else {
            precondition(saving == nil, "a save ran before the store loaded")
            return .release(through: version)
        }
        guard saving == nil else { return .wait }
        saving = version
        return .save(version: version)
    }

    /// The save of `saved` ended, stored or not: returns the actions to take, in order, releasing what it
    /// covered and, when changes came meanwhile, saving the latest snapshot for them.
    mutating func saveEnded(_ saved: Int) -> [Action] {
        precondition(saving == saved, "saveEnded(\(saved)) does not match the save under way")
        saving = nil
        guard version > saved else { return [.release(through: saved)] }
        saving = version
        return [.release(through: saved), .save(version: version)]
    }
}
