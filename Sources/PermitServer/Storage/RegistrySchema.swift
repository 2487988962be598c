/// The registry's tables, and the migrations that bring a registry of an earlier schema up to them in place.
///
/// `permit_installations` holds one row per installation: its token, platform, first and last seen (seconds),
/// its latest states and what the grant counts hold of each kind (both JSON), and the revision of the row
/// (``InstallationRecord/revision``), whether it has proved itself (`proven`, 0 or 1), its token's APNs
/// environment, the token's last registration (seconds), whether the token is quarantined (0 or 1), its
/// notification settings (JSON, ``NotificationSettings``) and whether it is silent only (0 or 1; both `NULL` when
/// unknown).
/// `permit_grant_days` holds the counts per day and kind; its `asked` column is written as granted plus denied
/// and read as such. `permit_keys` holds the registry's own secrets by name: the installation proof key, in hex.
///
/// A migration is a probe that succeeds once it is applied and the statements that apply it; each runs under
/// the engine's schema lock, and one that another process applied first is not an error.
enum RegistrySchema {
    /// The tables and indexes of the current schema, created if missing.
    static let tables = [
        SQLStatement("""
            CREATE TABLE IF NOT EXISTS permit_installations (
                installation TEXT PRIMARY KEY, token TEXT, platform TEXT NOT NULL,
                first_seen BIGINT NOT NULL, last_seen BIGINT NOT NULL, states TEXT NOT NULL,
                counted TEXT, revision BIGINT NOT NULL DEFAULT 0, proven BIGINT NOT NULL DEFAULT 0,
                environment TEXT, token_registered BIGINT, quarantined BIGINT NOT NULL DEFAULT 0,
                notifications TEXT, silent_only BIGINT)
            """),
        SQLStatement("CREATE INDEX IF NOT EXISTS permit_installations_last_seen ON permit_installations (last_seen)"),
        SQLStatement("CREATE INDEX IF NOT EXISTS permit_installations_token ON permit_installations (token)"),
        SQLStatement("""
            CREATE TABLE IF NOT EXISTS permit_grant_days (
                day TEXT NOT NULL, kind TEXT NOT NULL, asked BIGINT NOT NULL, granted BIGINT NOT NULL,
                denied BIGINT NOT NULL, changed_mind BIGINT NOT NULL, PRIMARY KEY (day, kind))
            """),
        SQLStatement("CREATE TABLE IF NOT EXISTS permit_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL)"),
    ] + PushQueueSchema.tables + WebPushSubscriptions.tables

    /// One step from an earlier schema.
    struct Migration: Sendable {
        /// What it does, for the log.
        var name: String
        /// A statement that fails until the migration is applied.
        var probe: SQLStatement
        /// The statements that apply it, in one transaction.
        var statements: [SQLStatement]
    }

    /// The migrations, oldest first.
    static let migrations = [
        // The first schema (Permit before the fleet fixes, 4b23a35): rows without a revision or counted days. The
        // existing rows get revision 0 and no counted days, which reading takes as "answered before days were
        // kept" for each kind granted or denied (CountedDays.assumed(from:)).
        Migration(
            name: "revisions and counted days",
            probe: SQLStatement("SELECT counted, revision FROM permit_installations WHERE 1 = 0"),
            statements: [
                SQLStatement("ALTER TABLE permit_installations ADD COLUMN counted TEXT"),
                SQLStatement("ALTER TABLE permit_installations ADD COLUMN revision BIGINT NOT NULL DEFAULT 0"),
            ]),
        // Before installation proofs (issue 31's identity half): every existing row is an installation that never
        // proved itself, admitted by trust on its first proven report.
        Migration(
            name: "installation proofs",
            probe: SQLStatement("SELECT proven FROM permit_installations WHERE 1 = 0"),
            statements: [
                SQLStatement("ALTER TABLE permit_installations ADD COLUMN proven BIGINT NOT NULL DEFAULT 0"),
            ]),
        // Before token health (issue 35): no environment (production is assumed), no quarantine, and the last
        // registration of each token taken as its last seen, the latest time the registry knows it was reported.
        Migration(
            name: "token health",
            probe: SQLStatement("SELECT environment, token_registered, quarantined FROM permit_installations WHERE 1 = 0"),
            statements: [
                SQLStatement("ALTER TABLE permit_installations ADD COLUMN environment TEXT"),
                SQLStatement("ALTER TABLE permit_installations ADD COLUMN token_registered BIGINT"),
                SQLStatement("ALTER TABLE permit_installations ADD COLUMN quarantined BIGINT NOT NULL DEFAULT 0"),
                SQLStatement("UPDATE permit_installations SET token_registered = last_seen WHERE token IS NOT NULL"),
            ]),
        // Before notification settings (issue 39): no installation reported them, so each existing row's are
        // unknown (NULL), and so is whether it is silent only.
        Migration(
            name: "notification settings",
            probe: SQLStatement("SELECT notifications, silent_only FROM permit_installations WHERE 1 = 0"),
            statements: [
                SQLStatement("ALTER TABLE permit_installations ADD COLUMN notifications TEXT"),
                SQLStatement("ALTER TABLE permit_installations ADD COLUMN silent_only BIGINT"),
            ]),
    ]
}
