import Foundation
import Testing

// Every SQL statement the library and the CLI run takes its values as bound parameters.
// This audit reads the sources: a literal passed to execute/prepare/cached may interpolate
// only the reviewed integer pragmas below, and SQL built elsewhere must be one of the reviewed
// expressions. A new interpolation or a new dynamic statement fails here until reviewed.

private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Interpolations reviewed: each puts an integer (or an internal pragma name) into a pragma.
private let reviewedInterpolations: Set<String> = [
    #""PRAGMA busy_timeout = \(options.busyTimeoutMilliseconds)""#,
    #""PRAGMA \(name)""#,
    #""PRAGMA user_version = \(migration.version)""#,
    #""PRAGMA application_id = \(StoreFile.applicationID)""#,
]

/// SQL that is not a literal at the call: constants of the code, and the embedded migrations.
private let reviewedExpressions: Set<String> = [
    "sql", "statement", "StoredRow.selectSQL", #"StoredRow.selectSQL + " WHERE version > ?1""#,
    #"StoredRow.selectSQL + " WHERE key = ?1""#, #"StoredRow.selectSQL + " ORDER BY key""#,
    #"StoredRow.selectSQL + " WHERE seen_at < ?1 AND key NOT GLOB ?2 AND key NOT GLOB ?3 ORDER BY key""#, #"immediate ? "BEGIN IMMEDIATE" : "BEGIN""#,
    "source.scanSQL", "source.probeSQL",  // literals of `RecoverySources` (StoreAdmin+Recover.swift)
    "migration.sql",  // an embedded migration file, run whole in memory (SchemaVerification.swift)
]

/// The argument text of every call to `name(` in `source`.
private func arguments(of name: String, in source: String) -> [String] {
    var found: [String] = []
    var search = source.startIndex
    while let range = source.range(of: "." + name + "(", range: search..<source.endIndex)
            ?? source.range(of: " " + name + "(", range: search..<source.endIndex) {
        var depth = 1
        var index = range.upperBound
        var inString = false
        var multiline = false
        while index < source.endIndex && depth > 0 {
            if source[index...].hasPrefix("\"\"\"") {
                multiline.toggle()
                inString = multiline
                index = source.index(index, offsetBy: 3)
                continue
            }
            let character = source[index]
            if character == "\"" && !multiline && (index == source.startIndex || source[source.index(before: index)] != "\\") {
                inString.toggle()
            } else if !inString {
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
            }
            index = source.index(after: index)
        }
        found.append(String(source[range.upperBound..<source.index(before: index)]).trimmingCharacters(in: .whitespacesAndNewlines))
        search = index
    }
    return found
}

struct SQLBindingAuditTests {
    @Test func everyStatementBindsItsValues() throws {
        var files: [URL] = []
        for folder in ["Sources/StateDB", "CLI"] {
            let enumerator = FileManager.default.enumerator(at: packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "swift" { files.append(url) }
            }
        }
        #expect(files.count > 20, "the audit reads the sources (found \(files.count) files)")
        var calls = 0
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for name in ["execute", "prepare", "cached"] {
                for argument in arguments(of: name, in: source) where !argument.isEmpty {
                    calls += 1
                    let place = "\(file.lastPathComponent): \(name)(\(argument.prefix(80)))"
                    if argument.hasPrefix("\"") {
                        if argument.contains("\\(") {
                            #expect(reviewedInterpolations.contains(argument), "unreviewed interpolation in SQL — bind it: \(place)")
                        }
                    } else if !argument.hasPrefix("at:") && !argument.hasPrefix("_ ") {
                        #expect(reviewedExpressions.contains(argument), "SQL built outside the call — review and list it: \(place)")
                    }
                }
            }
        }
        #expect(calls > 30, "the audit found the statements (\(calls))")
    }
}
