import Foundation
@testable import StateDB
import Testing

/// `retype` in a migration file converts a value only when the new type holds it exactly:
/// no rounding, nothing that is not finite, no text that is not a decimal number. Each of the
/// refused cases below was converted (and changed, or stored unreadable) before.
struct ScalarCastTests {
    static func cast(_ value: StoredValue, to type: String) -> StoredValue? {
        ScalarCast.cast(value, to: ScalarCast.kind(of: type)!)
    }

    @Test func exactConversionsAreMade() {
        #expect(Self.cast(.integer(16_777_216), to: "Swift.Float") == .real(16_777_216))
        #expect(Self.cast(.integer(9_007_199_254_740_992), to: "Swift.Double") == .real(9_007_199_254_740_992))
        #expect(Self.cast(.real(0.5), to: "Swift.Float") == .real(0.5))
        #expect(Self.cast(.real(0.1), to: "Swift.Double") == .real(0.1))
        #expect(Self.cast(.text("-12"), to: "Swift.Double") == .real(-12))
        #expect(Self.cast(.text("2.5"), to: "Swift.Float") == .real(2.5))
        #expect(Self.cast(.text("1e-3"), to: "Swift.Double") == .real(0.001))
        #expect(Self.cast(.text("7"), to: "Swift.Int") == .integer(7))
        #expect(Self.cast(.real(3), to: "Swift.UInt8") == .integer(3))
    }

    @Test func conversionsThatWouldChangeOrLoseTheValueAreRefused() {
        #expect(Self.cast(.integer(16_777_217), to: "Swift.Float") == nil, "rounds to 16777216")
        #expect(Self.cast(.integer(9_007_199_254_740_993), to: "Swift.Double") == nil, "rounds to 2^53")
        #expect(Self.cast(.real(1e300), to: "Swift.Float") == nil, "infinite as a Float")
        #expect(Self.cast(.real(0.1), to: "Swift.Float") == nil, "a Float holds another number")
        for text in ["NaN", "nan", "inf", "-infinity", "0x1p3", "1e400", "", "1.", ".5", "1e", " 1"] {
            #expect(Self.cast(.text(text), to: "Swift.Double") == nil, "\(text)")
            #expect(Self.cast(.text(text), to: "Swift.Float") == nil, "\(text)")
        }
        #expect(Self.cast(.text("0.1"), to: "Swift.Float") == nil)
        #expect(Self.cast(.real(2.5), to: "Swift.Int") == nil)
        #expect(Self.cast(.integer(300), to: "Swift.UInt8") == nil)
        // Text that the number would not give back: the way back to text would change it.
        for text in ["01234", "+12", "-0", "007"] {
            #expect(Self.cast(.text(text), to: "Swift.Int") == nil, "\(text)")
        }
        #expect(Self.cast(.text("-12"), to: "Swift.Int32") == .integer(-12))
    }

    /// Through the CLI: the whole file fails, nothing is applied, the value stays readable.
    @Test func aStringThatIsNotANumberFailsTheMigration() throws {
        let folder = TemporaryDirectory()
        let path = folder.storePath
        try StateStore(path: path).close()
        #expect(try CLI.run("set", path, "X/v", #""NaN""#, "--type", "Swift.String").status == 0)
        let file = folder.path("m.json")
        try Data(#"{"migrations":[{"name":"t","retype":{"keys":"X/v","from":"Swift.String","to":"Swift.Double"}}]}"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        let run = try CLI.run("migrate", "up", path, "--app", file)
        #expect(run.status == 7, "\(run)")
        #expect(run.stderr.contains(#"slot X/v: the Swift.String value "NaN" does not convert exactly to Swift.Double"#), "\(run)")
        #expect(try CLI.run("get", path, "X/v").stdout == "\"NaN\"\n")
        #expect(try CLI.run("check", path).status == 0)
    }
}
