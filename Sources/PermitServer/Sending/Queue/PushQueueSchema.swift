/// The push queue's tables, in the registry's own database (``RegistrySchema`` creates them with its own).
///
/// `permit_pushes` holds one row per queued notification: its identifier, when it was queued (ms), the message
/// (``PushMessage`` as JSON) and how its installations were chosen (``PushSelection`` as JSON).
/// `permit_push_sends` holds one row per installation it goes to: the send's identifier, which is its
/// idempotency key (`PUSH:INSTALLATION`), the token, platform and APNs environment taken when it was queued,
/// its state (`queued` until it ends, then one of ``PushSendState``), the attempts made, when it may next be
/// claimed (`due`, ms: a worker that claims it moves `due` past its lease, a retry to its `Retry-After`), and a
/// line on how it ended.
enum PushQueueSchema {
    /// The tables and indexes, created if missing.
    static let tables = [
        SQLStatement("""
            CREATE TABLE IF NOT EXISTS permit_pushes (
                push TEXT PRIMARY KEY, created BIGINT NOT NULL, message TEXT NOT NULL, selection TEXT NOT NULL)
            """),
        SQLStatement("""
            CREATE TABLE IF NOT EXISTS permit_push_sends (
                send TEXT PRIMARY KEY, push TEXT NOT NULL, installation TEXT NOT NULL, token TEXT NOT NULL,
                platform TEXT NOT NULL, environment TEXT, state TEXT NOT NULL, attempts BIGINT NOT NULL DEFAULT 0,
                due BIGINT NOT NULL, detail TEXT)
            """),
        SQLStatement("CREATE INDEX IF NOT EXISTS permit_push_sends_due ON permit_push_sends (state, due)"),
        SQLStatement("CREATE INDEX IF NOT EXISTS permit_push_sends_push ON permit_push_sends (push)"),
    ]
}
