@_spi(Admin) import StateDB
import Foundation
import Testing

/// The pieces behind `statedb set`'s checks: type names as Swift writes them, exact
/// integer ranges, and JSON read with its numbers as written.
@Suite struct SlotTypeCheckTests {
    /// A standard type's name mistyped (`Swift.int`) is refused with the name meant; other
    /// names in the standard modules are app types, as `Codable` types there are stored.
    @Test func aMisspelledStandardTypeIsRefusedWithTheNameMeant() throws {
        for (typed, meant) in [("Swift.int", "Swift.Int"), ("Swift.Strin", "Swift.String"), ("Foundation.Dat", "Foundation.Data or Foundation.Date"),
                               ("Swift.Optional<Swift.Boool>", "Swift.Bool"), ("[Swift.Uint8]", "Swift.UInt8"),
                               // The module's name in another case: no module is named so.
                               ("swift.Int", "Swift.Int"), ("SWIFT.BOOL", "Swift.Bool"), ("foundation.Date", "Foundation.Date"),
                               ("swift.Float16", "Swift.Float16"), ("[FOUNDATION.URL]", "Foundation.URL"),
                               ("swift.Optional<Swift.Int>", "Swift.Optional<Swift.Int>")] {
            #expect {
                try SlotType(declaredName: typed, path: "s")
            } throws: { error in
                (error as? AdminError)?.kind == .invalidInput && "\(error)".contains("did you mean \(meant)?")
            }
        }
        #expect(try SlotType(declaredName: "Foundation.URL", path: "s") == .app("Foundation.URL"))
        #expect(try SlotType(declaredName: "Swift.Float16", path: "s") == .app("Swift.Float16"))
        #expect(try SlotType(declaredName: "Swift.Int8", path: "s") == .integer(.int8))
    }

    @Test(arguments: [
        (SlotType.storedName(of: Bool.self), SlotType.bool),
        (SlotType.storedName(of: [Int8?].self), .array(.optional(.integer(.int8)))),
        (SlotType.storedName(of: [String: [UInt64]].self), .dictionary(key: .string, value: .array(.integer(.uint64)))),
        (SlotType.storedName(of: [Int: Double].self), .dictionary(key: .integer(.int), value: .double)),
        (SlotType.storedName(of: Set<String>.self), .set(.string)),
        (SlotType.storedName(of: Data?.self), .optional(.data)),
        (SlotType.storedName(of: Date.self), .date),
        (SlotType.storedName(of: UUID.self), .uuid),
        (SlotType.storedName(of: Float.self), .float),
        (SlotType.storedName(of: Prefs.self), .app(SlotType.storedName(of: Prefs.self))),
        (SlotType.storedName(of: [Prefs].self), .array(.app(SlotType.storedName(of: Prefs.self)))),
    ])
    func storedTypeNamesAreUnderstood(name: String, expected: SlotType) {
        let type = SlotType(storedName: name)
        #expect(type == expected)
        #expect(type.name == name)  // and written back exactly as Swift writes it
    }

    @Test func appTypesSwiftCannotDescribeAreKeptWhole() {
        #expect(SlotType(storedName: "MyApp.Box<Swift.Int>") == .app("MyApp.Box<Swift.Int>"))
        #expect(SlotType(storedName: "Swift.Dictionary<MyApp.Key, Swift.Int>") == .app("Swift.Dictionary<MyApp.Key, Swift.Int>"))
        #expect(SlotType(storedName: "MyApp.(unknown context at $1234).Settings") == .app("MyApp.(unknown context at $1234).Settings"))
    }

    @Test func declaredNamesAcceptShortFormsAndSugar() throws {
        #expect(try SlotType(declaredName: "[String: Int?]", path: "s").name == SlotType.storedName(of: [String: Int?].self))
        #expect(try SlotType(declaredName: "UInt8?", path: "s").name == SlotType.storedName(of: UInt8?.self))
        #expect(try SlotType(declaredName: "Data", path: "s").name == SlotType.storedName(of: Data.self))
        #expect(try SlotType(declaredName: "Swift.Optional<MyApp.Settings>", path: "s") == .optional(.app("MyApp.Settings")))
        #expect(throws: AdminError.self) { try SlotType(declaredName: "Settings", path: "s") }
        #expect(throws: AdminError.self) { try SlotType(declaredName: "[Int", path: "s") }
    }

    private func fits(_ type: SlotType, _ json: String, reference: String? = nil) throws -> Bool {
        do {
            try type.check(try JSONValue.parse(json), reference: try reference.map(JSONValue.parse))
            return true
        } catch is TypeCheckFailure {
            return false
        }
    }

    @Test func integerRangesAreExact() throws {
        #expect(try fits(.integer(.int8), "-128"))
        #expect(try !fits(.integer(.int8), "-129"))
        #expect(try fits(.integer(.int8), "127"))
        #expect(try !fits(.integer(.int8), "128"))
        #expect(try fits(.integer(.uint64), "18446744073709551615"))
        #expect(try !fits(.integer(.uint64), "18446744073709551616"))
        #expect(try !fits(.integer(.uint), "-1"))
        #expect(try fits(.integer(.int), "-9223372036854775808"))
        #expect(try !fits(.integer(.int), "-9223372036854775809"))
        #expect(try !fits(.integer(.int), "1e2"))
        #expect(try !fits(.integer(.int), "1.0"))
        #expect(try fits(.float, "3.4e38"))
        #expect(try !fits(.float, "3.5e38"))
        #expect(try !fits(.double, "1e309"))
        #expect(try fits(.double, #""+inf""#))
    }

    @Test func containersCheckEveryElement() throws {
        let type = SlotType(storedName: SlotType.storedName(of: [String: [UInt8?]].self))
        #expect(try fits(type, #"{"a": [1, null, 255]}"#))
        #expect(try !fits(type, #"{"a": [1, 256]}"#))
        #expect(try !fits(type, #"{"a": 1}"#))
        #expect(try fits(.dictionary(key: .integer(.int8), value: .bool), #"{"-5": true}"#))
        #expect(try !fits(.dictionary(key: .integer(.int8), value: .bool), #"{"x": true}"#))
        // Data is {"$base64"} at the top and a base64 string inside, as JSONEncoder writes it.
        #expect(try fits(.optional(.data), #"{"$base64": "AQI="}"#))
        #expect(try fits(.array(.data), #"["AQI="]"#))
        #expect(try !fits(.array(.data), #"[{"$base64": "AQI="}]"#))
    }

    @Test func appTypesAreComparedByShape() throws {
        let settings = SlotType.app("MyApp.Settings")
        let stored = #"{"name": "a", "sizes": [1], "inner": {"on": true}, "note": null}"#
        #expect(try fits(settings, #"{"name": "b", "sizes": [], "inner": {"on": false}, "note": "x"}"#, reference: stored))
        #expect(try !fits(settings, #"{"name": "b", "sizes": [], "inner": {"on": 1}, "note": null}"#, reference: stored))
        #expect(try !fits(settings, #"{"name": "b", "sizes": ["1"], "inner": {"on": true}, "note": null}"#, reference: stored))
        #expect(try !fits(settings, #"{"name": "b", "sizes": [], "inner": {}, "note": null}"#, reference: stored))
        #expect(try fits(settings, #"[1, 2]"#))  // nothing stored to compare with
        #expect(try !fits(settings, "null"))
    }

    @Test func jsonKeepsNumbersAsWrittenAndRejectsWhatIsNotJSON() throws {
        #expect(try JSONValue.parse(" 18446744073709551615 ") == .number("18446744073709551615"))
        #expect(try JSONValue.parse(#""\ud83d\ude00\/""#) == .string("😀/"))
        #expect(try JSONValue.parse(#"{"b": 1, "a": [true, null]}"#).serialized(sortedKeys: true) == #"{"a":[true,null],"b":1}"#)
        // Text that could drive a terminal is escaped on the way out.
        #expect(JSONValue.string("\u{1B}[2J\u{202E}").serialized() == #""\u001b[2J\u202e""#)
        for bad in ["", "01", "1.", "-", "[1,]", "{\"a\":1,}", "\"\u{1}\"", #""\ud83d""#, "tru", "[1] 2", #"{"a":1,"a":2}"#] {
            #expect(throws: JSONSyntaxError.self, "\(bad)") { try JSONValue.parse(bad) }
        }
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)) }
    }

    @Test func prefixesMatchAtIdentityBoundaries() {
        let prefix = KeyPrefix("A/Row")
        #expect(prefix.matches("A/Row"))
        #expect(prefix.matches("A/Row/x"))
        #expect(prefix.matches(#"A/Row[id: "1"]/x"#))
        #expect(!prefix.matches("A/Rows/x"))
        #expect(KeyPrefix("A/").matches("A/Rows/x"))
    }
}
