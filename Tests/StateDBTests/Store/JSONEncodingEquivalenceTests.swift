import Foundation
@testable import StateDB
import Testing

// The store writes non-native values with its own sorted-key JSON writer (and hands the shapes
// it does not cover to JSONEncoder). Whatever the path, the stored text must be exactly what
// JSONEncoder with [.sortedKeys, .withoutEscapingSlashes] writes: these tests store many
// shapes through bindings and compare every row with JSONEncoder's output.

private struct Plain: Codable, Equatable {
    var title = "hello"
    var done = true
    var count = 42
}

private struct AwkwardKeys: Codable, Equatable {
    var b = 1, a = 2, B = 3, _x = 4, z10 = 5, z9 = 6, é = 7, Z = 8, ü = 9, 😀 = 10, aa = 11, a_ = 12
}

private struct Numbers: Codable, Equatable {
    var small = 0.1
    var whole = 1.0
    var negativeZero = -0.0
    var tiny = 1e-7
    var huge = 1e21
    var mixed = 123456789.123
    var largest = Double.greatestFiniteMagnitude
    var smallest = Double.leastNonzeroMagnitude
    var float: Float = 0.1
    var wholeFloat: Float = 3
    var intMin = Int.min
    var intMax = Int.max
    var uintMax = UInt64.max
    var int8 = Int8.min
    var uint8 = UInt8.max
    var int16 = Int16.min
    var int32 = Int32.max
    var uint16 = UInt16.max
    var uint32 = UInt32.max
    var uint = UInt.max
    var int64 = Int64.min
}

private struct NonFinite: Codable, Equatable {
    var values: [Double] = [1, .infinity, -.infinity]
    var float: Float = .infinity
}

private struct Optionals: Codable, Equatable {
    var missing: Int? = nil
    var present: Int? = 3
    var nested: Int?? = .some(nil)
    var list: [Int?] = [1, nil, 3]
}

private struct ExplicitNil: Codable, Equatable {
    var value: Int? = nil
    enum CodingKeys: String, CodingKey { case value }
    init() {}
    init(from decoder: Decoder) throws {
        value = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Int.self, forKey: .value)
    }
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNil(forKey: .value)
    }
}

private struct Collections: Codable, Equatable {
    var ints = [3, 1, 2]
    var strings = ["a/b", "c\"d", ""]
    var doubles = [1.5, 2.0, -0.25]
    var matrix = [[1, 2], [], [3]]
    var empty: [Plain] = []
    var items = [Plain(), Plain(title: "x", done: false, count: -1)]
    var byName = ["one": 1, "two": 2, "three": 3]
    var byNumber = [10: "ten", 2: "two", 33: "thirty-three"]
    var byFlag = [true: 1]
    var set: Set<Int> = [5, 6, 7]
}

private struct ManyKeys: Codable, Equatable {
    var values: [String: Int] = Dictionary(uniqueKeysWithValues: (0..<100).map { ("key\($0)", $0) })
}

private enum Mood: String, Codable, Equatable { case happy, sad }
private enum Level: Int, Codable, Equatable { case low = 1, high = 9 }
private enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case square(Double)
    case none
}

private struct Enums: Codable, Equatable {
    var mood = Mood.sad
    var level = Level.high
    var shapes: [Shape] = [.circle(radius: 2), .square(3), .none]
}

private struct Foundationish: Codable, Equatable {
    var date = Date(timeIntervalSinceReferenceDate: 12345.5)
    var data = Data([0, 1, 2, 255])
    var url = URL(string: "https://example.com/a/b?c=d")!
    var decimal = Decimal(string: "12.345")!
    var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
}

/// Dates with ISO 8601 text, and the ones kept as numbers (outside years 0000–9999, -0) or
/// as `"+inf"` (which only JSONEncoder writes).
private struct Dates: Codable, Equatable {
    var now = Date(timeIntervalSinceReferenceDate: 817_840_372.44)
    var tiny = Date(timeIntervalSinceReferenceDate: 5e-300)
    var ancient = Date.distantPast
    var beyond = Date(timeIntervalSinceReferenceDate: 1e12)
    var negativeZero = Date(timeIntervalSinceReferenceDate: -0.0)
    var missing: Date? = nil
    var present: Date? = Date(timeIntervalSinceReferenceDate: 1)
    var list = [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: -1e-7)]
    var byName = ["b": Date(timeIntervalSinceReferenceDate: 2), "a": Date(timeIntervalSinceReferenceDate: 3)]
}

/// A date JSONEncoder writes as `"+inf"`: the sorted-key writer hands the value over.
private struct InfiniteDate: Codable, Equatable {
    var when = Date(timeIntervalSinceReferenceDate: .infinity)
}

private struct Deep: Codable, Equatable {
    var level1 = Level1()
    struct Level1: Codable, Equatable {
        var level2 = Level2()
        struct Level2: Codable, Equatable {
            var leaf = Plain()
            var list = [[["deep"]]]
        }
    }
}

private struct Empty: Codable, Equatable {}

/// Writes the same key twice: the second value wins, in the first one's place.
private struct Overwrites: Codable, Equatable {
    enum CodingKeys: String, CodingKey { case a, b }
    init() {}
    init(from decoder: Decoder) throws {}
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .b)
        try container.encode(2, forKey: .a)
        try container.encode("again", forKey: .b)
    }
}

/// Asks for the same keyed container twice, as a subclass and its superclass do.
private struct TwoContainers: Codable, Equatable {
    enum CodingKeys: String, CodingKey { case first, second }
    init() {}
    init(from decoder: Decoder) throws {}
    func encode(to encoder: Encoder) throws {
        var one = encoder.container(keyedBy: CodingKeys.self)
        try one.encode("1", forKey: .second)
        var two = encoder.container(keyedBy: CodingKeys.self)
        try two.encode("2", forKey: .first)
    }
}

/// Uses nested containers and a super encoder, which JSONEncoder does itself.
private struct Nesting: Codable, Equatable {
    enum CodingKeys: String, CodingKey { case outer, list, parent }
    enum InnerKeys: String, CodingKey { case x, y }
    init() {}
    init(from decoder: Decoder) throws {}
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .outer)
        try inner.encode(2, forKey: .y)
        try inner.encode(1, forKey: .x)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode("a")
        try list.encode(Plain())
        try Plain(title: "parent", done: false, count: 0).encode(to: container.superEncoder(forKey: .parent))
        try Plain().encode(to: container.superEncoder())
    }
}

/// Writes its own coding path into the output.
private struct PathWriter: Codable, Equatable {
    struct Inner: Codable, Equatable {
        init() {}
        init(from decoder: Decoder) throws {}
        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "."))
        }
    }
    var inner = Inner()
    var list = [Inner(), Inner()]
}

private struct Wrapper<Value: Codable & Equatable>: Codable, Equatable {
    var value: Value
}

@Suite struct JSONEncodingEquivalenceTests {
    private static let strings: [String] = [
        "", "plain", "quote \" and backslash \\", "slash / and http://a.b/c", "new\nline\r\ntab\t",
        "bell \u{7} backspace \u{8} formfeed \u{c} vtab \u{b} escape \u{1b} unit \u{1f} del \u{7f}",
        "nul \u{0} inside", "é and e\u{301}", "emoji 😀👍🏽 and 中文", "separators \u{2028}\u{2029}",
        String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }),
    ]

    private func expected<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        // The store's date strategy (ISO 8601 text, `DateTextTests` proves it exact); what is
        // compared here is the sorted-key writer against JSONEncoder using it.
        encoder.dateEncodingStrategy = .custom(DateText.encode)
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func storedJSONIsExactlyJSONEncoders() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        var expectations: [(key: String, json: String)] = []
        func check<T: Codable & Equatable>(_ name: String, _ value: T) throws {
            let key = "Shapes/\(name)"
            _ = try store.binding(for: key, default: value)
            expectations.append((key, try expected(value)))
        }
        try check("plain", Plain())
        try check("awkwardKeys", AwkwardKeys())
        try check("numbers", Numbers())
        try check("nonFinite", NonFinite())
        try check("optionals", Optionals())
        try check("explicitNil", ExplicitNil())
        try check("collections", Collections())
        try check("manyKeys", ManyKeys())
        try check("enums", Enums())
        try check("foundation", Foundationish())
        try check("deep", Deep())
        try check("empty", Empty())
        try check("overwrites", Overwrites())
        try check("twoContainers", TwoContainers())
        try check("nesting", Nesting())
        try check("pathWriter", PathWriter())
        try check("topLevelArray", [Plain(), Plain()])
        try check("topLevelDictionary", ["b": 1.5, "a": -2])
        try check("topLevelOptional", Optional(Plain()))
        try check("topLevelEnum", Mood.happy)
        try check("topLevelNaN", Double.nan)
        try check("dates", Dates())
        try check("topLevelDates", [Date(timeIntervalSinceReferenceDate: 1e-9), Date(timeIntervalSinceReferenceDate: -0.25)])
        try check("infiniteDate", InfiniteDate())
        try check("stringKeys", Dictionary(uniqueKeysWithValues: Self.strings.enumerated().map { ($1, $0) }))
        for (index, string) in Self.strings.enumerated() {
            try check("string\(index)", Wrapper(value: string))
            try check("stringList\(index)", [string, string + "/"])
        }
        for (index, double) in [0.5, 100, 1e16, 1e-5, 0.30000000000000004, -1.25e300, 4.35].enumerated() {
            try check("double\(index)", Wrapper(value: double))
            try check("float\(index)", Wrapper(value: Float(double)))
        }
        try store.flush()

        let probe = SQLiteProbe(path: folder.storePath)
        for expectation in expectations {
            let stored = probe.rows("SELECT value FROM slots WHERE key = '\(expectation.key)'").first?.first ?? nil
            #expect(stored == expectation.json, "\(expectation.key)")
        }
        // NUL inside a string survives (SQLiteProbe reads up to it, so compare lengths too).
        let nulRows = probe.rows("SELECT length(CAST(value AS BLOB)) FROM slots WHERE key = 'Shapes/string6'")
        #expect(nulRows.first?.first ?? nil == String(try expected(Wrapper(value: Self.strings[6])).utf8.count))
    }

    /// A string alone (a text slot's JSON, a `ForEach` row's string id) is quoted as
    /// `JSONEncoder` quotes it.
    @Test func aQuotedStringIsExactlyJSONEncoders() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        for string in Self.strings + ["\u{7f}", "\u{2028}", "a\"b\\c/d"] {
            #expect(ValueCodec.jsonString(string) == String(decoding: try encoder.encode(string), as: UTF8.self), "\(Array(string.utf8))")
        }
    }

    @Test func valuesReadBackAfterReopening() throws {
        let folder = TemporaryDirectory()
        do {
            let store = try StateStore(path: folder.storePath)
            _ = try store.binding(for: "Shapes/collections", default: Collections())
            _ = try store.binding(for: "Shapes/numbers", default: Numbers())
            store.close()
        }
        let store = try StateStore(path: folder.storePath)
        var changed = Collections()
        changed.ints = []
        #expect(try store.binding(for: "Shapes/collections", default: changed).wrappedValue == Collections())
        #expect(try store.binding(for: "Shapes/numbers", default: Numbers(small: 9)).wrappedValue == Numbers())
    }

    @Test func aValueThatFailsToEncodeIsReportedAndKeptInMemory() throws {
        struct Failing: Codable, Equatable {
            struct Refusal: Error {}
            init() {}
            init(from decoder: Decoder) throws {}
            func encode(to encoder: Encoder) throws { throw Refusal() }
        }
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let recorder = DiagnosticsRecorder(store)
        _ = try store.binding(for: "Shapes/failing", default: Failing())
        try store.flush()
        #expect(recorder.of(.flushFailed).map(\.key) == ["Shapes/failing"])
        #expect(SQLiteProbe(path: folder.storePath).keys.isEmpty)
    }
}
