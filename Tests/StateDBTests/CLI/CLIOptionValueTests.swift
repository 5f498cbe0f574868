import Foundation
import StateDB
import Testing

/// An option that takes a value never takes the next option as it: `inspect S --prefix
/// --json` is missing its prefix, not looking for keys under "--json".
@Suite struct CLIOptionValueTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    init() throws { try makeSampleStore(at: folder.storePath) }

    @Test func anOptionsValueIsNeverAnotherOption() throws {
        let app = folder.path("fix.json")
        try #"{"migrations": []}"#.write(toFile: app, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["inspect", path, "--prefix", "--json"], "--prefix needs a value (P), not the option --json"),
            (["rm", path, "--prefix", "--dry-run"], "--prefix needs a value (P), not the option --dry-run"),
            (["rm", path, "--prefix", "--", "ContentView"], "--prefix needs a value (P), not the option --"),
            (["set", path, "New/slot", "1", "--type", "--force"], "--type needs a value (T), not the option --force"),
            (["orphans", path, "--unseen-for", "--json"], "--unseen-for needs a value (AGE), not the option --json"),
            (["gc", path, "--unseen-for", "--dry-run"], "--unseen-for needs a value (AGE), not the option --dry-run"),
            (["export", path, "--output", "-o"], "--output needs a value (FILE), not the option -o"),
            (["export", path, "-o", "--output=x.json"], "-o needs a value (FILE), not the option --output=x.json"),
            (["migrate", "status", path, "--app", "--json"], "--app needs a value (FILE), not the option --json"),
            (["migrate", "up", path, "--app", app, "--app", "--json"], "--app needs a value (FILE), not the option --json"),
            (["inspect", path, "--prefix"], "--prefix needs a value (P); see `statedb inspect --help`"),
        ]
        let before = FileSnapshot(path)
        for (arguments, message) in cases {
            // In the store's folder, where a file named after an option would land.
            let run = try CLI.runProcess(CLI.binary, arguments, in: folder.url.path)
            #expect(run.status == 2, "\(arguments): \(run)")
            #expect(run.stderr.contains(message), "\(arguments): \(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run)")
            #expect(run.stdout.isEmpty, "\(arguments): \(run)")
            #expect(FileSnapshot(path) == before, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("-o")), "no export file named after an option")
    }

    @Test func aValueThatStartsWithADashGoesInline() throws {
        let run = try CLI.run("inspect", path, "--prefix=-Settings")
        #expect(run.status == 1, "looked for keys under -Settings: \(run)")
        #expect(run.stderr.contains(#"no slot matches the prefix "-Settings""#))
        // Values that are not options are taken as they are: `-` and negative numbers.
        #expect(try CLI.run("inspect", path, "--prefix", "Settings", "--json").status == 0)
        #expect(try CLI.run("set", path, SampleKeys.count, "-5").status == 0)
        #expect(try readBack(path, SampleKeys.count, as: Int.self, default: 0) == -5)
    }
}
