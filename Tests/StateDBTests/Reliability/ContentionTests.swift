import Foundation
@_spi(Admin) import StateDB
import Testing

// A host updating every frame while `statedb set` processes write the same and other slots:
// no busy error reaches the user, no acknowledged write is lost, and the final state follows
// the documented rule (the last commit wins).

private struct Dashboard: View {
    @State var shared = 0
    @State var frame = 0
    var body: some View {
        Text("shared \(shared)")
        Text("frame \(frame)")
    }
}

/// Starts `/bin/sh -c script`, output to a file; the caller polls `isRunning`.
private func startShell(_ script: String, output: String) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    _ = FileManager.default.createFile(atPath: output + ".err", contents: nil)
    process.standardOutput = FileHandle(forWritingAtPath: output)
    process.standardError = FileHandle(forWritingAtPath: output + ".err")
    try process.run()
    return process
}

/// The last "ack N" a writer printed.
private func lastAcknowledged(_ output: String) -> Int? {
    (try? String(contentsOfFile: output, encoding: .utf8))?
        .split(separator: "\n").last { $0.hasPrefix("ack ") }
        .flatMap { Int($0.dropFirst(4)) }
}

@MainActor
struct ContentionTests {
    @Test func aHostAndCLIWritersShareTheStoreWithoutLosingAcknowledgedWrites() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: Dashboard(), store: store)
        let frame = try store.binding(for: "Dashboard/frame", default: 0)
        let shared = try store.binding(for: "Dashboard/shared", default: 0)
        for key in ["Other/a", "Other/b"] { _ = try store.binding(for: key, default: 0) }
        try store.flush()

        let rounds = 15
        let cli = "'" + CLI.binary + "'"
        let quotedStore = "'" + folder.storePath + "'"
        var writers: [(process: Process, output: String, key: String)] = []
        for key in ["Other/a", "Other/b", "Dashboard/shared"] {
            let output = folder.path("writer-\(writers.count).out")
            // Sequential acknowledged writes: "ack N" only after `statedb set` exited 0.
            let script = "for i in $(seq 1 \(rounds)); do NO_COLOR=1 \(cli) set \(quotedStore) '\(key)' $i >/dev/null && echo ack $i || echo fail $i; done"
            writers.append((try startShell(script, output: output), output, key))
        }

        // The app keeps drawing frames, writing its own slot every frame, until the writers end.
        var frames = 0
        while writers.contains(where: { $0.process.isRunning }) {
            frames += 1
            frame.wrappedValue = frames
            host.update()
            usleep(2_000)
        }
        host.update()

        for writer in writers {
            let text = (try? String(contentsOfFile: writer.output, encoding: .utf8)) ?? ""
            #expect(!text.contains("fail"), "\(writer.key): \(text) \((try? String(contentsOfFile: writer.output + ".err", encoding: .utf8)) ?? "")")
            #expect(lastAcknowledged(writer.output) == rounds, "\(writer.key)")
        }
        #expect(diagnostics.of(.flushFailed).isEmpty, "no busy error reached the app: \(diagnostics.all)")
        // The app never wrote `shared`: the CLI's last commit is the value, on screen and on disk.
        #expect(shared.wrappedValue == rounds)
        #expect(host.texts == ["shared \(rounds)", "frame \(frames)"])
        store.close()
        let reopened = try StateStore(path: folder.storePath)
        #expect(try reopened.binding(for: "Other/a", default: 0).wrappedValue == rounds)
        #expect(try reopened.binding(for: "Other/b", default: 0).wrappedValue == rounds)
        #expect(try reopened.binding(for: "Dashboard/frame", default: 0).wrappedValue == frames)
        reopened.close()
    }

    @Test func anUnflushedAppWriteWinsOverAnEarlierCLICommit() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: Dashboard(), store: store)
        let shared = try store.binding(for: "Dashboard/shared", default: 0)
        shared.wrappedValue = 1  // in memory, not committed yet
        let run = try CLI.run("set", folder.storePath, "Dashboard/shared", "2")
        #expect(run.status == 0, "\(run)")
        host.update()  // reads the CLI's commit, keeps its own write, commits it last
        #expect(shared.wrappedValue == 1)
        #expect(SQLiteProbe(path: folder.storePath).value("Dashboard/shared") == "1")
        store.close()
    }
}
