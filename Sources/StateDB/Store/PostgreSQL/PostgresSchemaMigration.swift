/// A step of the PostgreSQL dialect of the store's schema: `Migrations/postgresql/NNNN_name.sql`,
/// applied in order, each in its own transaction, recorded in `statedb_schema_migrations` with
/// the SHA-256 of its text. Its versions are the dialect's own, counted from 1.
struct PostgresSchemaMigration: Sendable, Equatable {
    let version: Int
    let name: String
    let sql: String
    let checksum: String
    let fileName: String

    /// Every migration of the dialect this build knows, in order.
    static let all: [PostgresSchemaMigration] = embeddedPostgresSchemaFiles.map(PostgresSchemaMigration.init(file:))

    /// The dialect's schema version this build creates and understands.
    static var latestVersion: Int { all.last?.version ?? 0 }

    init(file: EmbeddedSQLFile) {
        // The SQLite side's parsing of `NNNN_name.sql`, so both dialects name files one way.
        let parsed = SchemaMigration(file: file)
        version = parsed.version
        name = parsed.name
        sql = parsed.sql
        checksum = parsed.checksum
        fileName = parsed.fileName
    }
}
