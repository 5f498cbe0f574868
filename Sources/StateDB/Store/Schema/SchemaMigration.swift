/// One SQL file of `Migrations/`, as embedded at build time.
struct EmbeddedSQLFile: Sendable {
    let fileName: String
    /// SHA-256 of `sql`, hex, computed by the build (`EmbeddedSchemaTests` and
    /// `PostgresSchemaFilesTests` hold it equal to `sha256sum` of the file).
    let checksum: String
    let sql: String
}

/// A step of the store's own schema: `NNNN_name.sql` applied in order, each in its own
/// transaction, recorded in `statedb_schema_migrations` with the SHA-256 of its text.
public struct SchemaMigration: Sendable, Equatable {
    /// The number the file name starts with (`0001_initial.sql` is version 1).
    public let version: Int
    /// The rest of the file name (`initial`).
    public let name: String
    /// The file's text.
    public let sql: String
    /// SHA-256 of `sql`, hex.
    public let checksum: String
    /// The file name, as in `Migrations/`.
    public let fileName: String

    /// Every schema migration this build knows, in order.
    public static let all: [SchemaMigration] = embeddedSchemaFiles.map(SchemaMigration.init(file:))

    /// The schema version this build creates and understands.
    public static var latestVersion: Int { all.last?.version ?? 0 }

    init(file: EmbeddedSQLFile) {
        let stem = file.fileName.hasSuffix(".sql") ? String(file.fileName.dropLast(4)) : file.fileName
        let parts = stem.split(separator: "_", maxSplits: 1)
        guard let number = parts.first.flatMap({ Int($0) }) else {
            preconditionFailure("Migrations/\(file.fileName): the name must start with a number, as in 0001_initial.sql")
        }
        version = number
        name = parts.count > 1 ? String(parts[1]) : ""
        sql = file.sql
        checksum = file.checksum
        fileName = file.fileName
    }
}
