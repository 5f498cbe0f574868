import Foundation
import StateDB
import Testing

/// The store tells keys apart by their bytes (SQLite's UNIQUE index), so the CLI does too:
/// `café` spelled with `é` and with `e` and a combining accent are two slots, which Swift's
/// `String ==` (and so its sets and dictionaries) would take for one. And every key a store
/// holds (a tab in a key an app named itself) goes through export and import.
@Suite struct KeyBytesTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    static let composed = "Menu/caf\u{E9}"        // é, one scalar
    static let decomposed = "Menu/cafe\u{301}"    // e and a combining acute accent
    static let tab = "Menu/tea\tcoffee"
    static let emptySegment = "Menu//water"

    /// The four keys, each with its own value, written by the app.
    init() throws {
        #expect(Self.composed == Self.decomposed, "Swift takes them for one string")
        let store = try StateStore(path: folder.storePath)
        _ = try store.binding(for: Self.composed, default: 1)
        _ = try store.binding(for: Self.decomposed, default: 2)
        _ = try store.binding(for: Self.tab, default: 3)
        _ = try store.binding(for: Self.emptySegment, default: 4)
        store.close()
    }

    /// The store's keys and values, by their bytes.
    func rows(_ path: String) throws -> [String] {
        try SQLiteShell.run(path, "SELECT hex(key) || '=' || value FROM slots ORDER BY key").split(separator: "\n").map(String.init)
    }

    static func hex(_ key: String) -> String { key.utf8.map { String(format: "%02X", $0) }.joined() }

    @Test func anExportOfEveryKeyImportsIntoTheSameStoreAndAnother() throws {
        let file = folder.path("export.json")
        #expect(try CLI.run("export", path, "-o", file).status == 0)
        let before = FileSnapshot(path)
        let dryRun = try CLI.run("import", path, file, "--dry-run")
        #expect(dryRun.status == 0, "\(dryRun)")
        #expect(dryRun.stdout == "would import: 0 created, 0 updated, 4 unchanged, 0 removed\n")
        #expect(FileSnapshot(path) == before)
        let again = try CLI.run("import", path, file, "--replace")
        #expect(again.stdout == "imported: 0 created, 0 updated, 4 unchanged, 0 removed\n", "\(again)")

        let other = folder.path("other.sqlite")
        try StateStore(path: other).close()
        let run = try CLI.run("import", other, file)
        #expect(run.stdout == "imported: 4 created, 0 updated, 0 unchanged, 0 removed\n", "\(run)")
        #expect(try rows(other) == (try rows(path)))
        #expect(try rows(other).contains("\(Self.hex(Self.composed))=1"))
        #expect(try rows(other).contains("\(Self.hex(Self.decomposed))=2"))
        #expect(try readBack(other, Self.tab, as: Int.self, default: 0) == 3)
    }

    @Test func anImportFileTellsItsKeysApartByTheirBytes() throws {
        let file = folder.path("two.json")
        try JSONSerializationDocument(slots: [
            ["key": Self.decomposed, "type": "Swift.Int", "value": 20],
            ["key": "Drinks/caf\u{E9}", "type": "Swift.Int", "value": 5],
            ["key": "Drinks/cafe\u{301}", "type": "Swift.Int", "value": 6],
        ]).write(to: file)
        let run = try CLI.run("import", path, file, "--json")
        let result = try #require(try run.json() as? [String: [String]], "\(run)")
        #expect(result["created"]?.count == 2)
        #expect(result["updated"] == [Self.decomposed])
        #expect(try rows(path).contains("\(Self.hex(Self.composed))=1"), "the other spelling is another slot, left alone")
        #expect(try rows(path).contains("\(Self.hex(Self.decomposed))=20"))

        // The same bytes twice is one key twice.
        try JSONSerializationDocument(slots: [
            ["key": "Drinks/tea", "type": "Swift.Int", "value": 1],
            ["key": "Drinks/tea", "type": "Swift.Int", "value": 2],
        ]).write(to: file)
        let before = FileSnapshot(path)
        let twice = try CLI.run("import", path, file)
        #expect(twice.status == 2, "\(twice)")
        #expect(twice.stderr.contains(#""Drinks/tea" twice (slots[1])"#))
        #expect(FileSnapshot(path) == before)
    }

    @Test func replaceDeletesOnlyTheSpellingNotInTheFile() throws {
        let file = folder.path("one.json")
        try JSONSerializationDocument(slots: [["key": Self.composed, "type": "Swift.Int", "value": 1]]).write(to: file)
        let run = try CLI.run("import", path, file, "--replace", "--json")
        let result = try #require(try run.json() as? [String: [String]], "\(run)")
        #expect(result["unchanged"] == [Self.composed])
        #expect(result["removed"]?.count == 3)
        #expect(try rows(path) == ["\(Self.hex(Self.composed))=1"])
    }

    @Test func mvTellsPrefixesAndKeysApartByTheirBytes() throws {
        // Another spelling of the same text is another prefix: the move is not "the same".
        try sqlite(path, "DELETE FROM slots WHERE key = '\(Self.decomposed)'")
        let respell = try CLI.run("mv", path, Self.composed, Self.decomposed)
        #expect(respell.status == 0, "\(respell)")
        #expect(try rows(path).contains("\(Self.hex(Self.decomposed))=1"))

        // A key under the new prefix in the other spelling is not in the way.
        let store = try StateStore(path: path)
        _ = try store.binding(for: "Old/caf\u{E9}", default: 7)
        _ = try store.binding(for: "New/cafe\u{301}", default: 8)
        store.close()
        let move = try CLI.run("mv", path, "Old", "New")
        #expect(move.status == 0, "\(move)")
        #expect(try rows(path).contains("\(Self.hex("New/caf\u{E9}"))=7"))
        #expect(try rows(path).contains("\(Self.hex("New/cafe\u{301}"))=8"))

        // A key with a tab moves with its prefix; the prefix typed is what is checked.
        let tabs = try CLI.run("mv", path, "Menu", "Card")
        #expect(tabs.status == 0, "\(tabs)")
        #expect(try readBack(path, "Card/tea\tcoffee", as: Int.self, default: 0) == 3)
        let before = FileSnapshot(path)
        let typed = try CLI.run("mv", path, "Card", "Ca\trd")
        #expect(typed.status == 2, "\(typed)")
        #expect(typed.stderr.contains("the new prefix \"Ca\\trd\" contains control characters"))
        #expect(FileSnapshot(path) == before)
    }

    @Test func inspectDrawsEachSpellingAsItsOwnView() throws {
        let other = folder.path("tree.sqlite")
        let store = try StateStore(path: other)
        _ = try store.binding(for: "Caf\u{E9}/a", default: 1)
        _ = try store.binding(for: "Cafe\u{301}/b", default: 2)
        // A `/` followed by a combining mark still separates segments, as in the key.
        _ = try store.binding(for: "Root/x", default: 3)
        _ = try store.binding(for: "Root/\u{301}Sub/y", default: 4)
        store.close()
        let run = try CLI.run("inspect", other)
        #expect(run.status == 0, "\(run)")
        var lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.popLast() == "4 slot(s)", "\(run.stdout)")
        let roots = lines.filter { !$0.hasPrefix("├") && !$0.hasPrefix("└") && !$0.hasPrefix("│") && !$0.hasPrefix(" ") }
        #expect(roots.map { Array($0.utf8) } == ["Cafe\u{301}", "Caf\u{E9}", "Root"].map { Array($0.utf8) }, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("└─ \u{301}Sub") }, "\(run.stdout)")
    }

    @Test func aTypedKeyIsCheckedByItsBytes() throws {
        let before = FileSnapshot(path)
        // `/` and a combining mark are one character to Swift, but the key has an empty segment.
        let run = try CLI.run("set", path, "Menu//\u{301}x", "1", "--type", "Int")
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("has an empty segment"))
        #expect(FileSnapshot(path) == before)
    }
}
