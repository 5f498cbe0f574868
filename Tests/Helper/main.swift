// A child process for tests that need a real process to write a store and then die (or exit).
// Each subcommand prints one line per fact the parent may rely on, unbuffered, so a parent that
// kills it knows exactly what was acknowledged.
import Foundation
import StateDB

let usage = """
    usage: statedb-test-helper COMMAND STORE [options]

    STORE is a file path, or a PostgreSQL URL (postgresql://…) for the commands that open a store.

    commands:
      write-loop STORE [--key KEY] [--count N]
          Writes increasing integers to the Int slot KEY (default "Helper/counter"), starting
          after the value already stored, and flushes after each one. Prints "ack V" once the
          flush of V returned. Stops after N values (default: never; kill it).
      set STORE KEY VALUE
          Writes the Int VALUE to the slot KEY, flushes, closes, and prints "ok".
      crash-loop STORE [--slots N]
          Round after round, writes the round number R to the N Int slots "Crash/s0"… (default
          8) and a record {round: R, text: …} to "Crash/record", in one flush per round, and
          prints "ack R" once that flush returned. Runs until killed.
      exit-without-flush STORE KEY VALUE
          Writes the Int VALUE to the slot KEY and returns from main without flushing or
          closing: a normal exit must still commit it. Prints "written".
      disk-full STORE
          Meant to run under a file-size limit (prlimit --fsize). Writes 4 MB to "Big/blob" and
          flushes: prints "refused KIND: MESSAGE" and "pending true|false" when the flush fails.
          Then writes 16 bytes instead, flushes again and prints "recovered".
      storage-set STORE KEY VALUE
          Mounts a view host whose view declares @AppStorage(KEY) (an Int, default 0), sets it to
          VALUE through the view, prints "ok" and returns from main without closing the store.
      model-bump STORE
          Mounts a view whose @State holds a Codable @Observable model (count, trail), taps its
          "bump" button (count + 1, committed by the update), then appends "+" to trail outside
          any action and prints "count C trail T". Returns from main without closing the store:
          the exit's commit stores the trail.
      pg-failover-writer URL
          Flush after flush, writes N to "Failover/vN" (N = 1, 2, …) on PostgreSQL and prints
          "ack N" once it returned; while no primary answers, prints "waiting KIND" and retries.
      pg-failover-reader URL UP_TO
          Prints "found N1,N2,…": the N up to UP_TO whose slot "Failover/vN" holds N.
      open STORE
          Opens the store (creating it, or upgrading its schema after a backup), closes it and
          prints "opened"; or prints "refused KIND: MESSAGE". A write past a file-size limit
          (prlimit --fsize) fails instead of killing the process.
      host-session STORE
          An app process: a view host with a counter, driven by lines on standard input
          (bump, bump-many N, update, close), each answered with "count N" (HostSession.swift).
      terminal-self-writer STORE
          Needs a terminal. Runs a view whose body writes the slot it reads in the terminal
          host until `q` is typed; the slot "SelfCountingScreen/count" counts its evaluations.
      terminal-tasks STORE
          Needs a terminal. Runs a view whose `.task` sleeps, then shows "status: loaded" and
          counts "ticks: 3", and whose "Fetch" button starts a task that shows "fetched: yes",
          in the terminal host until `q` is typed.
      terminal-geometry STORE
          Needs a terminal. Runs a view whose GeometryReader shows "room: C columns, R rows"
          in the terminal host until `q` is typed.
    """

/// Writes one line straight to the descriptor (no buffer): the parent may kill this process
/// right after.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("statedb-test-helper: \(message)\n".utf8))
    exit(status)
}

func usageError(_ message: String) -> Never {
    fail("\(message)\n\(usage)", status: 2)
}

/// The value of `--name` in `arguments`, removing both from the list.
func option(_ name: String, in arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count else { usageError("\(name) needs a value") }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
    return value
}

func integer(_ text: String, _ what: String) -> Int {
    guard let value = Int(text) else { usageError("\(what) must be an integer, not '\(text)'") }
    return value
}

func openStore(_ path: String) -> StateStore {
    do {
        return try StateStore(url: path)  // a path, or a PostgreSQL URL
    } catch {
        fail("\(error)")
    }
}

func writeLoop(_ arguments: [String]) {
    var arguments = arguments
    let key = option("--key", in: &arguments) ?? "Helper/counter"
    let count = option("--count", in: &arguments).map { integer($0, "--count") }
    guard arguments.count == 1 else { usageError("write-loop takes one STORE path") }
    let store = openStore(arguments[0])
    do {
        let slot = try store.binding(for: key, default: 0)
        var written = 0
        while count.map({ written < $0 }) ?? true {
            let value = slot.wrappedValue + 1
            slot.wrappedValue = value
            try store.flush()
            say("ack \(value)")
            written += 1
        }
    } catch {
        fail("\(error)")
    }
    store.close()
}

func set(_ arguments: [String]) {
    guard arguments.count == 3 else { usageError("set takes STORE KEY VALUE") }
    let value = integer(arguments[2], "VALUE")
    let store = openStore(arguments[0])
    do {
        try store.binding(for: arguments[1], default: value).wrappedValue = value
        try store.flush()
    } catch {
        fail("\(error)")
    }
    store.close()
    say("ok")
}

/// The record `crash-loop` writes beside its counters, so a torn JSON value would show.
struct CrashRecord: Codable, Equatable {
    var round: Int
    var text: String
}

func crashLoop(_ arguments: [String]) {
    var arguments = arguments
    let slotCount = option("--slots", in: &arguments).map { integer($0, "--slots") } ?? 8
    guard arguments.count == 1 else { usageError("crash-loop takes one STORE path") }
    let store = openStore(arguments[0])
    do {
        let slots = try (0..<slotCount).map { try store.binding(for: "Crash/s\($0)", default: 0) }
        let record = try store.binding(for: "Crash/record", default: CrashRecord(round: 0, text: ""))
        var round = slots.map(\.wrappedValue).max() ?? 0
        while true {
            round += 1
            for slot in slots { slot.wrappedValue = round }
            record.wrappedValue = CrashRecord(round: round, text: String(repeating: "state \(round) ", count: 200))
            try store.flush()
            say("ack \(round)")
        }
    } catch {
        fail("\(error)")
    }
}

func diskFull(_ arguments: [String]) {
    guard arguments.count == 1 else { usageError("disk-full takes one STORE path") }
    signal(SIGXFSZ, SIG_IGN)  // a write past the limit fails with EFBIG instead of killing us
    let store = openStore(arguments[0])
    do {
        let blob = try store.binding(for: "Big/blob", default: Data())
        blob.wrappedValue = Data((0..<4_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        do {
            try store.flush()
            say("flushed")
        } catch let error as StateStoreError {
            say("refused \(error.kind): \(error.message)")
            say("pending \(store.hasPendingWrites)")
        }
        blob.wrappedValue = Data(repeating: 7, count: 16)
        try store.flush()
        say("recovered")
    } catch {
        fail("\(error)")
    }
    store.close()
}

func openOnly(_ arguments: [String]) {
    guard arguments.count == 1 || arguments.count == 2 && arguments[1] == "--die-past-size-limit" else {
        usageError("open takes one STORE path, and optionally --die-past-size-limit")
    }
    // A write past the limit fails with EFBIG instead of killing us, unless the test wants the
    // process killed mid-write (SIGXFSZ's default action).
    if arguments.count == 1 { signal(SIGXFSZ, SIG_IGN) }
    do {
        let store = try StateStore(path: arguments[0])
        store.close()
        say("opened")
    } catch let error as StateStoreError {
        say("refused \(error.kind): \(error.message)")
    } catch {
        fail("\(error)")
    }
}

func exitWithoutFlush(_ arguments: [String]) {
    guard arguments.count == 3 else { usageError("exit-without-flush takes STORE KEY VALUE") }
    let value = integer(arguments[2], "VALUE")
    let store = openStore(arguments[0])
    do {
        try store.binding(for: arguments[1], default: 0).wrappedValue = value
    } catch {
        fail("\(error)")
    }
    say("written")
    exit(0)  // no flush, no close: the exit hook commits
}

/// A view that declares `@AppStorage(key)` and sets it with its button.
struct StorageSetter: View {
    @AppStorage var volume: Int
    let value: Int

    init(key: String, value: Int) {
        _volume = AppStorage(wrappedValue: 0, key)
        self.value = value
    }

    var body: some View {
        Button("set") { volume = value }
    }
}

func storageSet(_ arguments: [String]) {
    guard arguments.count == 3 else { usageError("storage-set takes STORE KEY VALUE") }
    let value = integer(arguments[2], "VALUE")
    let store = openStore(arguments[0])
    MainActor.assumeIsolated {
        let host = ViewHost(root: StorageSetter(key: arguments[1], value: value), store: store)
        do {
            try host.button("set").tap()  // runs the action, then the update that commits
        } catch {
            fail("\(error)")
        }
    }
    say("ok")
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty else { usageError("no command given") }
let command = arguments.removeFirst()
switch command {
case "write-loop": writeLoop(arguments)
case "set": set(arguments)
case "crash-loop": crashLoop(arguments)
case "disk-full": diskFull(arguments)
case "exit-without-flush": exitWithoutFlush(arguments)
case "open": openOnly(arguments)
case "terminal-self-writer": terminalSelfWriter(arguments)
case "terminal-tasks": terminalTasks(arguments)
case "terminal-geometry": terminalGeometry(arguments)
case "storage-set": storageSet(arguments)
case "model-bump": modelBump(arguments)
case "pg-failover-writer": postgresFailoverWriter(arguments)
case "pg-failover-reader": postgresFailoverReader(arguments)
case "host-session": hostSession(arguments)
case "help", "--help", "-h": say(usage)
default: usageError("unknown command '\(command)'")
}
