import Foundation
@testable import StateDB
import Testing

// The store keeps the rows it loads at open as the bytes SQLite handed out (`LoadedRows`),
// and compares keys, matches prefixes and reads values from those bytes in place: each must
// give what the same row read into a `StoredRow` gives.

struct LoadedRowsTests {
    private static let keys = [
        "App/Row[id: 1]/count", "App/Row[id: 1]/title", "App/VStack/Text/x", "theme", "/x", "a//b",
        "a/", "//", "", "Ä/ü/é", "App/Row[id: 10]/count", "App/Row[id: 1]/coun",
    ]

    /// A value column as a test row holds it.
    private enum Column {
        case integer(Int64), real(Double), text(String), textBytes([UInt8]), blob([UInt8]), null
    }

    /// Rows of `loadSQL`'s columns, in a table of an in-memory database.
    private struct Table {
        let connection: SQLiteConnection

        init(_ rows: [(key: String, type: String, encoding: String, value: Column)]) throws {
            connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
            try connection.execute("CREATE TABLE rows (key TEXT, type TEXT, encoding TEXT, value, seen_at INTEGER, version INTEGER)")
            let insert = try connection.prepare("INSERT INTO rows VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
            for (index, row) in rows.enumerated() {
                insert.bind(row.key, at: 1)
                insert.bind(row.type, at: 2)
                insert.bind(row.encoding, at: 3)
                switch row.value {
                case .integer(let value): insert.bind(value, at: 4)
                case .real(let value): insert.bind(value, at: 4)
                case .text(let value): insert.bind(value, at: 4)
                case .textBytes(let bytes): insert.bind(textBytes: bytes[...], at: 4)
                case .blob(let value): insert.bind(value, at: 4)
                case .null: insert.bindNull(at: 4)
                }
                insert.bind(Int64(1_000 + index), at: 5)
                insert.bind(Int64(index + 1), at: 6)
                try insert.run()
            }
        }

        /// The rows as the store loads them at open.
        func loaded() throws -> LoadedRows {
            let select = try connection.prepare("SELECT key, type, encoding, value, seen_at, version FROM rows ORDER BY rowid")
            var builder = LoadedRows.Builder(expectedRows: 4)
            while try select.step() { builder.append(select) }
            return builder.finish()
        }

        /// The rows as `StoredRow` reads them from a statement.
        func stored() throws -> [StoredRow] {
            let select = try connection.prepare("SELECT key, type, encoding, value, seen_at, version FROM rows ORDER BY rowid")
            var rows: [StoredRow] = []
            while try select.step() { rows.append(StoredRow(select)) }
            return rows
        }
    }

    private static func keyTable(_ keys: [String]) throws -> LoadedRows {
        try Table(keys.map { ($0, "Int", "integer", .integer(1)) }).loaded()
    }

    @Test func aLoadedKeyIsTheSameBytesAndHash() throws {
        let rows = try Self.keyTable(Self.keys)
        for (index, key) in Self.keys.enumerated() {
            #expect(Array(rows.key(of: index).utf8) == Array(key.utf8), "\(key)")
            #expect(rows.records[index].hash == SlotIndexKey(key).hash, "\(key)")
            let split = SlotKey(key)
            let row = DormantRow(rows, index)
            #expect(row.hasKey(SlotIndexKey(key)), "\(key)")
            // In parts, as a view asks (`/x` splits into parts that spell `x`: another key).
            let inParts = SlotIndexKey(identity: split.identity, property: split.property)
            #expect(row.hasKey(inParts) == (split.key == key), "\(key) in parts")
            for other in Self.keys where other != key {
                #expect(!row.hasKey(SlotIndexKey(other)), "\(key) is not \(other)")
            }
        }
    }

    @Test func aPrefixIsMatchedOnTheKeyBytes() throws {
        let rows = try Self.keyTable(Self.keys)
        var prefixes = Set(["App/", "App/Row[id: 1]/", "App/Row[id: 1]", "x", "/", "a//", "Ä/", ""])
        for key in Self.keys { for length in 0...key.utf8.count { prefixes.insert(String(decoding: key.utf8.prefix(length), as: UTF8.self)) } }
        for (index, key) in Self.keys.enumerated() {
            for prefix in prefixes {
                #expect(DormantRow(rows, index).keyHasPrefix(Array(prefix.utf8)) == key.utf8.starts(with: prefix.utf8), "\(key) / \(prefix)")
            }
        }
    }

    @Test func everyValueReadsAsAStatementReadsIt() throws {
        let table = try Table([
            ("a/int", "Int", "integer", .integer(-7)), ("a/text", "String", "text", .text("café ✓")),
            ("a/json", "[Int]", "json", .text("[1,2]")), ("a/bool", "Bool", "bool", .integer(1)),
            ("a/badBool", "Bool", "bool", .integer(2)), ("a/real", "Double", "real", .real(-0.0)),
            ("a/realAsInt", "Double", "real", .integer(3)), ("a/blob", "Data", "blob", .blob([0, 255, 7])),
            ("a/emptyBlob", "Data", "blob", .null), ("a/null", "Int?", "null", .null),
            ("a/intAsText", "Int", "integer", .text("12")), ("a/textAsInt", "String", "text", .integer(5)),
            ("a/unknown", "Int", "varint", .integer(1)), ("a/emptyText", "String", "text", .text("")),
            ("a/nul", "String", "text", .text("a\u{0}b")), ("a/notUTF8", "String", "text", .textBytes([0x61, 0xFF, 0x62])),
            ("a/realAsText", "Double", "real", .text("x")), ("a/jsonAsInt", "[Int]", "json", .integer(3)),
            ("a/blobAsText", "Data", "blob", .text("x")), ("a/nullAsInt", "Int?", "null", .integer(0)),
        ])
        let loaded = try table.loaded()
        let stored = try table.stored()
        #expect(loaded.records.count == stored.count)
        for (index, expected) in stored.enumerated() {
            let row = DormantRow(loaded, index)
            #expect(row.key == expected.key && row.type == expected.type, "\(expected.key)")
            #expect(row.seenAt == expected.seenAt && row.version == expected.version, "\(expected.key)")
            #expect(row.row.encoding == expected.encoding, "\(expected.key)")
            switch (row.value, expected.value) {
            case (.success(let value), .success(let want)): #expect(value == want, "\(expected.key)")
            case (.failure(let error), .failure(let want)): #expect(error.message == want.message, "\(expected.key)")
            default: Issue.record("\(expected.key): \(row.value) where a statement reads \(expected.value)")
            }
        }
    }

    @Test func aRepeatedKeyKeepsTheLaterRow() throws {
        let rows = try Table([("a/x", "Int", "integer", .integer(1)), ("a/y", "Int", "integer", .integer(2)),
                              ("a/x", "Int", "integer", .integer(3))]).loaded()
        var index = SlotIndex()
        index.insert(rows)
        #expect(index.count == 2)
        guard case .dormant(let row)? = index[SlotIndexKey("a/x")] else { Issue.record("no row for a/x"); return }
        #expect(try row.value.get() == .integer(3))
    }

    @Test func aKeyThatIsNotUTF8IsFoundByItsRepairedText() throws {
        // As every other path reads it (a poll, the app's strings): U+FFFD for the bad byte.
        let folder = TemporaryDirectory()
        do {
            let store = try StateStore(path: folder.storePath)
            try store.binding(for: "A/y", default: 0).wrappedValue = 7
            store.close()
        }
        try SQLiteShell.run(folder.storePath, "UPDATE slots SET key = CAST(X'412F78FF' AS TEXT) WHERE key = 'A/y'")
        let store = try StateStore(path: folder.storePath)
        defer { store.close() }
        #expect(store.unusedRows(under: "A") { _ in true }.map(\.key) == ["A/x\u{FFFD}"])
        #expect(store.dormantType(at: "A/x\u{FFFD}") == "Swift.Int")
        #expect(try store.binding(for: "A/x\u{FFFD}", default: 0).wrappedValue == 7)
    }

    @Test func theFirstCommitKeepsOnlyTheRowsNothingAskedFor() throws {
        let folder = TemporaryDirectory()
        do {
            let store = try StateStore(path: folder.storePath)
            try store.binding(for: "Shown/count", default: 0).wrappedValue = 1
            try store.binding(for: "Gone/title", default: "").wrappedValue = "kept"
            store.close()
        }
        let store = try StateStore(path: folder.storePath)
        defer { store.close() }
        #expect(try store.binding(for: "Shown/count", default: 0).wrappedValue == 1)
        #expect(store.lock.withLock { store.slots.loadedRowsHeld } == 2, "the whole file's rows until the first commit")
        try store.flush()
        #expect(store.lock.withLock { store.slots.loadedRowsHeld } == 1, "the orphan alone")
        // The orphan is still there: found, adoptable, readable; then the buffer goes.
        #expect(store.dormantType(at: "Gone/title") == "Swift.String")
        #expect(try store.binding(for: "Gone/title", default: "").wrappedValue == "kept")
        #expect(store.lock.withLock { store.slots.loadedRowsHeld } == 0)
    }

    @Test func commitsCompactOnlyOnceHalfTheRowsHeldHaveMounted() throws {
        let folder = TemporaryDirectory()
        do {
            let store = try StateStore(path: folder.storePath)
            for number in 0..<10 { try store.binding(for: "Row\(number)/count", default: 0).wrappedValue = number }
            store.close()
        }
        let store = try StateStore(path: folder.storePath)
        defer { store.close() }
        func held(afterMounting numbers: Range<Int>) throws -> Int {
            for number in numbers { #expect(try store.binding(for: "Row\(number)/count", default: -1).wrappedValue == number) }
            try store.flush()
            return store.lock.withLock { store.slots.loadedRowsHeld }
        }
        // Each commit after a mount compacted again, going over every bucket each time: now only
        // once the buffer holds at least twice the rows still dormant.
        #expect(try held(afterMounting: 0..<4) == 10, "6 of 10 dormant: kept as loaded")
        #expect(try held(afterMounting: 4..<5) == 5, "5 of 10: the dormant ones copied out")
        #expect(try held(afterMounting: 5..<6) == 5, "4 of 5: not copied again")
        #expect(try held(afterMounting: 6..<8) == 2, "2 of 5")
        #expect(try held(afterMounting: 8..<10) == 0, "none left: the buffer goes")
    }

    @Test func typesAreKeptOnceEachHoweverManyRowsAlternateThem() throws {
        // More types than the recent texts hold, in turn: each was made again per row, and all of
        // them kept, also by a compacted buffer holding one row.
        let rows = try Table((0..<2_000).map { ("Row\($0)/model", "MyApp.Model\($0 % 20)", "json", .text("{}")) }).loaded()
        #expect(rows.textCount == 21, "twenty types and one encoding")
        #expect(rows.type(of: 1_999) == "MyApp.Model19")
        let kept = rows.keeping([1_999, 7])
        #expect(kept.textCount == 3)
        #expect(kept.type(of: 0) == "MyApp.Model19" && kept.type(of: 1) == "MyApp.Model7")
        #expect(try kept.row(1).value.get() == .json("{}") && kept.row(1).key == "Row7/model")
    }

    @Test func theBufferGoesWithTheLastLoadedRow() throws {
        let rows = try Table([("a/x", "Int", "integer", .integer(1)), ("a/y", "Int", "integer", .integer(2))]).loaded()
        var index = SlotIndex()
        index.insert(rows)
        let cell = EquatableSlotCell<Int>(key: SlotKey("a/x"), value: 1, initialValue: 0, types: SlotTypes<Int>(), storeLock: NSLock())
        index[SlotIndexKey("a/x")] = .live(cell)
        #expect(index.loadedRowsHeld == 2)
        // A dormant row handed out and written back is counted again, not lost.
        let handedOut = index[SlotIndexKey("a/y")]!
        index[SlotIndexKey("a/y")] = handedOut
        #expect(index.loadedRowsHeld == 2)
        guard case .dormant(let row)? = index[SlotIndexKey("a/y")] else { Issue.record("a/y is gone"); return }
        #expect(try row.value.get() == .integer(2))
        index[SlotIndexKey("a/y")] = nil
        #expect(index.loadedRowsHeld == 0 && index.count == 1)
        // Written back after the buffer went: in a box of its own.
        index[SlotIndexKey("a/y")] = handedOut
        guard case .dormant(let again)? = index[SlotIndexKey("a/y")] else { Issue.record("a/y was not put back"); return }
        #expect(index.loadedRowsHeld == 0)
        #expect(try again.value.get() == .integer(2))
    }

    @Test func loadedRowsAgreeWithADictionaryThroughReplacementsAndRemovals() throws {
        // Loaded rows among cells and boxed rows, while removals shift buckets back and the
        // table grows: each key's entry is the one last put there, and the buffer is kept
        // exactly while some loaded row is.
        enum Kind: Equatable { case loaded(Int64), live(ObjectIdentifier), boxed(Int64) }
        let keys = (0..<300).map { "Root/Row[id: \($0)]/count" }
        let rows = try Table(keys.enumerated().map { ($1, "Int", "integer", .integer(Int64($0))) }).loaded()
        var index = SlotIndex()
        index.insert(rows)
        var model = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, Kind.loaded(Int64($0))) })
        var generator = SeededGenerator(state: 23)
        func kind(of entry: SlotEntry?) throws -> Kind? {
            switch entry {
            case .live(let cell)?: return .live(ObjectIdentifier(cell))
            case .dormant(let row)?:
                guard case .integer(let value) = try row.value.get() else { return nil }
                return row.loaded != nil ? .loaded(value) : .boxed(value)
            case nil: return nil
            }
        }
        for step in 0..<20_000 {
            let key = keys[Int(generator.next() % UInt64(keys.count))]
            let indexKey = SlotIndexKey(key)
            switch generator.next() % 4 {
            case 0:
                // A dormant row handed out and written back, as adoption's checks read it.
                if let entry = index[indexKey] { index[indexKey] = entry }
            case 1:
                let cell = EquatableSlotCell<Int>(key: SlotKey(key), value: 0, initialValue: 0, types: SlotTypes<Int>(), storeLock: NSLock())
                index[indexKey] = .live(cell)
                model[key] = .live(ObjectIdentifier(cell))
            case 2:
                index[indexKey] = nil
                model[key] = nil
            default:
                let value = Int64(step)
                index[indexKey] = .dormant(DormantRow(StoredRow(key: key, type: "Int", encoding: "integer", value: .success(.integer(value)), seenAt: 0, version: 1)))
                model[key] = .boxed(value)
            }
            // Now and then the first commit's compaction: the rows still loaded renumbered.
            if step % 499 == 0 { index.compactLoadedRows() }
            #expect(index.count == model.count, "step \(step)")
            #expect(try kind(of: index[indexKey]) == model[key], "step \(step): \(key)")
        }
        for key in keys { #expect(try kind(of: index[SlotIndexKey(key)]) == model[key], "\(key)") }
        let loadedLeft = model.values.contains { if case .loaded = $0 { true } else { false } }
        #expect((index.loadedRowsHeld > 0) == loadedLeft)
    }

    @Test func rowsLoadedAtOpenAreFoundByTheKeysTheyWereWrittenWith() throws {
        let folder = TemporaryDirectory()
        let keys = ["Settings/theme", "Odd//double/x", "Ünïcode/Rów/value", "Deep/A/B/C/D/n"]
        do {
            let store = try StateStore(path: folder.storePath)
            for (index, key) in keys.enumerated() { try store.binding(for: key, default: 0).wrappedValue = index + 1 }
            try store.flush()
            store.close()
        }
        let store = try StateStore(path: folder.storePath)
        for (index, key) in keys.enumerated() {
            #expect(try store.binding(for: key, default: 0).wrappedValue == index + 1, "\(key)")
        }
        #expect(try store.binding(for: "Odd/double/x", default: -1).wrappedValue == -1, "another key, though it hashes apart only by its bytes")
        try store.flush()
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).value("Odd//double/x") == "2")
    }
}
