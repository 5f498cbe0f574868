// Writes a Swift file that embeds the store's SQL migrations (the SQLite schema's and the
// PostgreSQL dialect's) with the SHA-256 of each, and the SQLite schema each version defines
// (ExpectedSchemaSource.swift).
// Usage: EmbedMigrationsTool OUTPUT.swift MIGRATIONS_FOLDER POSTGRESQL_MIGRATIONS_FOLDER
import Foundation
import SchemaChecksum

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: EmbedMigrationsTool OUTPUT MIGRATIONS_FOLDER POSTGRESQL_MIGRATIONS_FOLDER\n".utf8))
    exit(2)
}
let outputPath = arguments[0]

/// The `.sql` files of `folder`, in file-name order (none when the folder does not exist).
func sqlFiles(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".sql") }
        .sorted()
        .map { folder + "/" + $0 }
}

/// A multi-line raw string literal whose value is exactly `text`: its delimiter and escape
/// marker cannot occur inside `text`, and the literal's last line break is not part of the value.
func rawLiteral(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

/// The `.sql` files of `folder` with their texts, in file-name order.
func files(of folder: String) -> [(name: String, sql: String)] {
    sqlFiles(in: folder).map { path in
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            failBuild("cannot read \(path) as UTF-8")
        }
        return (URL(fileURLWithPath: path).lastPathComponent, text)
    }
}

/// One `EmbeddedSQLFile(…)` line per file. The checksum is hashed here, once per build,
/// rather than by every process that opens a store.
func entries(of files: [(name: String, sql: String)]) -> String {
    files.map { file in
        "    EmbeddedSQLFile(fileName: \(String(reflecting: file.name)), checksum: \(String(reflecting: SHA256.hex(file.sql))), sql: \(rawLiteral(file.sql))),"
    }.joined(separator: "\n")
}

let schemaFiles = files(of: arguments[1])

let source = """
// Generated at build time from Migrations/*.sql and Migrations/postgresql/*.sql by
// EmbedMigrationsTool. Do not edit.

/// The store schema's migration files, in file-name order, exactly as they are in `Migrations/`.
let embeddedSchemaFiles: [EmbeddedSQLFile] = [
\(entries(of: schemaFiles))
]

/// The PostgreSQL dialect of the store schema, in file-name order, exactly as the files are in
/// `Migrations/postgresql/`.
let embeddedPostgresSchemaFiles: [EmbeddedSQLFile] = [
\(entries(of: files(of: arguments[2])))
]

\(expectedSchemaSource(files: schemaFiles))
"""
do {
    try source.write(toFile: outputPath, atomically: true, encoding: .utf8)
} catch {
    failBuild("cannot write \(outputPath): \(error)")
}
