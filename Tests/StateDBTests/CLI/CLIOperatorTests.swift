import Foundation
@_spi(Admin) import StateDB
import Testing

/// What an operator of a big store gets: ids sorted as numbers, whole values, key patterns, a
/// count, suggestions that stay found among many keys, and progress only on a terminal.
@Suite struct CLIOperatorTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    private func makeRows(_ ids: [Int], at path: String, note: String = "short") throws {
        let store = try StateStore(path: path)
        for id in ids {
            _ = try store.binding(for: "App/List/Row[id: \(id)]/isOn", default: id % 2 == 0)
        }
        _ = try store.binding(for: "App/note", default: note)
        try store.flush()
        store.close()
    }

    @Test func inspectSortsNumericIdsAsNumbers() throws {
        try makeRows([10, 2, 1, -3, 100, 20], at: path)
        let run = try CLI.run("inspect", path)
        #expect(run.status == 0, "\(run)")
        let rows = run.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "Row[id: ") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "]" })
        }
        #expect(rows == ["-3", "1", "2", "10", "20", "100"], "\(run.stdout)")
        // --json keeps the key order (byte order), as every consumer of it expects.
        let json = try #require(try CLI.run("inspect", path, "--json").json() as? [[String: Any]])
        let keys = json.compactMap { $0["key"] as? String }
        #expect(keys == keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test func inspectEndsWithACountAndMatchesAPattern() throws {
        try makeRows([1, 2, 3], at: path)
        let all = try CLI.run("inspect", path)
        #expect(all.stdout.hasSuffix("\n4 slot(s)\n"), "\(all)")
        let matched = try CLI.run("inspect", path, "--match", "*/isOn")
        #expect(matched.status == 0, "\(matched)")
        #expect(matched.stdout.hasSuffix("\n3 slot(s)\n"), "\(matched)")
        #expect(!matched.stdout.contains("note"), "\(matched)")
        let json = try #require(try CLI.run("inspect", path, "--match", "App/List/Row[id: 2]*", "--json").json() as? [[String: Any]])
        #expect(json.compactMap { $0["key"] as? String } == ["App/List/Row[id: 2]/isOn"])
        let none = try CLI.run("inspect", path, "--match", "Nothing/*")
        #expect(none.stdout == "(no slots)\n", "\(none)")
        #expect(try CLI.run("inspect", path, "--match", "Nothing/*", "--json").stdout == "[]\n")
    }

    @Test func fullShowsAValueWhole() throws {
        let long = String(repeating: "abcdefghij", count: 10)
        try makeRows([1], at: path, note: long)
        let cut = try CLI.run("inspect", path)
        #expect(!cut.stdout.contains(long), "\(cut)")
        #expect(cut.stdout.contains("…"), "\(cut)")
        let full = try CLI.run("inspect", path, "--full")
        #expect(full.stdout.contains("note: String = \"\(long)\" ·"), "\(full)")
    }

    @Test func suggestionsAreFoundAmongManyKeys() throws {
        try makeRows(Array(0..<3000), at: path)
        let typo = try CLI.run("get", path, "App/List/Row[id: 1500]/isOm")
        #expect(typo.status == 1)
        #expect(typo.stderr.contains(#"closest: "App/List/Row[id: 1500]/isOn""#), "\(typo)")
        let start = try CLI.run("get", path, "App/List/Row[id: 2999")
        #expect(start.stderr.contains(#""App/List/Row[id: 2999]/isOn""#), "\(start)")
        let property = try CLI.run("get", path, "App/nite")
        #expect(property.stderr.contains(#"closest: "App/note""#), "\(property)")
        let prefix = try CLI.run("inspect", path, "--prefix", "App/List/Row[id: 17]/isOm")
        #expect(prefix.status == 1)
        #expect(prefix.stderr.contains(#""App/List/Row[id: 17]/isOn""#), "\(prefix)")
    }

    @Test func aKeyTypedAsAPatternIsToldWhereToUseOne() throws {
        try makeRows([1, 2], at: path)
        for key in ["App/*", "App/List/Row[id: 1]/*"] {
            let run = try CLI.run("rm", path, key)
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr.contains("a key is exact text (`*` included): `statedb inspect --match` lists the keys a pattern matches"), "\(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
        }
        #expect(try CLI.run("inspect", path, "--match", "App/List/*").stdout.contains("2 slot(s)"))
        let typo = try CLI.run("get", path, "App/nite")
        #expect(!typo.stderr.contains("exact text"), "\(typo)")
    }

    @Test func anEmptyStoreSaysSo() throws {
        try makeRows([], at: path)
        try sqlite(path, "DELETE FROM slots")
        let run = try CLI.run("get", path, "App/note")
        #expect(run.status == 1)
        #expect(run.stderr.contains("the store has no slots"), "\(run)")
    }

    @Test func progressIsShownOnATerminalOnly() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pseudo-terminal")
        try makeRows(Array(0..<20), at: path)
        let export = folder.path("export.json")
        // Piped: standard error stays empty.
        for arguments in [["export", path, "-o", export], ["check", path], ["import", path, export]] {
            let piped = try CLI.run(arguments)
            #expect(piped.status == 0, "\(arguments): \(piped)")
            #expect(piped.stderr.isEmpty, "\(arguments): \(piped)")
        }
        // On a terminal (standard error is the terminal too): rows done of the total.
        let exported = try CLI.run(["export", path, "-o", export], inTerminal: true)
        #expect(exported.stdout.contains("exported 21 / 21 rows"), "\(exported)")
        let checked = try CLI.run(["check", path], inTerminal: true)
        #expect(checked.stdout.contains("checked 21 / 21 rows"), "\(checked)")
        try sqlite(path, "DELETE FROM slots WHERE key LIKE 'App/List/%'")
        // A line per pass: the check of the file, then every slot of it compared and written.
        let imported = try CLI.run(["import", path, export], inTerminal: true)
        #expect(imported.stdout.contains("checked 21 / 21 rows"), "\(imported)")
        #expect(imported.stdout.contains("imported 21 / 21 rows"), "\(imported)")
        let planned = try CLI.run(["import", path, export, "--dry-run", "--replace"], inTerminal: true)
        #expect(planned.stdout.contains("compared 21 / 21 rows"), "\(planned)")
        let old = Int64((Date().timeIntervalSince1970 - 40 * 86_400) * 1000)
        try sqlite(path, "UPDATE slots SET seen_at = \(old) WHERE key LIKE 'App/List/%'")
        let collected = try CLI.run(["gc", path], inTerminal: true)
        #expect(collected.stdout.contains("deleted 20 / 20 rows"), "\(collected)")
        let recovered = try CLI.run(["recover", path, folder.path("recovered.sqlite")], inTerminal: true)
        #expect(recovered.stdout.contains("read "), "\(recovered)")
        // Without a terminal the same commands say nothing on standard error.
        let piped = try CLI.run(["recover", path, folder.path("recovered2.sqlite")])
        #expect(piped.stderr.isEmpty, "\(piped)")
    }
}
