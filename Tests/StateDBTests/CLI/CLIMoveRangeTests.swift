import Foundation
@_spi(Admin) import StateDB
import Testing

/// `statedb mv` reads the rows under the old prefix and the keys under the new one, a page of
/// keys at a time: collisions are found wherever they sit in that range (first page, across
/// a page's end, last key), and keys next to the range are not taken for it.
@Suite struct CLIMoveRangeTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    init() throws {
        let store = try StateStore(path: folder.storePath)
        // 2,500 keys under the new prefix: three pages of keys.
        for index in 0..<2_500 {
            _ = try store.binding(for: "New/Row[id: \(String(format: "%04d", index))]/on", default: false)
        }
        for index in [0, 999, 1_000, 1_001, 2_499] {
            _ = try store.binding(for: "Old/Row[id: \(String(format: "%04d", index))]/on", default: true)
        }
        _ = try store.binding(for: "Old/Row[id: 9999]/on", default: true)   // no key waits for it
        _ = try store.binding(for: "Newer/Row[id: 9999]/on", default: 1)   // beside the new prefix
        _ = try store.binding(for: "Olden/keep", default: 2)                // beside the old prefix
        try store.flush()
        store.close()
    }

    @Test func collisionsAnywhereInTheNewRangeAreFound() throws {
        let refused = try CLI.run("mv", path, "Old", "New")
        #expect(refused.status != 0, "\(refused)")
        #expect(refused.stderr.contains("5 of the new keys already exist (\"New/Row[id: 0000]/on\", \"New/Row[id: 0999]/on\", \"New/Row[id: 1000]/on\", …)"), "\(refused)")
        let planned = try CLI.run("mv", path, "Old", "New", "--force", "--dry-run", "--json")
        #expect(planned.status == 0, "\(planned)")
        let plan = try #require(try planned.json() as? [String: Any])
        #expect(plan["overwritten"] as? [String] == [0, 999, 1_000, 1_001, 2_499].map { "New/Row[id: \(String(format: "%04d", $0))]/on" })
        #expect((plan["renames"] as? [Any])?.count == 6)
        let moved = try CLI.run("mv", path, "Old", "New", "--force")
        #expect(moved.status == 0, "\(moved)")
        #expect(SQLiteProbe(path: path).value("New/Row[id: 1000]/on") == "1", "the moved value (true) replaced the old one")
        #expect(SQLiteProbe(path: path).value("New/Row[id: 9999]/on") == "1")
        #expect(SQLiteProbe(path: path).value("Olden/keep") == "2")
        #expect(SQLiteProbe(path: path).value("Newer/Row[id: 9999]/on") == "1")
        #expect(try sqliteScalar(path, "SELECT count(*) FROM slots WHERE key LIKE 'Old/%'") == 0)
        #expect(try sqliteScalar(path, "SELECT count(*) FROM slots") == 2_500 + 1 + 2)
    }

    @Test func aMoveBesideTheNewRangeCollidesWithNothing() throws {
        // `Newer/…` sorts right after the keys under `New`, and is not under it.
        let run = try CLI.run("mv", path, "Old/Row[id: 9999]", "New/Row[id: 9999]")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasSuffix("1 slot(s) moved\n"), "\(run)")
    }

    /// The lines the text output has for a plan, built from `--json` (which plans in memory).
    private func expectedLines(_ arguments: [String], dryRun: Bool) throws -> [String] {
        let planned = try CLI.run(["mv", path] + arguments + ["--dry-run", "--json"])
        let plan = try #require(try planned.json() as? [String: Any], "\(planned)")
        let renames = try #require(plan["renames"] as? [[String: String]])
        let overwritten = try #require(plan["overwritten"] as? [String])
        return overwritten.map { "\(dryRun ? "would replace" : "replaced") \($0)" }
            + renames.map { "\($0["from"]!) → \($0["to"]!)" }
            + ["\(renames.count) slot(s) \(dryRun ? "would move" : "moved")"]
    }

    @Test func aMoveOfManySlotsIsWrittenInBatchesAndPrintsWhatItPlanned() throws {
        // 2,500 + 1 slots leave `New`, past keys beside the range (`Newer/…`), in three batches.
        let arguments = ["New", "Moved"]
        let dry = try CLI.run(["mv", path] + arguments + ["--dry-run"])
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.stdout.split(separator: "\n").map(String.init) == (try expectedLines(arguments, dryRun: true)))
        #expect(try sqliteScalar(path, "SELECT count(*) FROM slots WHERE key LIKE 'Moved/%'") == 0, "a dry run writes nothing")
        let expected = try expectedLines(arguments, dryRun: false)
        let run = try CLI.run(["mv", path] + arguments)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.split(separator: "\n").map(String.init) == expected)
        #expect(expected.last == "2500 slot(s) moved")
        #expect(try sqliteScalar(path, "SELECT count(*) FROM slots WHERE key LIKE 'Moved/Row[id: %]/on'") == 2_500)
        #expect(try sqliteScalar(path, "SELECT count(*) FROM slots WHERE key LIKE 'New/%'") == 0)
        #expect(SQLiteProbe(path: path).value("Newer/Row[id: 9999]/on") == "1", "beside the old range: left alone")
    }

    @Test func aMoveIntoItsOwnRangeIsPlannedInMemoryAndMovesOnce() throws {
        // `Old` → `Old/Archive`: the new keys sort inside the old range.
        let arguments = ["Old", "Old/Archive"]
        let expected = try expectedLines(arguments, dryRun: false)
        let run = try CLI.run(["mv", path] + arguments)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.split(separator: "\n").map(String.init) == expected)
        #expect(try sqliteScalar(path, "SELECT count(*) FROM slots WHERE key LIKE 'Old/Archive/%'") == 6)
        #expect(try sqliteScalar(path, "SELECT count(*) FROM slots WHERE key LIKE 'Old/Archive/Archive/%'") == 0)
        #expect(try sqliteScalar(path, "SELECT count(*) FROM slots WHERE key LIKE 'Old/Row%'") == 0)
    }

    @Test func quarantinedValuesMoveWithTheirSlots() throws {
        try sqlite(path, """
            INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
            VALUES ('Old/Row[id: 0999]/on', 'Old/Row[id: 0999]', 'on', 'Swift.Int', 'Swift.Bool', 'integer', 7, 'was an Int', 0),
                   ('Olden/keep', 'Olden', 'keep', 'Swift.Bool', 'Swift.Int', 'integer', 1, 'beside the range', 0)
            """)
        let run = try CLI.run("mv", path, "Old", "Gone")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasSuffix("6 slot(s) moved, with 1 quarantined value(s)\n"), "\(run)")
        #expect(SQLiteProbe(path: path).rows("SELECT key FROM quarantine ORDER BY key") == [["Gone/Row[id: 0999]/on"], ["Olden/keep"]])
    }
}
