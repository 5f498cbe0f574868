import Foundation
import StateDB
import Testing

/// Every supported kind of value, written through a slot binding, flushed, closed, and read
/// back from the reopened file, equal; and stored the way `docs/store-format.md` says: native
/// SQLite values where SQLite has a type, JSON text with sorted keys for everything else.
struct RoundTripTests {
    struct Inner: Codable, Equatable, Sendable {
        var zulu: [Int]
        var alpha: Bool
    }

    /// Properties declared out of alphabetical order, to see the JSON keys sorted.
    struct Settings: Codable, Equatable, Sendable {
        var zeta: Int
        var alpha: String
        var nested: Inner
        var tags: [String: Int]
        var when: Date
        var attachment: Data
    }

    enum Color: String, Codable, Sendable { case red, green }
    enum Level: Int, Codable, Sendable { case low = 1, high = 3 }

    /// One slot: the value to write, a different default, and how the row must look.
    struct Sample: Sendable {
        let key: String
        let encoding: String
        let sqliteType: String
        let differsFromDefault: Bool
        let write: @Sendable (StateStore) throws -> Void
        let readsBackEqual: @Sendable (StateStore) throws -> Bool

        init<T: Codable & Equatable & Sendable>(_ name: String, _ value: T, default defaultValue: T, _ encoding: String, _ sqliteType: String) {
            let key = "RoundTrip/\(name)"
            self.key = key
            self.encoding = encoding
            self.sqliteType = sqliteType
            differsFromDefault = value != defaultValue
            write = { store in try store.binding(for: key, default: defaultValue).wrappedValue = value }
            readsBackEqual = { store in try store.binding(for: key, default: defaultValue).wrappedValue == value }
        }
    }

    static let settings = Settings(
        zeta: 9, alpha: "a", nested: Inner(zulu: [1, 2], alpha: true), tags: ["y": 2, "x": 1],
        when: Date(timeIntervalSinceReferenceDate: 12_345.5), attachment: Data([1, 2, 3]))
    /// `settings` as the file must hold it.
    static let settingsJSON = #"{"alpha":"a","attachment":"AQID","nested":{"alpha":true,"zulu":[1,2]},"tags":{"x":1,"y":2},"when":"2001-01-01T03:25:45.5Z","zeta":9}"#

    static let megabytes = 3 << 20

    static let samples: [Sample] = [
        // Booleans and every integer width, at their edges.
        Sample("boolTrue", true, default: false, "bool", "integer"),
        Sample("boolFalse", false, default: true, "bool", "integer"),
        Sample("int8Min", Int8.min, default: 0, "integer", "integer"),
        Sample("int8Max", Int8.max, default: 0, "integer", "integer"),
        Sample("int16Min", Int16.min, default: 0, "integer", "integer"),
        Sample("int16Max", Int16.max, default: 0, "integer", "integer"),
        Sample("int32Min", Int32.min, default: 0, "integer", "integer"),
        Sample("int32Max", Int32.max, default: 0, "integer", "integer"),
        Sample("int64Min", Int64.min, default: 0, "integer", "integer"),
        Sample("int64Max", Int64.max, default: 0, "integer", "integer"),
        Sample("intMin", Int.min, default: 0, "integer", "integer"),
        Sample("intMax", Int.max, default: 0, "integer", "integer"),
        Sample("uint8Max", UInt8.max, default: 0, "integer", "integer"),
        Sample("uint16Max", UInt16.max, default: 0, "integer", "integer"),
        Sample("uint32Max", UInt32.max, default: 0, "integer", "integer"),
        Sample("uint64Zero", UInt64.min, default: 1, "integer", "integer"),
        Sample("uint64FitsInt64", UInt64(Int64.max), default: 0, "integer", "integer"),
        // Above Int64.max SQLite has no integer for it: JSON text, still exact.
        Sample("uint64Max", UInt64.max, default: 0, "json", "text"),
        Sample("uintMax", UInt.max, default: 0, "json", "text"),
        // Floating point; infinities have no SQLite REAL form that JSON could read, so JSON text.
        Sample("double", 3.25, default: 0.0, "real", "real"),
        Sample("doubleNegative", -0.1, default: 0.0, "real", "real"),
        Sample("doubleWhole", 3.0, default: 0.0, "real", "real"),
        Sample("doubleGreatest", Double.greatestFiniteMagnitude, default: 0, "real", "real"),
        Sample("doubleLeastNonzero", Double.leastNonzeroMagnitude, default: 0, "real", "real"),
        Sample("doubleInfinity", Double.infinity, default: 0, "json", "text"),
        Sample("doubleMinusInfinity", -Double.infinity, default: 0, "json", "text"),
        Sample("float", Float(1.5), default: 0, "real", "real"),
        Sample("floatGreatest", Float.greatestFiniteMagnitude, default: 0, "real", "real"),
        Sample("floatLeastNonzero", Float.leastNonzeroMagnitude, default: 0, "real", "real"),
        Sample("floatInfinity", Float.infinity, default: 0, "json", "text"),
        // Dates: ISO 8601 text in UTC, exact to the bit; outside years 0000–9999 (and -0, which
        // the text would read back as +0) the seconds since 2001; infinities as JSON.
        Sample("date", Date(timeIntervalSinceReferenceDate: 817_840_372.44), default: Date(timeIntervalSinceReferenceDate: 0), "text", "text"),
        Sample("dateNanosecond", Date(timeIntervalSinceReferenceDate: 1e-9), default: Date(timeIntervalSinceReferenceDate: 0), "text", "text"),
        Sample("dateDistantPast", Date.distantPast, default: Date(timeIntervalSinceReferenceDate: 0), "text", "text"),
        Sample("dateBeyondYear9999", Date(timeIntervalSinceReferenceDate: 1e12), default: Date(timeIntervalSinceReferenceDate: 0), "real", "real"),
        Sample("dateNegativeZero", Date(timeIntervalSinceReferenceDate: -0.0), default: Date(timeIntervalSinceReferenceDate: 1), "real", "real"),
        Sample("dateInfinity", Date(timeIntervalSinceReferenceDate: .infinity), default: Date(timeIntervalSinceReferenceDate: 0), "json", "text"),
        Sample("optionalDateNil", Date?.none, default: Date(timeIntervalSinceReferenceDate: 1), "null", "null"),
        Sample("optionalDateSome", Date?.some(Date(timeIntervalSinceReferenceDate: -0.25)), default: nil, "text", "text"),
        // Strings.
        Sample("stringEmpty", "", default: "x", "text", "text"),
        Sample("stringUnicode", "상태 🎛️ 𝄞 héllo e\u{301} wörld", default: "", "text", "text"),
        Sample("stringQuotes", "line 1\nline 2 'single' \"double\" \\ %", default: "", "text", "text"),
        Sample("stringNUL", "before\u{0}after", default: "", "text", "text"),
        // Data.
        Sample("dataEmpty", Data(), default: Data([1]), "blob", "blob"),
        Sample("dataBytes", Data([0, 1, 0, 255, 0]), default: Data(), "blob", "blob"),
        // Optionals: nil is NULL, a value is stored as the wrapped value would be.
        Sample("optionalIntNil", Int?.none, default: 5, "null", "null"),
        Sample("optionalIntSome", Int?.some(7), default: nil, "integer", "integer"),
        Sample("optionalStringNil", String?.none, default: "x", "null", "null"),
        Sample("optionalStringEmpty", String?.some(""), default: nil, "text", "text"),
        Sample("optionalDataNil", Data?.none, default: Data([1]), "null", "null"),
        Sample("optionalDoubleInfinity", Double?.some(.infinity), default: nil, "json", "text"),
        Sample("optionalStructNil", Inner?.none, default: Inner(zulu: [], alpha: false), "null", "null"),
        Sample("optionalStructSome", Inner?.some(Inner(zulu: [3], alpha: true)), default: nil, "json", "text"),
        // Nested Codable structs, arrays, dictionaries, enums with raw values.
        Sample("settings", settings, default: Settings(zeta: 0, alpha: "", nested: Inner(zulu: [], alpha: false), tags: [:], when: Date(timeIntervalSinceReferenceDate: 0), attachment: Data()), "json", "text"),
        Sample("arrayOfInt", [3, 1, 2], default: [], "json", "text"),
        Sample("arrayEmpty", [String](), default: ["x"], "json", "text"),
        Sample("arrayOfStructs", [Inner(zulu: [1], alpha: true), Inner(zulu: [], alpha: false)], default: [], "json", "text"),
        Sample("arrayOfArrays", [[1], [], [2, 3]], default: [], "json", "text"),
        Sample("arrayOfOptionals", [1, nil, 3], default: [], "json", "text"),
        Sample("dictionary", ["b": 2, "a": 1, "c": 3], default: [:], "json", "text"),
        Sample("dictionaryOfArrays", ["k": ["v", "w"], "e": []], default: [:], "json", "text"),
        Sample("dictionaryIntKeys", [2: "two", 1: "one"], default: [:], "json", "text"),
        Sample("enumString", Color.green, default: .red, "json", "text"),
        Sample("enumInt", Level.high, default: .low, "json", "text"),
        // Large values, several megabytes each.
        Sample("largeString", String(repeating: "0123456789abcdeé", count: megabytes / 16), default: "", "text", "text"),
        Sample("largeData", Data((0..<megabytes).map { UInt8(truncatingIfNeeded: $0 &* 31) }), default: Data(), "blob", "blob"),
        Sample("largeArray", (0..<100_000).map { "item \($0) of a large array" }, default: [], "json", "text"),
    ]

    @Test func everyKindOfValueSurvivesFlushCloseAndReopen() throws {
        let folder = TemporaryDirectory()
        for sample in Self.samples {
            #expect(sample.differsFromDefault, "\(sample.key): a sample equal to its default proves nothing")
        }

        let writer = try StateStore(path: folder.storePath)
        for sample in Self.samples { try sample.write(writer) }
        try writer.flush()
        writer.close()

        let reader = try StateStore(path: folder.storePath)
        for sample in Self.samples {
            #expect(try sample.readsBackEqual(reader), "\(sample.key) did not read back equal")
        }
        reader.close()
    }

    @Test func nanSurvivesAsNaN() throws {
        let folder = TemporaryDirectory()
        let writer = try StateStore(path: folder.storePath)
        try writer.binding(for: "RoundTrip/nan", default: 0.0).wrappedValue = .nan
        writer.close()

        let reader = try StateStore(path: folder.storePath)
        #expect(try reader.binding(for: "RoundTrip/nan", default: 0.0).wrappedValue.isNaN)
        reader.close()
    }

    @Test func valuesAreStoredNativelyOrAsSortedJSON() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        for sample in Self.samples { try sample.write(store) }
        store.close()

        let rows = try SQLiteShell.run(folder.storePath, "SELECT key, encoding, typeof(value) FROM slots ORDER BY key")
        var found: [String: String] = [:]
        for row in rows.split(separator: "\n") {
            let columns = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            found[columns[0]] = columns[1] + " " + columns[2]
        }
        for sample in Self.samples {
            #expect(found[sample.key] == "\(sample.encoding) \(sample.sqliteType)", "\(sample.key)")
        }

        // JSON text is valid JSON with sorted keys, at every level.
        #expect(try SQLiteShell.run(folder.storePath, "SELECT count(*) FROM slots WHERE encoding = 'json' AND NOT json_valid(value)") == "0")
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'RoundTrip/settings'") == Self.settingsJSON)
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'RoundTrip/dictionary'") == #"{"a":1,"b":2,"c":3}"#)
        // Natives read as themselves in the shell.
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'RoundTrip/int64Min'") == "-9223372036854775808")
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'RoundTrip/boolTrue'") == "1")
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'RoundTrip/stringUnicode'") == "상태 🎛️ 𝄞 héllo e\u{301} wörld")
        #expect(try SQLiteShell.run(folder.storePath, "SELECT hex(value) FROM slots WHERE key = 'RoundTrip/dataBytes'") == "000100FF00")
        #expect(try SQLiteShell.run(folder.storePath, "SELECT length(value) FROM slots WHERE key = 'RoundTrip/largeData'") == String(Self.megabytes))
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'RoundTrip/uint64Max'") == "18446744073709551615")
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'RoundTrip/doubleInfinity'") == #""+inf""#)
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'RoundTrip/enumString'") == #""green""#)

        // The type column holds stable, readable Swift names.
        let types = try SQLiteShell.run(folder.storePath, """
            SELECT type FROM slots WHERE key IN ('RoundTrip/int8Min', 'RoundTrip/optionalIntSome', 'RoundTrip/dataBytes', 'RoundTrip/arrayOfInt', 'RoundTrip/dictionary')
            ORDER BY key
            """)
        #expect(types.split(separator: "\n") == ["Swift.Array<Swift.Int>", "Foundation.Data", "Swift.Dictionary<Swift.String, Swift.Int>", "Swift.Int8", "Swift.Optional<Swift.Int>"])
    }

    private struct PrivateValue: Codable, Equatable { var x = 1 }

    @Test func typeNamesCarryNoRunTimeAddress() throws {
        func localType() throws -> String {
            struct Local: Codable, Equatable { var y = 2 }
            let folder = TemporaryDirectory()
            let store = try StateStore(path: folder.storePath)
            _ = try store.binding(for: "Types/private", default: PrivateValue())
            _ = try store.binding(for: "Types/local", default: [Local()])
            store.close()
            return try SQLiteShell.run(folder.storePath, "SELECT type FROM slots ORDER BY key")
        }
        // A private or local type's reflected name holds an address that changes with every
        // launch; the stored name must not, or every launch would rewrite every such row.
        #expect(try localType() == """
            Swift.Array<StateDBTests.RoundTripTests.Local>
            StateDBTests.RoundTripTests.PrivateValue
            """)
    }
}
