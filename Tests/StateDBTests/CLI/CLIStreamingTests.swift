import Foundation
@_spi(Admin) import StateDB
import Testing

/// `inspect --json`, `export` and `check` stream their rows; what they print is byte for byte
/// what the CLI printed when it built the whole output in memory (`ReferenceJSON`).
@Suite struct CLIStreamingTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    init() throws {
        try makeSampleStore(at: folder.storePath)
        // Every kind of character the escaper treats apart, and one slot whose value cannot be read.
        let store = try StateStore(path: folder.storePath)
        _ = try store.binding(for: "Tricky/text", default: "q\"b\\s/\u{0}\u{1F}\u{7F}\u{80}\u{9F}\u{A0}é\u{2028}\u{2029}\u{200E}\u{202A}\u{2066}\u{2069}\u{2070}😀e\u{301}\t\r\u{8}\u{C}")
        _ = try store.binding(for: "Tricky/\u{202E}key\u{1B}", default: [1, 2, 3])
        _ = try store.binding(for: "Tricky/empty", default: [String: Int]())
        try store.flush()
        store.close()
    }

    private func slots() throws -> [AdminSlot] {
        let admin = try StoreAdmin(path: path, access: .read)
        defer { admin.close() }
        return try admin.slots()
    }

    @Test func inspectJSONIsWhatTheWholeDocumentWas() throws {
        let run = try CLI.run("inspect", path, "--json")
        #expect(run.status == 0, "\(run)")
        let expected = ReferenceJSON.serialize(.array(try slots().map(ReferenceJSON.slot))) + "\n"
        #expect(run.stdout == expected)
        let prefixed = try CLI.run("inspect", path, "--prefix", "Tricky", "--json")
        let under = try slots().filter { KeyPrefix("Tricky").matches($0.key) }
        #expect(prefixed.stdout == ReferenceJSON.serialize(.array(under.map(ReferenceJSON.slot))) + "\n")
    }

    @Test func getJSONIsWhatItWas() throws {
        for slot in try slots() {
            let run = try CLI.run("get", path, slot.key)
            #expect(run.stdout == ReferenceJSON.serialize(slot.value ?? .null) + "\n", "\(slot.key)")
        }
    }

    @Test func exportIsWhatTheWholeDocumentWas() throws {
        let run = try CLI.run("export", path)
        #expect(run.status == 0, "\(run)")
        let entries = try slots().map { slot in
            JSONValue.object([.init("key", .string(slot.key)), .init("type", .string(slot.type)), .init("value", slot.value!),
                              .init("updated", .string(ReferenceJSON.isoTimestamp(milliseconds: slot.updatedAt)))])
        }
        // exportedAt is the time of the run: taken from the output, checked for its form.
        let exportedAt = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("  \"exportedAt\": ") })
        let stamp = exportedAt.dropFirst("  \"exportedAt\": \"".count).dropLast(2)
        #expect(stamp.count == 24 && stamp.hasSuffix("Z"), "\(exportedAt)")
        let document = JSONValue.object([
            .init("format", .string("statedb-export")), .init("formatVersion", .number("1")),
            .init("schemaVersion", .number(String(SchemaMigration.latestVersion))),
            .init("exportedAt", .string(String(stamp))), .init("slots", .array(entries)),
        ])
        #expect(run.stdout == ReferenceJSON.serialize(document) + "\n")
        // And into a file, the same bytes.
        let file = folder.path("export.json")
        let toFile = try CLI.run("export", path, "-o", file)
        #expect(toFile.status == 0, "\(toFile)")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.replacingOccurrences(of: #""exportedAt": "[^"]*""#, with: "", options: .regularExpression)
                == run.stdout.replacingOccurrences(of: #""exportedAt": "[^"]*""#, with: "", options: .regularExpression))
    }

    @Test func anEmptyStoreExportsAnEmptyList() throws {
        try sqlite(path, "DELETE FROM slots")
        let run = try CLI.run("export", path)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasSuffix("  \"slots\": []\n}\n"), "\(run)")
        let inspect = try CLI.run("inspect", path, "--json")
        #expect(inspect.stdout == "[]\n")
    }

    @Test func anUnreadableValueStopsTheExportAndCountsThemAll() throws {
        try sqlite(path, "UPDATE slots SET value = '{broken' WHERE key = 'Settings/prefs'")
        try sqlite(path, "UPDATE slots SET value = '[broken' WHERE key = 'Tricky/empty'")
        let run = try CLI.run("export", path)
        #expect(run.status == 5, "\(run)")
        #expect(run.stderr.contains("2 value(s) cannot be exported, first \"Settings/prefs\""), "\(run)")
        // The slots before it fit in the first block, so nothing reached standard output.
        #expect(run.stdout.isEmpty, "\(run)")
        let file = folder.path("export.json")
        #expect(try CLI.run("export", path, "-o", file).status == 5)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    /// A value that reads but does not fit its standard type (a hand edit: text in a `Bool`)
    /// would make an export `import` refuses: the export stops on it as on an unreadable one,
    /// so every export imports.
    @Test func aValueThatDoesNotFitItsTypeStopsTheExport() throws {
        try sqlite(path, "UPDATE slots SET encoding = 'text', value = 'abc' WHERE key = '\(SampleKeys.isOn)'")
        let run = try CLI.run("export", path)
        #expect(run.status == 5, "\(run)")
        #expect(run.stderr.contains("1 value(s) cannot be exported, first "), "\(run)")
        #expect(run.stderr.contains("(the stored value does not fit Swift.Bool: got a string (\"abc\"), expected true or false)"), "\(run)")
        #expect(run.stderr.contains("statedb check"), "\(run)")
        #expect(try CLI.run("check", path).stdout.contains(SampleKeys.isOn), "check lists it too")

        #expect(try CLI.run("set", path, SampleKeys.isOn, "true").status == 0)
        let mended = try CLI.run("export", path)
        #expect(mended.status == 0, "\(mended)")
        let file = folder.path("export.json")
        try mended.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let fresh = folder.path("fresh.sqlite")
        try StateStore(path: fresh).close()
        #expect(try CLI.run("import", fresh, file).status == 0, "it imports")
    }

    @Test func timestampsAreWhatTheFormatterWrote() {
        var samples: [Int64] = [0, 1, -1, 999, -999, 1000, 86_399_999, 951_782_400_000, 4_107_542_400_000, 253_402_300_799_999, -62_135_596_800_000]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 { samples.append(Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator)) }
        for milliseconds in samples {
            #expect(StoreAdmin.isoTimestamp(milliseconds: milliseconds) == ReferenceJSON.isoTimestamp(milliseconds: milliseconds), "\(milliseconds)")
        }
    }

    @Test func stringsAreEscapedAsBefore() {
        var texts = ["", "plain", "q\"b\\", "\u{0}\u{1}\u{1F}\u{7F}", "\u{80}\u{85}\u{9F}\u{A0}\u{FF}", "\u{2027}\u{2028}\u{2029}\u{202A}\u{202E}\u{202F}",
                     "\u{200D}\u{200E}\u{200F}\u{2010}", "\u{2065}\u{2066}\u{2069}\u{206A}", "😀👍🏽", "e\u{301}", "日本語", "\u{E2}\u{82}\u{AC}"]
        for _ in 0..<300 {
            texts.append(String(String.UnicodeScalarView((0..<12).compactMap { _ in
                Unicode.Scalar([UInt32.random(in: 0...0x7F), UInt32.random(in: 0x80...0x7FF), UInt32.random(in: 0x2000...0x2100), UInt32.random(in: 0x10000...0x1FFFF)].randomElement()!)
            })))
        }
        for text in texts {
            var reference = ""
            ReferenceJSON.writeString(text, to: &reference)
            #expect(JSONValue.quoted(text) == reference, "\(Array(text.unicodeScalars.map(\.value)))")
        }
    }

    @Test func checkCountsEverySlotAndStillFindsProblems() throws {
        try sqlite(path, "UPDATE slots SET identity = 'Elsewhere' WHERE key = 'ContentView/count'")
        let run = try CLI.run("check", path, "--json")
        #expect(run.status == 5, "\(run)")
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["slots"] as? Int == 12)
        let problems = try #require(report["problems"] as? [[String: Any]])
        #expect(problems.map { $0["key"] as? String } == ["ContentView/count"])
        #expect((problems.first?["problem"] as? String)?.contains("do not match the key") == true)
    }
}
