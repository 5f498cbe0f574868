import Foundation
import StateDB
import Testing

/// Type names nested thousands of levels deep (a hostile file, a hand edit, a typo in a
/// script) are refused where a person typed them and read as an app's type where a store or
/// an export holds them: never a stack overflow.
@Suite struct DeepTypeNameTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    init() throws { try makeSampleStore(at: folder.storePath) }

    static let depth = 20_000
    /// `Swift.Optional<…<Swift.Int>…>`, 20,000 levels: 300 kB, more than one argument may be.
    static let deepStoredName = String(repeating: "Swift.Optional<", count: depth) + "Swift.Int" + String(repeating: ">", count: depth)

    @Test(arguments: [
        String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth),
        "Int" + String(repeating: "?", count: depth),
        String(repeating: "[String: ", count: 5_000) + "Int" + String(repeating: "]", count: 5_000),
    ])
    func setRefusesATypeNestedTooDeep(type: String) throws {
        let before = FileSnapshot(path)
        let run = try CLI.run("set", path, "Deep/value", "1", "--type", type)
        #expect(run.status == 2, "\(run.description.prefix(2_000))")
        #expect(run.stderr.contains("is nested deeper than 512 levels"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.count < 1_000, "the name is cut in the message")
        #expect(FileSnapshot(path) == before)
    }

    @Test func aTypeAsDeepAsTheLimitAllowsIsUnderstood() throws {
        let type = String(repeating: "[", count: 511) + "Int" + String(repeating: "]", count: 511)
        let value = String(repeating: "[", count: 511) + "7" + String(repeating: "]", count: 511)
        let run = try CLI.run("set", path, "Deep/value", value, "--type", type)
        #expect(run.status == 0, "\(run.description.prefix(2_000))")
        #expect(try CLI.run("check", path).status == 0)
    }

    @Test func aDeepTypeNameInTheStoreIsReadAsAnAppType() throws {
        try sqlite(path, """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
            VALUES ('Deep/value', 'Deep', 'value', '\(Self.deepStoredName)', 'integer', 5, 0, 0, 0)
            """)
        // Reads: the store's bytes stay (a read may leave empty -wal and -shm files, docs/cli.md).
        let before = try fileBytes(path)
        for arguments in [["inspect", path], ["inspect", path, "--json"], ["get", path, "Deep/value", "--json"], ["check", path],
                          ["orphans", path, "--unseen-for", "0s"], ["export", path]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.description.prefix(2_000))")
            #expect(try fileBytes(path) == before, "\(arguments)")
        }
        // A value of the stored shape is set (an app type is checked by shape only).
        let set = try CLI.run("set", path, "Deep/value", "6")
        #expect(set.status == 0, "\(set.description.prefix(2_000))")
        #expect(SQLiteProbe(path: path).value("Deep/value") == "6")
    }

    @Test func anImportFileWithADeepTypeNameIsChecked() throws {
        let file = folder.path("deep.json")
        let document = JSONSerializationDocument(slots: [["key": "Deep/value", "type": Self.deepStoredName, "value": 1]])
        try document.write(to: file)
        let before = try fileBytes(path)
        let dryRun = try CLI.run("import", path, file, "--dry-run")
        #expect(dryRun.status == 0, "\(dryRun.description.prefix(2_000))")
        #expect(dryRun.stdout == "would import: 1 created, 0 updated, 0 unchanged, 0 removed\n")
        #expect(try fileBytes(path) == before)
        let run = try CLI.run("import", path, file)
        #expect(run.status == 0, "\(run.description.prefix(2_000))")
        #expect(try sqliteScalar(path, "SELECT length(type) FROM slots WHERE key = 'Deep/value'") == Int64(Self.deepStoredName.utf8.count))
    }
}

/// An export document written with `JSONSerialization`, for files the CLI must read.
struct JSONSerializationDocument {
    let slots: [[String: Any]]

    func write(to path: String) throws {
        let document: [String: Any] = ["format": "statedb-export", "formatVersion": 1, "slots": slots]
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
    }
}
