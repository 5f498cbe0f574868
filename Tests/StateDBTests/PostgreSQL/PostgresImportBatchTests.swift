import Foundation
@_spi(Admin) @testable import StateDB
import Testing

/// `statedb import` into PostgreSQL looks up the store's rows a batch at a time
/// (`key = ANY($1::text[])`): on a store that already holds some of the file's keys, over more
/// slots than one batch, it finds exactly what the import into a store file finds, and leaves
/// exactly the same slots.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresImportBatchTests {
    let folder = TemporaryDirectory()

    /// Slots in the file: two lookup batches (5,000 and 2,500). A multiple of 3 (a third of
    /// them each unchanged, updated and created).
    static let count = 7_500

    static func key(_ index: Int) -> String {
        "Bulk/item" + String(repeating: "0", count: 6 - String(index).count) + String(index)
    }

    /// Slot `index` of the file, in one of the types (and value shapes) stores hold.
    static func slot(_ index: Int) -> (key: String, type: String, value: JSONValue) {
        switch index % 4 {
        case 0: (key(index), "Swift.Int", .number(String(index * 7 - 9_000)))
        // Quotes, backslashes, commas and braces, which the array literal must keep apart.
        case 1: (key(index), "Swift.String", .string("é😀\"\\,{}\(index)"))
        case 2: (key(index), "Swift.Bool", .bool(index % 3 == 0))
        default: (key(index), "MyApp.Settings", .object([.init("ratio", .number("\(index).5")), .init("tags", .array([.string("a")]))]))
        }
    }

    /// The same key in two spellings, `é` composed (in the store beforehand) and decomposed
    /// (only in the file): two slots, which a lookup by `String` equality would take for one.
    static let composed = "Uni/caf\u{E9}", decomposed = "Uni/cafe\u{301}"

    /// What the stores hold before the import: a third of the file's keys with the file's value
    /// (unchanged), a third with another value or type (updated), and keys the file lacks.
    static var before: [(key: String, type: String, value: JSONValue)] {
        var slots: [(key: String, type: String, value: JSONValue)] = []
        for index in 0..<count {
            let slot = slot(index)
            switch index % 3 {
            case 0: slots.append(slot)
            case 1 where index % 2 == 0: slots.append((slot.key, slot.type, slot.type == "Swift.Int" ? .number("1") : slot.value == .bool(true) ? .bool(false) : .bool(true)))
            case 1: slots.append((slot.key, slot.type == "Swift.String" ? "MyApp.Label" : "MyApp.Other", slot.value))
            default: break
            }
        }
        slots.append((composed, "Swift.Int", .number("1")))
        slots += (0..<40).map { ("Extra/k\($0)", "Swift.Int", .number(String($0))) }
        slots.append((key(5_000) + "x", "Swift.Int", .number("5")))  // between the file's keys
        return slots.sorted { ByteKey($0.key) < ByteKey($1.key) }
    }

    static var file: [(key: String, type: String, value: JSONValue)] {
        ((0..<count).map(slot) + [(composed, "Swift.Int", .number("1")), (decomposed, "Swift.Int", .number("2"))])
            .sorted { ByteKey($0.key) < ByteKey($1.key) }
    }

    func write(_ slots: [(key: String, type: String, value: JSONValue)], _ name: String) throws -> String {
        let entries = slots.map { JSONValue.object([.init("key", .string($0.key)), .init("type", .string($0.type)), .init("value", $0.value)]) }
        let text = JSONValue.object([.init("format", .string("statedb-export")), .init("formatVersion", .number("1")),
                                     .init("slots", .array(entries))]).serialized(pretty: true)
        let path = folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The slots of `statedb export STORE`: keys, types and values, in order (not the times).
    func slots(of store: String) throws -> [JSONValue] {
        let export = try CLI.run("export", store)
        #expect(export.status == 0, "\(export)")
        guard case .array(let rows)? = try JSONValue.parse(export.stdout)["slots"] else { return [] }
        return rows.map { .object([.init("key", $0["key"] ?? .null), .init("type", $0["type"] ?? .null), .init("value", $0["value"] ?? .null)]) }
    }

    @Test(arguments: [false, true]) func importingMoreThanABatchIntoAStoreWithSomeOfTheKeysMatchesTheFileImport(replace: Bool) throws {
        let database = try PostgresCLITests.store()
        let file = folder.storePath
        try StateStore(path: file).close()
        let before = try write(Self.before, "before.json")
        let input = try write(Self.file, "import.json")
        for store in [database.url, file] {
            let run = try CLI.run("import", store, before)
            #expect(run.status == 0, "\(run)")
        }
        let options = replace ? ["--json", "--replace"] : ["--json"]

        // The dry run reads the same rows as the import.
        let planned = try [database.url, file].map { try CLI.run(["import", $0, input, "--dry-run"] + options) }
        #expect(planned[0].status == 0 && planned[1].status == 0, "\(planned)")
        #expect(planned[0].stdout == planned[1].stdout)

        let runs = try [database.url, file].map { try CLI.run(["import", $0, input] + options) }
        #expect(runs[0].status == 0 && runs[1].status == 0, "\(runs)")
        #expect(runs[0].stdout == runs[1].stdout, "the same slots created, updated, unchanged and removed, in the same order")
        let result = try JSONValue.parse(runs[0].stdout)
        func count(_ name: String) -> Int? { if case .array(let keys)? = result[name] { keys.count } else { nil } }
        // A third of the file unchanged, a third updated, the rest (and the decomposed key) created.
        #expect(count("unchanged") == Self.count / 3 + 1)
        #expect(count("updated") == Self.count / 3)
        #expect(count("created") == Self.count / 3 + 1)
        #expect(count("removed") == (replace ? 41 : 0))
        if case .array(let created)? = result["created"] {
            #expect(created.contains(.string(Self.decomposed)))
        }

        let imported = try slots(of: database.url)
        #expect(imported == (try slots(of: file)))
        #expect(imported.count == Self.file.count + (replace ? 0 : 41))
    }
}
