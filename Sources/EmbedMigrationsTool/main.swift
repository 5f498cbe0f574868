// Writes a Swift file that embeds the store's SQL migrations: the SQLite schema's and the
// PostgreSQL dialect's.
// Usage: EmbedMigrationsTool OUTPUT.swift MIGRATIONS_FOLDER POSTGRESQL_MIGRATIONS_FOLDER
import Foundation

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

/// One `EmbeddedSQLFile(…)` line per file of `folder`.
func entries(of folder: String) -> String {
    var entries: [String] = []
    for path in sqlFiles(in: folder) {
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            FileHandle.standardError.write(Data("EmbedMigrationsTool: cannot read \(path) as UTF-8\n".utf8))
            exit(1)
        }
        entries.append("    EmbeddedSQLFile(fileName: \(String(reflecting: fileName)), sql: \(rawLiteral(text))),")
    }
    return entries.joined(separator: "\n")
}

let source = """
// Generated at build time from Migrations/*.sql and Migrations/postgresql/*.sql by
// EmbedMigrationsTool. Do not edit.

/// The store schema's migration files, in file-name order, exactly as they are in `Migrations/`.
let embeddedSchemaFiles: [EmbeddedSQLFile] = [
\(entries(of: arguments[1]))
]

/// The PostgreSQL dialect of the store schema, in file-name order, exactly as the files are in
/// `Migrations/postgresql/`.
let embeddedPostgresSchemaFiles: [EmbeddedSQLFile] = [
\(entries(of: arguments[2]))
]

"""
do {
    try source.write(toFile: outputPath, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("EmbedMigrationsTool: cannot write \(outputPath): \(error)\n".utf8))
    exit(1)
}
