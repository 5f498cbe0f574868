// Writes a Swift file that embeds the store's SQL migrations.
// Usage: EmbedMigrationsTool OUTPUT.swift MIGRATIONS_FOLDER
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let outputPath = arguments.first, let folder = arguments.last else {
    FileHandle.standardError.write(Data("usage: EmbedMigrationsTool OUTPUT MIGRATIONS_FOLDER\n".utf8))
    exit(2)
}
let sqlFiles = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    .filter { $0.hasSuffix(".sql") }
    .sorted()
    .map { folder + "/" + $0 }

/// A multi-line raw string literal whose value is exactly `text`: its delimiter and escape
/// marker cannot occur inside `text`, and the literal's last line break is not part of the value.
func rawLiteral(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

var entries: [String] = []
for path in sqlFiles {
    let fileName = URL(fileURLWithPath: path).lastPathComponent
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("EmbedMigrationsTool: cannot read \(path) as UTF-8\n".utf8))
        exit(1)
    }
    entries.append("    EmbeddedSQLFile(fileName: \(String(reflecting: fileName)), sql: \(rawLiteral(text))),")
}

let source = """
// Generated at build time from Migrations/*.sql by EmbedMigrationsTool. Do not edit.

/// The store schema's migration files, in file-name order, exactly as they are in `Migrations/`.
let embeddedSchemaFiles: [EmbeddedSQLFile] = [
\(entries.joined(separator: "\n"))
]

"""
do {
    try source.write(toFile: outputPath, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("EmbedMigrationsTool: cannot write \(outputPath): \(error)\n".utf8))
    exit(1)
}
