import Foundation
import StateDB
import Testing

/// Values given to `set` and `import` are taken exactly or refused: bytes that are not UTF-8,
/// a Float at the edge of its range, integer keys of a dictionary written more than one way.
@Suite struct CLIValueInputTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    init() throws { try makeSampleStore(at: folder.storePath) }

    /// Runs `statedb` from `sh -c script`, with `$0` the binary and `$1`… the `arguments`, so
    /// the script can build bytes no Swift string holds (`printf '\377'`).
    func runThroughShell(_ script: String, _ arguments: [String]) throws -> CLI.Run {
        try CLI.runProcess("/bin/sh", ["-c", script, CLI.binary] + arguments)
    }

    @Test func bytesThatAreNotUTF8AreRefusedNotReplaced() throws {
        let before = FileSnapshot(path)
        let argument = try runThroughShell(#"exec "$0" set "$1" "$2" "$(printf '"a\377b"')""#, [path, SampleKeys.nickname])
        #expect(argument.status == 2, "\(argument)")
        #expect(argument.stderr == "statedb set: argument 4 '\"a\\xFFb\"' is not valid UTF-8; keys, JSON and paths must be UTF-8 text (nothing was read or written)\n")
        #expect(FileSnapshot(path) == before)

        let created = try runThroughShell(#"exec "$0" set "$1" "$(printf 'Settings/caf\351')" '"x"' --type String"#, [path])
        #expect(created.status == 2, "\(created)")
        #expect(created.stderr.contains(#"argument 3 'Settings/caf\xE9' is not valid UTF-8"#), "\(created)")

        let input = try runThroughShell(#"printf '"a\376b"' | exec "$0" set "$1" "$2" -"#, [path, SampleKeys.nickname])
        #expect(input.status == 2, "\(input)")
        #expect(input.stderr.contains("standard input is not UTF-8 text"), "\(input)")
        #expect(FileSnapshot(path) == before)

        // A path of such bytes names no file statedb could mean.
        let store = try runThroughShell(#"exec "$0" inspect "$(printf '\377.sqlite')""#, [])
        #expect(store.status == 2, "\(store)")
        #expect(store.stderr.contains(#"argument 2 '\xFF.sqlite'"#), "\(store)")
        #expect(try readBack(path, SampleKeys.nickname, as: String?.self, default: "x") == nil)
    }

    /// A file saved as "UTF-8 with BOM" is named as such, as `migrate --app` names it, by
    /// `import` (a file and standard input) and `set -`, not as invalid JSON at position 1.
    @Test func aByteOrderMarkIsNamedInImportAndSetInput() throws {
        let bom = "it starts with a byte order mark (U+FEFF), which JSON does not allow; save it as UTF-8 without one"
        let export = folder.path("export.json")
        #expect(try CLI.run("export", path, "-o", export).status == 0)
        let document = try String(contentsOfFile: export, encoding: .utf8)
        let withMark = folder.path("with-bom.json")
        try Data(("\u{FEFF}" + document).utf8).write(to: URL(fileURLWithPath: withMark))
        #expect(try fileBytes(withMark).prefix(3) == Data([0xEF, 0xBB, 0xBF]))
        let bytes = try fileBytes(path)  // (the export's read left an empty -wal and -shm, which the next writer removes)

        let file = try CLI.run("import", path, withMark)
        #expect(file.status == 2, "\(file)")
        #expect(file.stderr == "statedb import: \(withMark): \(bom)\n", "\(file)")
        let input = try CLI.run(["import", path, "-"], stdin: "\u{FEFF}" + document)
        #expect(input.status == 2 && input.stderr == "statedb import: standard input: \(bom)\n", "\(input)")
        let set = try CLI.run(["set", path, SampleKeys.nickname, "-"], stdin: "\u{FEFF}\"Ada\"")
        #expect(set.status == 2 && set.stderr == "statedb set: standard input: \(bom)\n", "\(set)")
        #expect(try fileBytes(path) == bytes)
        let migration = folder.path("migrations.json")
        try Data("\u{FEFF}{\"migrations\": []}".utf8).write(to: URL(fileURLWithPath: migration))
        let plan = try CLI.run("migrate", "plan", path, "--app", migration)
        #expect(plan.stderr.contains(bom), "the words migrate --app uses: \(plan)")
    }

    /// JSON has no NaN or infinity: the spellings other languages use get the strings a
    /// `Double` or `Float` takes, not "expected a value"; `-Infinity` is not an unknown option.
    @Test func nanAndInfinityPointToTheStringsADoubleTakes() throws {
        let before = FileSnapshot(path)
        for (typed, string) in [("NaN", "nan"), ("Infinity", "+inf"), ("-Infinity", "-inf"), ("inf", "+inf"), ("-inf", "-inf")] {
            for type in ["Double", "Float?"] {
                let run = try CLI.run("set", path, "Numbers/\(type)", typed, "--type", type)
                #expect(run.status == 2, "\(typed): \(run)")
                #expect(run.stderr == """
                    statedb set: the JSON argument: \(typed) is not a JSON value (JSON has no NaN or infinity); a Double or Float \
                    takes the strings "nan", "+inf" and "-inf", quoted: '"\(string)"'

                    """, "\(typed): \(run)")
            }
        }
        #expect(FileSnapshot(path) == before)
        #expect(try CLI.run("set", path, "Numbers/Double", #""-inf""#, "--type", "Double").status == 0)
        #expect(try readBack(path, "Numbers/Double", as: Double.self, default: 0) == -.infinity)
        let text = try CLI.run("set", path, SampleKeys.name, "NaN")
        #expect(text.stderr.contains(#"to store the text NaN, quote it as JSON: '"NaN"'"#), "a String slot: \(text)")
    }

    @Test func floatsLargestValueIsAFloat() throws {
        let store = try StateStore(path: path)
        _ = try store.binding(for: "Limits/float", default: Float(1))
        _ = try store.binding(for: "Limits/library", default: Float.greatestFiniteMagnitude)
        store.close()
        // What Swift writes for Float.greatestFiniteMagnitude, and its negative.
        for literal in ["3.4028235e38", "3.4028235e+38", "-3.4028235e38"] {
            let run = try CLI.run("set", path, "Limits/float", literal)
            #expect(run.status == 0, "\(literal): \(run)")
            #expect(abs(try readBack(path, "Limits/float", as: Float.self, default: 0)) == Float.greatestFiniteMagnitude)
        }
        #expect(try CLI.run("set", path, "Limits/float", "3.4028235e38").stdout.hasPrefix("set "))
        // Stored exactly as the library stores the Float.
        #expect(try SQLiteShell.run(path, "SELECT value FROM slots WHERE key = 'Limits/float'")
            == (try SQLiteShell.run(path, "SELECT value FROM slots WHERE key = 'Limits/library'")))
        #expect(try CLI.run("set", path, "Limits/float", "3.4028235e38").stdout.hasPrefix("unchanged "), "equal to what is stored")

        let before = FileSnapshot(path)
        for literal in ["3.4028236e38", "1e39", "-1e39"] {
            let run = try CLI.run("set", path, "Limits/float", literal)
            #expect(run.status == 3, "\(literal): \(run)")
            #expect(run.stderr.contains("is out of range for Float"))
            #expect(FileSnapshot(path) == before)
        }
    }

    /// A number that is not zero but rounds to zero in its type (1e-50 as a Float, 1e-400 as a
    /// Double) is refused, as one too large is: it would be stored, and read by the app, as 0.
    /// Zero itself, in any spelling, and the smallest non-zero values are taken.
    @Test func aNumberThatRoundsToZeroIsRefused() throws {
        let store = try StateStore(path: path)
        _ = try store.binding(for: "Limits/float", default: Float(1))
        _ = try store.binding(for: "Limits/double", default: Double(1))
        _ = try store.binding(for: "Limits/floats", default: [Float(1)])
        store.close()
        let before = FileSnapshot(path)
        let cases = [("Limits/float", "1e-50", "1e-50 is too small for Float: it rounds to 0 (the smallest Float above zero is 1e-45); write 0 if zero is meant"),
                     ("Limits/float", "-2e-46", "-2e-46 is too small for Float"),
                     ("Limits/double", "1e-400", "1e-400 is too small for Double: it rounds to 0 (the smallest Double above zero is 5e-324)"),
                     ("Limits/floats", "[1, 1e-50]", "at [1]: 1e-50 is too small for Float")]
        for (key, json, message) in cases {
            let run = try CLI.run("set", path, key, json)
            #expect(run.status == 3, "\(json): \(run)")
            #expect(run.stderr.contains(message), "\(json): \(run)")
            #expect(FileSnapshot(path) == before)
        }
        for zero in ["0", "0.0", "0e-50", "-0.0"] {
            #expect(try CLI.run("set", path, "Limits/float", zero).status == 0, "\(zero)")
        }
        #expect(try CLI.run("set", path, "Limits/float", "1e-45").status == 0)
        #expect(try readBack(path, "Limits/float", as: Float.self, default: 0) == Float.leastNonzeroMagnitude)
        #expect(try CLI.run("set", path, "Limits/double", "5e-324").status == 0)
        #expect(try readBack(path, "Limits/double", as: Double.self, default: 0) == Double.leastNonzeroMagnitude)
    }

    @Test func anIntKeyedDictionaryTakesEachKeyOnceAsJSONEncoderWritesIt() throws {
        let store = try StateStore(path: path)
        _ = try store.binding(for: "Scores/byLevel", default: [1: "a"])
        store.close()
        let file = folder.path("scores.json")
        try JSONSerializationDocument(slots: [["key": "Scores/byLevel", "type": "Swift.Dictionary<Swift.Int, Swift.String>", "value": ["1": "a", "+1": "b"]]])
            .write(to: file)
        let before = FileSnapshot(path)
        let cases = [
            (#"{"+1": "a", "01": "b", "1": "c"}"#, #"the key "+1" is the integer 1 written another way; write it "1""#),
            (#"{"01": "b"}"#, #"the key "01" is the integer 1 written another way"#),
            (#"{"-0": "b"}"#, #"the key "-0" is the integer 0 written another way; write it "0""#),
            (#"{"2": "b", "+02": "c"}"#, #"the key "+02" is the integer 2"#),
        ]
        for (json, message) in cases {
            let run = try CLI.run("set", path, "Scores/byLevel", json)
            #expect(run.status == 3, "\(json): \(run)")
            #expect(run.stderr.contains(message), "\(json): \(run)")
            #expect(FileSnapshot(path) == before)
        }
        let imported = try CLI.run("import", path, file)
        #expect(imported.status == 3, "\(imported)")
        #expect(FileSnapshot(path) == before)

        let run = try CLI.run("set", path, "Scores/byLevel", #"{"1": "c", "-2": "d", "0": "e"}"#)
        #expect(run.status == 0, "\(run)")
        #expect(try readBack(path, "Scores/byLevel", as: [Int: String].self, default: [:]) == [1: "c", -2: "d", 0: "e"])
    }
}
