extension PermissionSnapshot {
    /// This snapshot, just loaded from the store, amended with what the process learned while the store could
    /// not be read; and whether anything was amended, so that it must be saved.
    ///
    /// From `learned`: the records of kinds this snapshot does not know, every prompt shown (a record whose
    /// `hasPrompted` is set), and the values under `namesWritten`, removals included. The rest of `learned`
    /// is dropped: the stored snapshot is the baseline the OS is compared with.
    func amended(with learned: PermissionSnapshot, namesWritten: Set<String>) -> (PermissionSnapshot, amended: Bool) {
        var result = self
        var amended = false
        for (kind, record) in learned.records {
            if result.records[kind] == nil {
                result.records[kind] = record
                amended = true
            } else if record.hasPrompted, result.records[kind]?.hasPrompted == false {
                result.records[kind]?.hasPrompted = true
                amended = true
            }
        }
        for name in namesWritten where result.attachments[name] != learned.attachments[name] {
            result.attachments[name] = learned.attachments[name]
            amended = true
        }
        return (result, amended)
    }
}
