import Foundation
@_spi(Admin) import StateDB
import Testing

/// inspect, get, orphans, check, export and help, run as the built binary on stores made
/// through the library.
@Suite struct CLIReadCommandTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    init() throws { try makeSampleStore(at: folder.storePath) }

    @Test func inspectDrawsTheIdentityTreeWithEscapedStrings() throws {
        let run = try CLI.run("inspect", path)
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("ContentView"))
        #expect(lines.contains { $0.contains("─ count: Int = 3") })
        #expect(lines.contains { $0.contains("List") && !$0.contains("isOn") })
        #expect(lines.contains { $0.contains(#"Row[id: "42"]"#) })
        #expect(lines.contains { $0.contains("─ level: UInt8 = 200") })
        #expect(lines.contains { $0.contains("─ nickname: String? = null") })
        #expect(lines.contains { $0.contains(#"─ avatar: Data = {"$base64":"AP8Q"}"#) })
        #expect(lines.contains { $0.contains("─ prefs: \(SlotType.storedName(of: Prefs.self)) = {\"size\":3,\"tags\":[\"a\"]}") })
        // The stored escape sequence and newline are shown as escapes, never sent raw.
        #expect(lines.contains { $0.contains(#"─ name: String = "line\u001b[31m\nbreak""#) })
        #expect(!run.stdout.contains("\u{1B}"))
        #expect(run.stderr.isEmpty)
    }

    /// A hand edit left a value its type does not take: `get` reports it (exit 5), as `export`
    /// refuses it, rather than print what `set` would refuse to take back.
    @Test func getReportsAValueThatDoesNotFitItsType() throws {
        try SQLiteShell.run(path, "UPDATE slots SET value = 'yes', encoding = 'text' WHERE key = 'ContentView/count'")
        let plain = try CLI.run("get", path, "ContentView/count")
        #expect(plain.status == 5, "\(plain)")
        #expect(plain.stdout.isEmpty, "\(plain)")
        #expect(plain.stderr.contains(#"the value of "ContentView/count" is not one `statedb set` takes back (the stored value does not fit Swift.Int: got a string ("yes")"#), "\(plain)")
        let json = try CLI.run("get", path, "ContentView/count", "--json")
        #expect(json.status == 5, "\(json)")
        let object = try #require(try json.json() as? [String: Any])
        #expect(object["value"] as? String == "yes")
        #expect((object["error"] as? String)?.hasPrefix("the stored value does not fit Swift.Int") == true, "\(json)")
        #expect(try CLI.run("export", path).status == 5)
        // Set right, it reads again.
        #expect(try CLI.run("set", path, "ContentView/count", "4").status == 0)
        #expect(try CLI.run("get", path, "ContentView/count").stdout == "4\n")
    }

    @Test func inspectUsesColourOnlyOnATerminalWithoutNoColor() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pseudo-terminal")
        let coloured = try CLI.run(["inspect", path], inTerminal: true, noColour: false)
        #expect(coloured.status == 0, "\(coloured)")
        #expect(coloured.stdout.contains("\u{1B}[1mContentView\u{1B}[0m"))
        #expect(coloured.stdout.contains(#"line\u001b[31m\nbreak"#))  // stored escapes stay escaped
        let plain = try CLI.run(["inspect", path], inTerminal: true, noColour: true)
        #expect(!plain.stdout.contains("\u{1B}"))
        let piped = try CLI.run(["inspect", path], noColour: false)
        #expect(!piped.stdout.contains("\u{1B}"))
    }

    @Test func inspectJSONHasEverySlotWithItsMetadata() throws {
        let run = try CLI.run("inspect", path, "--json")
        #expect(run.status == 0, "\(run)")
        let slots = try #require(try run.json() as? [[String: Any]])
        #expect(slots.count == 9)
        let byKey = Dictionary(uniqueKeysWithValues: slots.map { ($0["key"] as! String, $0) })
        let isOn = try #require(byKey[SampleKeys.isOn])
        #expect(isOn["identity"] as? String == #"ContentView/List/Row[id: "42"]"#)
        #expect(isOn["property"] as? String == "isOn")
        #expect(isOn["type"] as? String == "Swift.Bool")
        #expect(isOn["value"] as? Bool == true)
        let updated = try #require(isOn["updated"] as? String)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let date = try #require(formatter.date(from: updated))
        #expect(abs(date.timeIntervalSinceNow) < 600)
        let avatar = try #require(byKey[SampleKeys.avatar]?["value"] as? [String: String])
        #expect(Data(base64Encoded: avatar["$base64"] ?? "") == Data([0, 255, 16]))
        #expect(byKey[SampleKeys.name]?["value"] as? String == "line\u{1B}[31m\nbreak")
        #expect(byKey[SampleKeys.nickname]?["value"] is NSNull)
        let prefs = try #require(byKey[SampleKeys.prefs]?["value"] as? [String: Any])
        #expect(prefs["size"] as? Int == 3)
        #expect(byKey[SampleKeys.level]?["value"] as? Int == 200)
    }

    @Test func inspectPrefixStopsAtIdentityBoundaries() throws {
        let run = try CLI.run("inspect", path, "--prefix", "ContentView/List/Row", "--json")
        #expect(run.status == 0, "\(run)")
        let keys = try #require(try run.json() as? [[String: Any]]).compactMap { $0["key"] as? String }
        #expect(keys == [SampleKeys.isOn, SampleKeys.otherIsOn])

        let rows = try CLI.run("inspect", path, "--prefix", "ContentView/Row", "--json")
        #expect(rows.status == 1)  // ContentView/Rows is another view
        #expect(rows.stderr.contains("no slot matches the prefix"))
    }

    @Test func getPrintsTheValueAsJSON() throws {
        let count = try CLI.run("get", path, SampleKeys.count)
        #expect(count.status == 0)
        #expect(count.stdout == "3\n")
        let prefs = try CLI.run("get", path, SampleKeys.prefs)
        let object = try #require(try prefs.json() as? [String: Any])
        #expect(object["tags"] as? [String] == ["a"])
        let whole = try #require(try CLI.run("get", path, SampleKeys.level, "--json").json() as? [String: Any])
        #expect(whole["type"] as? String == "Swift.UInt8")
        #expect(whole["encoding"] as? String == "integer")
        #expect(whole["value"] as? Int == 200)
    }

    @Test func unknownKeySuggestsTheClosest() throws {
        let run = try CLI.run("get", path, "ContentView/cuont")
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(#"closest: "ContentView/count""#), "\(run)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func orphansListsSlotsUnseenForLong() throws {
        let old = Int64((Date().timeIntervalSince1970 - 40 * 86_400) * 1000)
        try sqlite(path, "UPDATE slots SET seen_at = \(old) WHERE key LIKE 'Settings/%'")
        let run = try CLI.run("orphans", path, "--json")
        #expect(run.status == 0, "\(run)")
        let report = try #require(try run.json() as? [String: Any])
        let keys = try #require(report["orphans"] as? [[String: Any]]).compactMap { $0["key"] as? String }
        #expect(keys == [SampleKeys.avatar, SampleKeys.level, SampleKeys.nickname, SampleKeys.prefs])
        #expect(report["adoptions"] as? [Any] != nil)
        #expect(try CLI.run("orphans", path, "--unseen-for", "41d").stdout == "no slots unseen for 41d\n")
        let text = try CLI.run("orphans", path)
        #expect(text.stdout.contains("Settings/level  UInt8  last seen 40d ago"), "\(text)")
    }

    @Test func checkReportsAHealthyStore() throws {
        let run = try CLI.run("check", path, "--json")
        #expect(run.status == 0, "\(run)")
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["healthy"] as? Bool == true)
        #expect(report["integrity"] as? [String] == ["ok"])
        #expect(report["slots"] as? Int == 9)
        let migrations = try #require(report["migrations"] as? [[String: Any]])
        #expect(migrations.first?["checksum"] as? String == SchemaMigration.all.first?.checksum)
        #expect(migrations.first?["matches"] as? Bool == true)
        let text = try CLI.run("check", path)
        #expect(text.stdout.contains("integrity: ok"))
        #expect(text.stdout.contains("values: 9 slot(s), ok"))
    }

    @Test func checkFindsDamagedValues() throws {
        // A hand edit that breaks a value: a bool column holding 7, an Int slot holding text.
        try sqlite(path, "UPDATE slots SET value = 7 WHERE key = '\(SampleKeys.isOn.replacingOccurrences(of: "'", with: "''"))'")
        try sqlite(path, "UPDATE slots SET encoding = 'text', value = 'three' WHERE key = '\(SampleKeys.count)'")
        // Valid JSON for a UInt8, but the library reads a UInt8 from an integer column only.
        try sqlite(path, "UPDATE slots SET encoding = 'json', value = '7' WHERE key = '\(SampleKeys.level)'")
        let run = try CLI.run("check", path, "--json")
        #expect(run.status == 5, "\(run)")
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["healthy"] as? Bool == false)
        let problems = try #require(report["problems"] as? [[String: String]])
        #expect(problems.map { $0["key"] } == [SampleKeys.isOn, SampleKeys.count, SampleKeys.level].sorted())
        #expect(problems.contains { $0["problem"]?.contains("does not fit Swift.Int") == true })
        #expect(problems.contains { $0["problem"]?.contains("stored with encoding 'json'") == true })
        // `set` of the same value repairs it.
        #expect(try CLI.run("set", path, SampleKeys.level, "7").stdout.hasPrefix("set "))
        #expect(try readBack(path, SampleKeys.level, as: UInt8.self, default: 0) == 7)
        // The unreadable value makes export refuse rather than write an incomplete file.
        let export = try CLI.run("export", path)
        #expect(export.status == 5)
        #expect(export.stdout.isEmpty)
    }

    @Test func exportWritesEverySlotLosslessly() throws {
        let file = folder.path("export.json")
        let run = try CLI.run("export", path, "-o", file)
        #expect(run.status == 0, "\(run)")
        let document = try #require(try JSONSerialization.jsonObject(with: fileBytes(file)) as? [String: Any])
        #expect(document["format"] as? String == "statedb-export")
        #expect(document["formatVersion"] as? Int == 1)
        let slots = try #require(document["slots"] as? [[String: Any]])
        #expect(slots.count == 9)
        let avatar = try #require(slots.first { $0["key"] as? String == SampleKeys.avatar })
        #expect((avatar["value"] as? [String: String])?["$base64"] == "AP8Q")
        #expect(avatar["type"] as? String == "Foundation.Data")
        // To standard output too, and never over the store itself.
        #expect(try CLI.run("export", path).stdout.contains("\"statedb-export\""))
        let before = try fileBytes(path)
        #expect(try CLI.run("export", path, "-o", path).status == 2)
        #expect(try fileBytes(path) == before)
    }

    @Test func everyCommandHasHelp() throws {
        let overview = try CLI.run("--help")
        #expect(overview.status == 0)
        for command in ["inspect", "get", "set", "rm", "mv", "orphans", "gc", "check", "quarantine", "export", "import"] {
            #expect(overview.stdout.contains("  \(command) "), "\(command) missing from the overview")
            let help = try CLI.run(command, "--help")
            #expect(help.status == 0)
            #expect(help.stdout.hasPrefix("usage: statedb \(command)"), "\(help)")
            #expect(help.stdout.contains("--help"))
        }
    }

    @Test func usageErrorsExitWithTwo() throws {
        for arguments in [[], ["inspec", path], ["inspect", path, "--jsn"], ["inspect"], ["get", path],
                          ["orphans", path, "--unseen-for", "soon"], ["rm", path], ["quarantine", "restore", path, "x"]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run)")
            #expect(run.stdout.isEmpty)
        }
        #expect(try CLI.run("inspect", path, "--jsn").stderr.contains("did you mean --json?"))
        #expect(try CLI.run("inspec", path).stderr.contains("did you mean inspect?"))
        // An option before the command is not a misspelt command (`--` is two edits from `rm`).
        for option in ["--", "--json"] {
            let run = try CLI.run(option, "inspect", path)
            #expect(run.status == 2, "\(run)")
            #expect(run.stderr == "statedb: '\(option)' comes before the command; write the command first (statedb COMMAND STORE …), its options after it. `statedb --help` lists the commands.\n", "\(run)")
        }
    }
}
