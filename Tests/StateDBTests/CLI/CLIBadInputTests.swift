import Foundation
import StateDB
import Testing

/// Every bad input the CLI must refuse: one line on standard error, the documented exit
/// code, and the file byte-for-byte as it was (or, for a missing one, still missing).
@Suite struct CLIBadInputTests {
    let folder = TemporaryDirectory()

    /// One invocation of every command against `store` (import reads `importFile`).
    func everyCommand(_ store: String, importFile: String) -> [[String]] {
        [
            ["inspect", store], ["inspect", store, "--json"], ["get", store, "A/x"], ["set", store, "A/x", "1", "--type", "Int"],
            ["rm", store, "A/x"], ["rm", store, "--prefix", "A"], ["mv", store, "A", "B"], ["orphans", store],
            ["gc", store], ["gc", store, "--dry-run"], ["check", store], ["quarantine", store],
            ["quarantine", "restore", store, "1"], ["quarantine", "drop", store, "1"], ["export", store],
            ["import", store, importFile],
        ]
    }

    private func expectRefusal(_ run: CLI.Run, status: Int32, mentioning text: String, _ arguments: [String]) {
        #expect(run.status == status, "\(arguments): \(run)")
        #expect(run.stderr.contains(text), "\(arguments): \(run)")
        #expect(run.stderr.hasPrefix("statedb "), "\(arguments): \(run)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run)")
    }

    private func exportFile() throws -> String {
        let file = folder.path("import.json")
        try Data(#"{"format": "statedb-export", "formatVersion": 1, "slots": []}"#.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    @Test func aMissingStoreIsNeverCreated() throws {
        let store = folder.path("nested/missing.sqlite")
        for arguments in everyCommand(store, importFile: try exportFile()) {
            expectRefusal(try CLI.run(arguments), status: 6, mentioning: "no such store", arguments)
            #expect(!FileManager.default.fileExists(atPath: store))
            #expect(!FileManager.default.fileExists(atPath: folder.path("nested")))
        }
    }

    @Test func junkBytesAreLeftAlone() throws {
        let store = folder.path("junk.sqlite")
        var generator = SystemRandomNumberGenerator()
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: URL(fileURLWithPath: store))
        let bytes = try fileBytes(store)
        for arguments in everyCommand(store, importFile: try exportFile()) {
            expectRefusal(try CLI.run(arguments), status: 7, mentioning: "not a SQLite database", arguments)
            #expect(try fileBytes(store) == bytes)
        }
        #expect(!FileManager.default.fileExists(atPath: store + "-wal"))
    }

    @Test func anotherApplicationsDatabaseIsLeftAlone() throws {
        let store = folder.path("other-app.db")
        try sqlite(store, "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users (name) VALUES ('ada');")
        let bytes = try fileBytes(store)
        for arguments in everyCommand(store, importFile: try exportFile()) {
            expectRefusal(try CLI.run(arguments), status: 7, mentioning: "another application", arguments)
            #expect(try fileBytes(store) == bytes)
        }
    }

    @Test func aNewerSchemaIsLeftAlone() throws {
        let store = folder.storePath
        try makeSampleStore(at: store)
        try sqlite(store, "PRAGMA user_version = \(SchemaMigration.latestVersion + 1)")
        let bytes = try fileBytes(store)
        for arguments in everyCommand(store, importFile: try exportFile()) {
            expectRefusal(try CLI.run(arguments), status: 7, mentioning: "newer", arguments)
            #expect(try fileBytes(store) == bytes)
        }
    }

    @Test func invalidJSONIsRefused() throws {
        let store = folder.storePath
        try makeSampleStore(at: store)
        let bytes = try fileBytes(store)
        for json in ["hello", "{", "[1,]", #"{"a": 1, "a": 2}"#, "01", "\"tab\there\"", ""] {
            let arguments = ["set", store, SampleKeys.nickname, json]
            expectRefusal(try CLI.run(arguments), status: 2, mentioning: "invalid JSON", arguments)
            #expect(try fileBytes(store) == bytes)
            #expect(walIsEmpty(store))
        }
        #expect(try CLI.run("set", store, SampleKeys.nickname, "hello").stderr.contains(#"quote it as JSON: '"hello"'"#))
    }

    /// An import file that cannot be read says why: a folder, a pipe (which cannot be read the
    /// twice an import reads its file), or nothing at the path.
    @Test func anUnreadableImportFileSaysWhy() throws {
        let store = folder.storePath
        try makeSampleStore(at: store)
        let bytes = try fileBytes(store)
        let fifo = folder.path("pipe.json")
        try #require(mkfifo(fifo, 0o600) == 0)
        for (file, text) in [(folder.path(""), "is a folder; give the path of a `statedb export` file"),
                             (fifo, "is not a regular file (a pipe?); import reads its file twice, so give a file, or `-` to read standard input"),
                             (folder.path("missing.json"), "cannot read the file (No such file or directory); check the path")] {
            let arguments = ["import", store, file]
            expectRefusal(try CLI.run(arguments), status: 2, mentioning: text, arguments)
            #expect(try fileBytes(store) == bytes)
        }
    }

    @Test func anEmptyExportPathIsAUsageError() throws {
        let store = folder.storePath
        try makeSampleStore(at: store)
        let arguments = ["export", store, "-o", ""]
        expectRefusal(try CLI.run(arguments), status: 2, mentioning: "-o needs the path of the file to write (or - for standard output)", arguments)
    }

    @Test func aValueOfTheWrongTypeIsRefused() throws {
        let store = folder.storePath
        try makeSampleStore(at: store)
        let bytes = try fileBytes(store)
        let arguments = ["set", store, SampleKeys.isOn, #""true""#]
        expectRefusal(try CLI.run(arguments), status: 3, mentioning: "is Swift.Bool: got a string", arguments)
        #expect(try fileBytes(store) == bytes)
        #expect(walIsEmpty(store))
    }

    @Test func anUnknownKeyIsRefusedWithTheClosestKeys() throws {
        let store = folder.storePath
        try makeSampleStore(at: store)
        let bytes = try fileBytes(store)
        for command in ["get", "set", "rm"] {
            var arguments = [command, store, "Settings/levl"]
            if command == "set" { arguments.append("1") }
            let run = try CLI.run(arguments)
            expectRefusal(run, status: 1, mentioning: #"closest: "Settings/level""#, arguments)
            #expect(try fileBytes(store) == bytes)
        }
        // A prefix typed by hand finds the keys it begins.
        #expect(try CLI.run("get", store, "Settings/nick").stderr.contains(#""Settings/nickname""#))
    }

    @Test func aReadOnlyFileIsReadButNeverWritten() throws {
        if getuid() == 0 {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "root needs setpriv to drop its power over file permissions")
        }
        let store = folder.storePath
        try makeSampleStore(at: store)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: store)
        let bytes = try fileBytes(store)
        for arguments in [["set", store, SampleKeys.count, "4"], ["rm", store, SampleKeys.count], ["gc", store, "--unseen-for", "2h"],
                          ["mv", store, "Settings", "Prefs"], ["import", store, try exportFile()]] {
            expectRefusal(try CLI.run(arguments, asUnprivileged: true), status: 8, mentioning: "the store file is not writable by this process (mode 0400", arguments)
            #expect(try fileBytes(store) == bytes)
        }
        let read = try CLI.run(["get", store, SampleKeys.count], asUnprivileged: true)
        #expect(read.status == 0, "\(read)")
        #expect(read.stdout == "3\n")
        #expect(try fileBytes(store) == bytes)
    }

    /// A read of a read-only store can leave a `-shm` of the file's mode (0400); once the file
    /// is writable again, a write names that `-shm` and says how to fix it, instead of blaming
    /// the file or its folder.
    @Test func aReadOnlySideFileIsNamed() throws {
        if getuid() == 0 {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "root needs setpriv to drop its power over file permissions")
        }
        let store = folder.storePath
        try makeSampleStore(at: store)
        try #require(FileManager.default.createFile(atPath: store + "-shm", contents: Data(count: 32_768)))
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: store + "-shm")
        let bytes = try fileBytes(store)
        let refused = try CLI.run(["set", store, SampleKeys.count, "4"], asUnprivileged: true)
        expectRefusal(refused, status: 8, mentioning: "state.sqlite-shm is not writable by this process (mode 0400", ["set"])
        #expect(refused.stderr.contains("chmod 600 "), "\(refused)")
        #expect(try fileBytes(store) == bytes)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store + "-shm")
        let set = try CLI.run(["set", store, SampleKeys.count, "4"], asUnprivileged: true)
        #expect(set.status == 0, "\(set)")
    }

    /// A store in a folder this user may not write (a read-only backup folder): SQLite cannot
    /// create the `-shm` it reads a WAL database through. The refusal says why, and what to do.
    @Test func aStoreInAReadOnlyFolderSaysHowToReadIt() throws {
        if getuid() == 0 {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "root needs setpriv to drop its power over file permissions")
        }
        let inner = folder.path("backups")
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: false)
        let store = inner + "/state.sqlite"
        try makeSampleStore(at: store)
        let bytes = try fileBytes(store)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: inner)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: inner) }
        for arguments in [["get", store, SampleKeys.count], ["inspect", store], ["set", store, SampleKeys.count, "4"]] {
            expectRefusal(try CLI.run(arguments, asUnprivileged: true), status: 8,
                          mentioning: "its folder is not writable, and SQLite creates a store's -wal and -shm beside it, even to read it. Make the folder writable, or copy the store into a folder that is", arguments)
            #expect(try fileBytes(store) == bytes)
        }
    }

    /// Each refusal says what helps and only that: the hint to quote a bare word as JSON only
    /// where a string fits, an age too long to count said to be that, an empty file said to be
    /// empty, options that mean nothing to an action refused.
    @Test func refusalsSayWhatHelps() throws {
        let store = folder.storePath
        try makeSampleStore(at: store)
        let bytes = try fileBytes(store)
        let quoteHint = "quote it as JSON"
        let cases: [(arguments: [String], stdin: String?, status: Int32, says: String, notSays: String?)] = [
            (["set", store, SampleKeys.isOn, "yes"], nil, 2, "invalid JSON", quoteHint),
            (["set", store, "New/count", "yes", "--type", "Int"], nil, 2, "invalid JSON", quoteHint),
            (["set", store, "New/name", "yes", "--type", "String"], nil, 2, quoteHint, nil),
            (["set", store, SampleKeys.nickname, "-"], "a\u{0}b", 2, "invalid JSON", quoteHint),
            (["import", store, "-"], "hello", 2, "invalid JSON", quoteHint),
            (["gc", store, "--unseen-for", "99999999999999d"], nil, 2, "is longer than statedb can count (at most 106751991167d)", nil),
            (["orphans", store, "--unseen-for", "-3d"], nil, 2, "write a whole number and a unit", nil),
            (["migrate", "plan", store, "--json"], nil, 2, "--json goes with `migrate status` only", nil),
            (["migrate", "up", store, "--exit-code"], nil, 2, "--exit-code goes with `migrate status` only", nil),
        ]
        for (arguments, stdin, status, says, notSays) in cases {
            let run = try CLI.run(arguments, stdin: stdin)
            #expect(run.status == status, "\(arguments): \(run)")
            #expect(run.stderr.contains(says), "\(arguments): \(run)")
            if let notSays { #expect(!run.stderr.contains(notSays), "\(arguments): \(run)") }
        }
        #expect(try fileBytes(store) == bytes)

        let empty = folder.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        for arguments in [["get", empty, "A/b"], ["migrate", "status", empty]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 6, "\(arguments): \(run)")
            #expect(run.stderr.contains("the file is empty (0 bytes): no store yet"), "\(arguments): \(run)")
        }
        #expect(try fileBytes(empty).isEmpty)
    }
}
