import Foundation
import Testing

/// The output docs/cli.md shows is what the built `statedb` prints: the `export` header
/// (its `schemaVersion` is this build's) and the `schema:` lines of `check`, one per schema
/// migration with its checksum. A new schema migration makes these fail until the examples
/// show it.
@Suite("docs: cli.md examples match the output")
struct CLIDocOutputTests {
    let folder = TemporaryDirectory()

    /// The lines of the first fenced block of docs/cli.md that contains `marker`.
    static func example(containing marker: String) throws -> [String] {
        let url = DocExamplesCompileTests.root.appendingPathComponent("docs/cli.md")
        let blocks = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "```")
        let block = try #require(blocks.enumerated().first { $0.offset % 2 == 1 && $0.element.contains(marker) }?.element)
        return block.split(separator: "\n").map(String.init)
    }

    @Test func theExportHeaderIsWhatExportWrites() throws {
        try makeSampleStore(at: folder.storePath)
        let run = try CLI.run("export", folder.storePath)
        #expect(run.status == 0, "\(run)")
        let shown = try Self.example(containing: #""format": "statedb-export""#)
        let header = shown.filter { $0.hasPrefix("  \"format") || $0.hasPrefix("  \"schemaVersion") }
        #expect(header.count == 3, "\(shown)")
        for line in header { #expect(run.stdout.contains("\n\(line)\n"), "docs/cli.md shows \(line); export wrote:\n\(run.stdout)") }
    }

    @Test func theCheckExampleListsEverySchemaMigration() throws {
        try makeSampleStore(at: folder.storePath)
        try sqlite(folder.storePath, "DROP TRIGGER slots_tombstone")
        let run = try CLI.run("check", folder.storePath)
        let shown = try Self.example(containing: "$ statedb check state.sqlite")
        let schema = shown.drop { !$0.hasPrefix("schema:") }.prefix { !$0.contains("tables, indexes, triggers") }
        let printed = run.stdout.split(separator: "\n").map(String.init)
        let real = printed.drop { !$0.hasPrefix("schema:") }.prefix { !$0.contains("tables, indexes, triggers") }
        #expect(!real.isEmpty, "\(run)")
        #expect(Array(schema) == Array(real), "docs/cli.md shows:\n\(schema.joined(separator: "\n"))\ncheck printed:\n\(real.joined(separator: "\n"))")
    }
}
