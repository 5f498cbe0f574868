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
}
