import Foundation
@_spi(Admin) import StateDB
import Testing

/// An app type with the fields whose spelling differs most between writers: numbers written
/// other ways, a string with a character `JSONEncoder` leaves raw, keys out of order.
struct CanonicalSample: Codable, Equatable {
    var b: String
    var a: Double
    var c: Double
    var n: Int
    var big: Int64
    var exact: Decimal
    var nested: [String: [Double]]
    /// ISO 8601 text in UTC inside JSON, as `get` shows it and an operator types it back.
    var when: Date
}

/// Every writer — the app, `statedb set`, `statedb import` and the app's migrations — stores a
/// value in the one canonical form, the bytes the app's encoder writes; an equal value set
/// again, however it is spelled, is "unchanged" and writes nothing.
@Suite struct CanonicalFormTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    static let value = CanonicalSample(b: "x\u{2028}y", a: 1.5, c: 100, n: 0, big: 9_007_199_254_740_993,
                                       exact: Decimal(string: "3.14159265358979323846")!, nested: ["z": [0.25, -0.0], "y": []],
                                       when: Date(timeIntervalSinceReferenceDate: 817_868_100.25))
    /// The same value as an operator might type it.
    static let typed = #"{"nested": {"z": [2.5e-1, -0.0], "y": []}, "exact": 3.14159265358979323846, "big": 9007199254740993, "n": -0, "c": 1e2, "b": "x\u2028y", "a": 1.50, "when": "2026-12-02T01:35:00.25Z"}"#
    /// What the app writes: sorted keys, the shortest numbers, U+2028 raw, no whitespace.
    static let canonical = "{\"a\":1.5,\"b\":\"x\u{2028}y\",\"big\":9007199254740993,\"c\":100,\"exact\":3.14159265358979323846,\"n\":0,\"nested\":{\"y\":[],\"z\":[0.25,-0]},\"when\":\"2026-12-02T01:35:00.25Z\"}"

    /// The store clock and every row: what a write would change.
    func written() throws -> [[String?]] {
        [[String(try sqliteScalar(path, "SELECT tick FROM statedb_clock"))]]
            + SQLiteProbe(path: path).rows("SELECT key, type, encoding, value, version FROM slots ORDER BY key")
    }

    /// type, encoding and value of each row, as the sqlite3 shell shows them.
    func row(_ key: String) -> [String?] {
        SQLiteProbe(path: path).rows("SELECT type, encoding, value FROM slots WHERE key = '\(key)'").first ?? []
    }

    @Test func everyWriterStoresTheAppsBytes() throws {
        let store = try StateStore(path: path)
        _ = try store.binding(for: "App/v", default: Self.value)
        _ = try store.binding(for: "Migrated/v", default: 1)
        try store.flush()
        store.close()
        let type = try #require(row("App/v").first ?? nil)

        let set = try CLI.run("set", path, "CLI/v", Self.typed, "--type", type)
        #expect(set.status == 0, "\(set)")
        let file = folder.path("import.json")
        try #"{"format": "statedb-export", "formatVersion": 1, "slots": [{"key": "Import/v", "type": "\#(type)", "value": \#(Self.typed)}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try CLI.run("import", path, file)
        #expect(imported.status == 0, "\(imported)")
        #expect(try readBack(path, "CLI/v", as: CanonicalSample.self, default: Self.value) == Self.value)
        let migrated = try StateStore(path: path, migrations: [
            .retype("as sample", keys: "Migrated/v", from: Int.self, to: CanonicalSample.self) { _ in Self.value },
        ])
        migrated.close()

        #expect(row("App/v") == [type, "json", Self.canonical])
        for key in ["CLI/v", "Import/v", "Migrated/v"] {
            #expect(row(key) == row("App/v"), "\(key)")
        }
    }

    @Test func anEqualValueSpelledAnotherWayIsUnchanged() throws {
        let store = try StateStore(path: path)
        _ = try store.binding(for: "App/v", default: Self.value)
        try store.flush()
        store.close()
        let before = try written()
        let set = try CLI.run("set", path, "App/v", Self.typed)
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.hasPrefix("unchanged App/v"), "\(set)")
        let type = try #require(row("App/v").first ?? nil)
        let file = folder.path("import.json")
        try #"{"format": "statedb-export", "formatVersion": 1, "slots": [{"key": "App/v", "type": "\#(type)", "value": \#(Self.typed)}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try CLI.run("import", path, file)
        #expect(imported.stdout.contains("0 created, 0 updated, 1 unchanged"), "\(imported)")
        #expect(try written() == before, "nothing was written")
    }

    /// Standard types: each number is spelled as its declared Swift type writes it.
    @Test func standardTypesAreStoredAsTheAppStoresThem() throws {
        let store = try StateStore(path: path)
        _ = try store.binding(for: "App/doubles", default: [1.5, 100, -0.0, 1e22])
        _ = try store.binding(for: "App/floats", default: [Float(0.1), 3.4028235e38])
        _ = try store.binding(for: "App/big", default: UInt64.max)
        _ = try store.binding(for: "App/date", default: Date(timeIntervalSinceReferenceDate: 736_000_000))
        _ = try store.binding(for: "App/byKey", default: [10: "ten", 2: "two"])
        _ = try store.binding(for: "App/int", default: 0)
        try store.flush()
        store.close()
        let cases: [(key: String, json: String)] = [
            ("doubles", "[1.50, 1e2, -0.0, 10000000000000000000000]"),
            ("floats", "[0.1000000001, 3.4028235e38]"),
            ("big", "18446744073709551615"),
            ("date", "7.36e8"),
            ("byKey", #"{"2": "two", "10": "ten"}"#),
            ("int", "-0"),
        ]
        for (key, json) in cases {
            let type = try #require(row("App/" + key).first ?? nil)
            let run = try CLI.run("set", path, "CLI/" + key, json, "--type", type)
            #expect(run.status == 0, "\(key): \(run)")
            #expect(row("CLI/" + key) == row("App/" + key), "\(key)")
        }
    }

    /// A date however it is typed — an offset, extra zeros, no quotes, seconds since 2001 as
    /// older stores and exports hold it — is stored as the app stores that `Date`: ISO 8601
    /// text in UTC, the same row; set again in another spelling it is unchanged.
    @Test func datesAreStoredAsTheAppStoresThemHoweverTyped() throws {
        let date = Date(timeIntervalSinceReferenceDate: 817_868_100.25)
        let store = try StateStore(path: path)
        _ = try store.binding(for: "App/date", default: date)
        _ = try store.binding(for: "App/maybe", default: Date?.some(date))
        _ = try store.binding(for: "App/list", default: [date, Date(timeIntervalSinceReferenceDate: 0)])
        _ = try store.binding(for: "App/byName", default: ["b": date])
        try store.flush()
        store.close()
        #expect(row("App/date") == ["Foundation.Date", "text", "2026-12-02T01:35:00.25Z"])
        let cases: [(key: String, typed: [String])] = [
            ("date", ["2026-12-02T01:35:00.25Z", #""2026-12-02T02:35:00.250+01:00""#, "2026-12-01 20:05:00.25-05:30", "817868100.25"]),
            ("maybe", ["2026-12-02T01:35:00.25Z", #""2026-12-02t01:35:00.25z""#]),
            ("list", [#"["2026-12-02T02:35:00.25+0100", 0]"#, #"[817868100.25, "2001-01-01T00:00:00Z"]"#]),
            ("byName", [#"{"b": "2026-12-02T01:35:00.2500Z"}"#]),
        ]
        for (key, spellings) in cases {
            let type = try #require(row("App/" + key).first ?? nil)
            for (index, typed) in spellings.enumerated() {
                let cliKey = "CLI/\(key)\(index)"
                let run = try CLI.run("set", path, cliKey, typed, "--type", type)
                #expect(run.status == 0, "\(typed): \(run)")
                #expect(row(cliKey) == row("App/" + key), "\(typed)")
                let again = try CLI.run("set", path, "App/" + key, typed)
                #expect(again.stdout.hasPrefix("unchanged"), "\(typed): \(again)")
            }
        }
        // An export written by an older build holds seconds since 2001; importing it stores text.
        let file = folder.path("old-export.json")
        try #"{"format": "statedb-export", "formatVersion": 1, "slots": [{"key": "Import/date", "type": "Foundation.Date", "value": 817868100.25}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try CLI.run("import", path, file)
        #expect(imported.status == 0, "\(imported)")
        #expect(row("Import/date") == row("App/date"))
        #expect(try CLI.run("get", path, "App/date").stdout.contains("2026-12-02T01:35:00.25Z"))
    }

    /// A value that is not a date gets one message naming the accepted form; nothing is written.
    @Test func aBadDateIsRefusedWithTheForm() throws {
        let store = try StateStore(path: path)
        _ = try store.binding(for: "App/date", default: Date(timeIntervalSinceReferenceDate: 0))
        try store.flush()
        store.close()
        let before = try written()
        for typed in [#""yesterday""#, "2026-13-02T01:35:00Z", "2026-12-02T01:35:00", #""2026-12-02""#, "true", "1e400"] {
            let run = try CLI.run("set", path, "App/date", typed)
            #expect(run.status == 3, "\(typed): \(run)")
            #expect(run.stderr.contains("expected a date in ISO 8601 with its zone, e.g. 2026-12-02T01:35:00Z"), "\(typed): \(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "one message: \(run.stderr)")
        }
        let created = try CLI.run("set", path, "New/date", "2026-12-02T25:00:00Z", "--type", "Date")
        #expect(created.status == 3 && created.stderr.contains("ISO 8601"), "\(created)")
        #expect(try written() == before, "nothing was written")
    }

    /// A number no Swift number type holds as written is refused, not rounded; an `Int` slot
    /// still takes whole numbers only, as written (docs/cli.md).
    @Test func numbersTheAppWouldNotReadAsWrittenAreRefused() throws {
        let store = try StateStore(path: path)
        _ = try store.binding(for: "App/v", default: Self.value)
        _ = try store.binding(for: "App/count", default: 3)
        _ = try store.binding(for: "App/ratio", default: 0.5)
        try store.flush()
        store.close()
        let before = try written()
        let refusals: [(key: String, json: String, message: String)] = [
            ("App/v", Self.typed.replacingOccurrences(of: "1e2", with: "1e400"), "at .c: the number 1e400 is held exactly by no Swift number type"),
            ("App/v", Self.typed.replacingOccurrences(of: "1e2", with: String(repeating: "7", count: 45)), "is held exactly by no Swift number type"),
            ("App/ratio", "1e400", "1e400 is out of range for Double"),
            ("App/count", "1.0", "expected a whole number"),
            ("App/count", "1e2", "expected a whole number"),
        ]
        for (key, json, message) in refusals {
            let run = try CLI.run("set", path, key, json)
            #expect(run.status == 3, "\(json): \(run)")
            #expect(run.stderr.contains(message), "\(json): \(run)")
        }
        // --force skips an app type's shape check, never the number check.
        #expect(try CLI.run("set", path, "App/v", Self.typed.replacingOccurrences(of: "1e2", with: "1e400"), "--force").status == 3)
        #expect(try written() == before, "nothing was written")
    }

    /// A UUID typed in lower case is the UUID the app wrote in upper case: stored as the app
    /// stores it, alone and inside a collection, and "unchanged" when set again; `set` prints
    /// the value as it is now stored.
    @Test func aUUIDInLowerCaseIsTheSameUUID() throws {
        let id = UUID(uuidString: "0E4D4F5C-0000-4000-8000-0000000000AB")!
        let store = try StateStore(path: path)
        _ = try store.binding(for: "App/id", default: id)
        _ = try store.binding(for: "App/ids", default: [id])
        try store.flush()
        store.close()
        let lower = "\"0e4d4f5c-0000-4000-8000-0000000000ab\""
        let before = try written()
        let again = try CLI.run("set", path, "App/id", lower)
        #expect(again.stdout == "unchanged App/id = \"0E4D4F5C-0000-4000-8000-0000000000AB\" (Foundation.UUID)\n", "\(again)")
        #expect(try CLI.run("set", path, "App/ids", "[\(lower)]").stdout.hasPrefix("unchanged"))
        #expect(try written() == before, "nothing was written")
        let created = try CLI.run("set", path, "CLI/id", lower, "--type", "UUID")
        #expect(created.status == 0, "\(created)")
        #expect(row("CLI/id") == row("App/id"))
        #expect(try readBack(path, "CLI/id", as: UUID.self, default: UUID()) == id)
    }

    /// A set holds each element once: one typed twice (or spelled twice, `1` and `1.0` in a
    /// `Set<Double>`) is refused with where, and `check` names a stored set that has one.
    @Test func aSetWithAnElementTwiceIsRefused() throws {
        let store = try StateStore(path: path)
        _ = try store.binding(for: "App/ints", default: Set([1, 2]))
        _ = try store.binding(for: "App/doubles", default: Set([0.5]))
        _ = try store.binding(for: "App/strings", default: Set(["a"]))
        try store.flush()
        store.close()
        let before = try written()
        for (key, json, message) in [("App/ints", "[1, 2, 1]", "at [2]: the number 1 is in the set already, at [0]"),
                                     ("App/doubles", "[1, 0.5, 1.0]", "at [2]: the number 1.0 is in the set already, at [0]")] {
            let run = try CLI.run("set", path, key, json)
            #expect(run.status == 3, "\(json): \(run)")
            #expect(run.stderr.contains(message), "\(json): \(run)")
        }
        #expect(try written() == before, "nothing was written")
        #expect(try CLI.run("set", path, "App/ints", "[3, 1]").status == 0)
        // As Swift's Set compares them: 0 and -0 are one element, NaN is never equal to itself.
        #expect(try CLI.run("set", path, "App/doubles", "[0, -0.0]").stderr.contains("at [1]: the number -0.0 is in the set already, at [0]"))
        #expect(try CLI.run("set", path, "App/doubles", #"["nan", "nan", 1]"#).status == 0)
        #expect(try CLI.run("set", path, "App/strings", #"["nan", "nan"]"#).stderr.contains("is in the set already"), "text is text")
        // A hand edit gives a stored set a duplicate; the app would read one 1 and say nothing.
        try sqlite(path, "UPDATE slots SET value = '[1,1]' WHERE key = 'App/ints'")
        let check = try CLI.run("check", path)
        #expect(check.status == 5, "\(check)")
        #expect(check.stdout.contains("App/ints: the stored json value does not fit Swift.Set<Swift.Int>: at [1]: the number 1 is in the set already"), "\(check)")
    }

    /// A `Float` slot shows the `Float` the app reads (`0.1`), as `[Float]` shows its
    /// elements, not the `Double` it is widened to in the row; what is shown sets it back
    /// unchanged.
    @Test func aFloatIsShownAsTheFloatTheAppReads() throws {
        let store = try StateStore(path: path)
        _ = try store.binding(for: "App/f", default: Float(0.1))
        _ = try store.binding(for: "App/maybe", default: Float?.some(3.4028235e38))
        _ = try store.binding(for: "App/fs", default: [Float(0.1)])
        try store.flush()
        store.close()
        #expect(try CLI.run("get", path, "App/f").stdout == "0.1\n")
        #expect(try CLI.run("get", path, "App/maybe").stdout == "3.4028235e+38\n")
        #expect(try CLI.run("get", path, "App/fs").stdout.contains("0.1\n"))
        let before = try written()
        #expect(try CLI.run("set", path, "App/f", "0.1").stdout == "unchanged App/f = 0.1 (Swift.Float)\n")
        #expect(try CLI.run("set", path, "App/maybe", "3.4028235e+38").stdout.hasPrefix("unchanged"))
        #expect(try written() == before)
        // A hand edit beyond a Float's range shows as the Float the app reads, infinite, in
        // the spelling JSON has for it: the export still parses and imports.
        try sqlite(path, "UPDATE slots SET value = 1e39 WHERE key = 'App/f'")
        #expect(try CLI.run("get", path, "App/f").stdout == "\"+inf\"\n")
        let export = try CLI.run("export", path)
        #expect(try JSONValue.parse(export.stdout)["slots"] != nil, "\(export)")
        let imported = try CLI.run(["import", path, "-"], stdin: export.stdout)
        // The hand-edited row becomes what the app reads from it, a Float infinity; then it
        // round-trips unchanged.
        #expect(imported.status == 0 && imported.stdout.contains(" 0 created, 1 updated, 2 unchanged"), "\(imported)")
        #expect(try CLI.run(["import", path, "-"], stdin: export.stdout).stdout.contains(" 0 created, 0 updated"))
    }
}
