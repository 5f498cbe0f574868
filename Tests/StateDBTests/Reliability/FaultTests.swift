import Foundation
@_spi(Admin) import StateDB
import Testing

// Bad input and faults: a full disk, read-only files and folders, values of tens of MB,
// deeply nested JSON, invalid UTF-8 and SQL metacharacters. Each gets a clear error, nothing
// is corrupted, and unflushed state stays in memory for the next try.

/// Runs the test helper through another program (`prlimit`, `setpriv`) that changes what
/// the child may do.
private func helperUnder(_ wrapper: [String], _ arguments: [String]) throws -> ChildProcess {
    try ChildProcess(URL(fileURLWithPath: wrapper[0]), Array(wrapper.dropFirst()) + [try TestHelper.executable().path] + arguments)
}

/// A store with a few committed values.
private func makeStore(_ path: String) throws {
    let store = try StateStore(path: path)
    try store.binding(for: "Keep/a", default: 0).wrappedValue = 1
    try store.binding(for: "Keep/b", default: "").wrappedValue = "two"
    store.close()
}

struct FaultTests {
    @Test func aFullDiskRefusesTheCommitKeepsItPendingAndLosesNothing() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        // Files may not grow past 1 MB: the 4 MB value cannot be written.
        let child = try helperUnder(["/usr/bin/prlimit", "--fsize=1048576"], ["disk-full", folder.storePath])
        let refused = try child.requireLine()
        #expect(refused.hasPrefix("refused diskFull: "), "\(refused) \(child.standardError())")
        #expect(refused.contains("Free disk space"))
        #expect(try child.requireLine() == "pending true", "the write stays in memory for the next try")
        #expect(try child.requireLine() == "recovered")
        #expect(child.waitForExit() == 0)

        #expect(try SQLiteShell.run(folder.storePath, "PRAGMA integrity_check") == "ok")
        let store = try StateStore(path: folder.storePath)
        #expect(try store.binding(for: "Big/blob", default: Data()).wrappedValue == Data(repeating: 7, count: 16))
        #expect(try store.binding(for: "Keep/a", default: 0).wrappedValue == 1)
        #expect(try store.binding(for: "Keep/b", default: "").wrappedValue == "two")
        store.close()
    }

    @Test func aReadOnlyFileIsRefusedWithAdviceAndLeftAsItWas() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        chmod(folder.storePath, 0o400)
        let before = try fileBytes(folder.storePath)
        // Without root's power to ignore permissions, as an ordinary user would run it.
        let child = try helperUnder(["/usr/bin/setpriv", "--bounding-set=-all", "--inh-caps=-all"], ["set", folder.storePath, "Keep/a", "5"])
        #expect(child.waitForExit() != 0)
        let message = child.standardError()
        #expect(message.contains(folder.storePath))
        #expect(message.contains("the store file is not writable by this process (mode 0400") && message.contains("chmod u+w"), "\(message)")
        #expect(try fileBytes(folder.storePath) == before)
    }

    @Test func aStoreInAReadOnlyFolderIsNotCreated() throws {
        let folder = TemporaryDirectory()
        let locked = folder.path("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        chmod(locked, 0o500)
        defer { chmod(locked, 0o700) }
        let path = locked + "/state.sqlite"
        let child = try helperUnder(["/usr/bin/setpriv", "--bounding-set=-all", "--inh-caps=-all"], ["set", path, "A/b", "1"])
        #expect(child.waitForExit() != 0)
        #expect(child.standardError().contains("permissions"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func valuesOfTensOfMegabytesRoundTrip() throws {
        let folder = TemporaryDirectory()
        let big = String(repeating: "0123456789abcdef", count: 2_000_000)  // 32 MB
        let bytes = Data((0..<20_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        do {
            let store = try StateStore(path: folder.storePath)
            try store.binding(for: "Big/text", default: "").wrappedValue = big
            try store.binding(for: "Big/bytes", default: Data()).wrappedValue = bytes
            try store.flush()
            store.close()
        }
        let store = try StateStore(path: folder.storePath)
        #expect(try store.binding(for: "Big/text", default: "").wrappedValue == big)
        #expect(try store.binding(for: "Big/bytes", default: Data()).wrappedValue == bytes)
        store.close()
        #expect(try SQLiteShell.run(folder.storePath, "SELECT length(value) FROM slots WHERE key = 'Big/bytes'") == "20000000")
    }

    @Test func deeplyNestedStoredJSONIsQuarantinedNotACrash() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        let depth = 100_000
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        try SQLiteShell.run(folder.storePath, """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
            VALUES ('Deep/list', 'Deep', 'list', 'Swift.Array<Swift.Int>', 'json',
                    replace(hex(zeroblob(\(depth))), '00', '[') || replace(hex(zeroblob(\(depth))), '00', ']'), 0, 0, 0)
            """)
        let store = try StateStore(path: folder.storePath)
        let diagnostics = DiagnosticsRecorder(store)
        #expect(try store.binding(for: "Deep/list", default: [1]).wrappedValue == [1])
        #expect(diagnostics.of(.quarantined).count == 1)
        store.close()
        #expect(try SQLiteShell.run(folder.storePath, "SELECT length(value) FROM quarantine WHERE key = 'Deep/list'") == "\(depth * 2)", "kept, not lost")

        let before = try fileBytes(folder.storePath)
        let run = try CLI.run(["set", folder.storePath, "Keep/a", "-"], stdin: nested)
        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try fileBytes(folder.storePath) == before)
    }

    @Test func sqlMetacharactersInKeysAndValuesAreJustText() throws {
        let folder = TemporaryDirectory()
        let key = #"Evil/Row[id: "x'); DROP TABLE slots; --"]/title"#
        let value = #"'; DELETE FROM slots; SELECT '"# + "%_*?[]\\"
        let store = try StateStore(path: folder.storePath)
        try store.binding(for: key, default: "").wrappedValue = value
        store.close()

        let reopened = try StateStore(path: folder.storePath)
        #expect(try reopened.binding(for: key, default: "").wrappedValue == value)
        reopened.close()
        #expect(SQLiteProbe(path: folder.storePath).keys == [key])

        let get = try CLI.run("get", folder.storePath, key)
        #expect(get.status == 0, "\(get)")
        let set = try CLI.run("set", folder.storePath, key, #""x'); DROP TABLE slots; --""#)
        #expect(set.status == 0, "\(set)")
        #expect(SQLiteProbe(path: folder.storePath).value(key) == "x'); DROP TABLE slots; --")
        #expect(try CLI.run("inspect", folder.storePath, "--prefix", "Evil").status == 0)
    }

    @Test func invalidUTF8WrittenByHandIsReadWithoutRewritingTheBytes() throws {
        let folder = TemporaryDirectory()
        try makeStore(folder.storePath)
        try SQLiteShell.run(folder.storePath, "UPDATE slots SET value = CAST(X'61FF62' AS TEXT) WHERE key = 'Keep/b'")
        let store = try StateStore(path: folder.storePath)
        #expect(try store.binding(for: "Keep/b", default: "").wrappedValue == "a\u{FFFD}b", "read, repaired for display")
        try store.flush()
        store.close()
        #expect(try SQLiteShell.run(folder.storePath, "SELECT hex(value) FROM slots WHERE key = 'Keep/b'") == "61FF62", "the stored bytes stay as they were")
        let inspect = try CLI.run("inspect", folder.storePath)
        #expect(inspect.status == 0, "\(inspect)")
    }
}

struct PathTests {
    /// A relative store path that starts with `file:` is a file name, not a SQLite URI.
    @Test func aPathStartingWithFileColonIsJustAFile() throws {
        let folder = TemporaryDirectory()
        for _ in 0..<2 {  // create, then reopen
            let process = Process()
            process.executableURL = try TestHelper.executable()
            process.arguments = ["set", "file:store.sqlite?mode=memory", "A/b", "3"]
            process.currentDirectoryURL = folder.url
            process.standardOutput = Pipe()
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        #expect(SQLiteProbe(path: folder.path("file:store.sqlite?mode=memory")).value("A/b") == "3")
    }
}
