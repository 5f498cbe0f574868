import Foundation
import StateDB
import Testing

/// Refusals of arguments say what is wrong with the argument as the user typed it.
struct CLIArgumentWordingTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    @Test(arguments: ["abc", "1.5"])
    func aQuarantineIdThatIsNotOneIsNamed(id: String) throws {
        try makeSampleStore(at: path)
        let run = try CLI.run("quarantine", "show", path, id)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("'\(id)' is not an entry id: ids are whole numbers"), "\(run)")
    }

    /// A whole number too large for an id is not told it is not a whole number; an action
    /// left out or written after the store is named as such, not taken for the action; and
    /// `--force` goes with restore only, list included.
    @Test func quarantineArgumentsInTheWrongShapeAreNamed() throws {
        try makeSampleStore(at: path)
        let cases: [([String], String)] = [
            (["show", path, "99999999999999999999"], "'99999999999999999999' is not an entry id: ids go up to 9223372036854775807"),
            ([path, "5"], "an id goes with an action, written first: statedb quarantine show (or restore, drop) \(path) 5"),
            ([path, "drop", "5"], "the action comes first: statedb quarantine drop STORE ID"),
            (["list", path, "--force"], "--force goes with restore only"),
            ([path, "--force"], "--force goes with restore only"),
        ]
        for (arguments, message) in cases {
            let run = try CLI.run(["quarantine"] + arguments)
            #expect(run.status == 2, "\(arguments): \(run)")
            #expect(run.stderr.hasPrefix("statedb quarantine: \(message)"), "\(arguments): \(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run)")
        }
    }

    @Test func anOptionWithoutItsValueIsNamedAsTyped() throws {
        try makeSampleStore(at: path)
        let short = try CLI.run("export", path, "-o")
        #expect(short.status == 2, "\(short)")
        #expect(short.stderr.contains("-o needs a value"), "\(short)")
        #expect(!short.stderr.contains("--output needs"), "\(short)")
        let long = try CLI.run("export", path, "--output")
        #expect(long.stderr.contains("--output needs a value"), "\(long)")
    }

    /// A date slot takes a bare date; bare text that is not one gets the date's error (exit 3),
    /// not advice to quote it (exit 2), which only led to that same error.
    @Test(arguments: ["2026-12-02", "12026-12-02T01:35:00Z", "yesterday"])
    func bareTextForADateIsCheckedAsADate(text: String) throws {
        try makeSampleStore(at: path)
        let bytes = try fileBytes(path)
        let run = try CLI.run("set", path, "App/when", text, "--type", "Date")
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("expected a date in ISO 8601 with its zone"), "\(run)")
        #expect(try fileBytes(path) == bytes)
    }
}
