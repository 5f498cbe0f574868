import Foundation
import StateDBBenchKit

// statedb-bench: the store and the view graph against the SQLite floor and UserDefaults.
// See BENCHMARKS.md. Progress goes to standard error; the table and the summary line (always
// last) to standard output.

// `--scale-build PATH SLOTS`: what `--scale` runs to build a store in a process of its own.
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--scale-build", let slots = Int(CommandLine.arguments[3]) {
    do {
        _ = try ScaleStore.build(slots: slots, at: CommandLine.arguments[2])
    } catch {
        FileHandle.standardError.write(Data("statedb-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

let usage = """
    usage: swift run -c release statedb-bench [--quick | --smoke] [--svg FILE]
           swift run -c release statedb-bench --profile SCENARIO [--quick]

      (no flag)   full run: the sizes the targets are defined on (several minutes)
      --quick     the same sizes, fewer rounds (under 2 minutes on 2 cores)
      --smoke     tiny sizes, one round: proves it runs; the numbers mean nothing
      --svg FILE  also write the update-scaling chart to FILE
      --scale-app the app at scale: open a 10,000- and a 1,000,000-slot store and mount
                  1,000 rows, each launch a process of its own (with --smoke: tiny sizes)
      --profile SCENARIO
                  run only statedb's side of one scenario, for a profiler; SCENARIO is one
                  of \(ProfileRun.scenarios.joined(separator: ", "))
      --compare SCENARIO
                  measure one scenario's ratio alone (both sides, interleaved rounds)
      --postgres [URL] [--smoke]
                  the store on PostgreSQL (StateStore(url:)) against the same UPSERTs run
                  bare through libpq: flush, update and hydrate; on the server URL names
                  (a database it may CREATE DATABASE from), else on a private cluster it
                  starts in a temporary folder
      --scale [--smoke] [--statedb PATH] [--svg FILE]
                  the statedb command line tool on 10,000- and 1,000,000-slot stores, as
                  processes of PATH (default: statedb beside this executable) beside the
                  sqlite3 shell; --svg writes the chart of time against store size; then
                  the app lines of --scale-app
    """

/// Issue 17's app lines: 10,000 and 1,000,000 slots (smoke: 200 and 2,000), each launch a
/// child process of this executable.
@MainActor
func measureAppAtScale(smoke: Bool) throws -> AppScaleScenario.Result {
    let scratch = FileManager.default.temporaryDirectory.path + "/statedb-bench-app-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    return try AppScaleScenario.measure(
        folder: scratch, smallSlots: smoke ? 200 : 10_000, largeSlots: smoke ? 2_000 : 1_000_000,
        mountedRows: smoke ? 50 : 1_000, rounds: smoke ? 1 : 5, executable: executable) { message in
        FileHandle.standardError.write(Data("statedb-bench: \(message)\n".utf8))
    }
}

// The app lines' children (AppScaleScenario): build a store, or launch on one and report
// "SECONDS PEAK_MB" as the last line.
if CommandLine.arguments.count == 4, ["--app-build", "--app-launch"].contains(CommandLine.arguments[1]),
   let count = Int(CommandLine.arguments[3]) {
    do {
        if CommandLine.arguments[1] == "--app-build" {
            try AppScaleScenario.build(path: CommandLine.arguments[2], slots: count)
            print("0 \(peakResidentMegabytes() ?? 0)")
        } else {
            let seconds = try AppScaleScenario.launch(path: CommandLine.arguments[2], rows: count)
            print("\(seconds) \(peakResidentMegabytes() ?? 0)")
        }
    } catch {
        FileHandle.standardError.write(Data("statedb-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

var configuration = BenchConfiguration.full
var svgPath: String?
var profileScenario: String?
var compareScenario: String?
var scale = false
var postgres = false
var postgresURL: String?
var statedbPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick": configuration = .quick
    case "--smoke": configuration = .smoke
    case "--full": configuration = .full
    case "--svg":
        guard let path = arguments.popFirst() else {
            FileHandle.standardError.write(Data("statedb-bench: --svg needs a file name, as in --svg docs/bench-update-scaling.svg\n".utf8))
            exit(2)
        }
        svgPath = path
    case "--profile":
        guard let scenario = arguments.popFirst(), ProfileRun.scenarios.contains(scenario) else {
            FileHandle.standardError.write(Data("statedb-bench: --profile needs one of \(ProfileRun.scenarios.joined(separator: ", "))\n".utf8))
            exit(2)
        }
        profileScenario = scenario
    case "--compare":
        guard let scenario = arguments.popFirst(), ProfileRun.scenarios.contains(scenario) else {
            FileHandle.standardError.write(Data("statedb-bench: --compare needs one of \(ProfileRun.scenarios.joined(separator: ", "))\n".utf8))
            exit(2)
        }
        compareScenario = scenario
    case "--scale": scale = true
    case "--postgres":
        if let next = arguments.first, next.hasPrefix("postgres") { postgresURL = arguments.popFirst() }
        postgres = true
    case "--statedb":
        guard let path = arguments.popFirst() else {
            FileHandle.standardError.write(Data("statedb-bench: --statedb needs the path of the statedb executable\n".utf8))
            exit(2)
        }
        statedbPath = path
    case "--scale-app":
        do {
            let result = try measureAppAtScale(smoke: CommandLine.arguments.contains("--smoke"))
            for line in result.lines { print(line) }
            print("app: " + result.summaryFields)
        } catch {
            FileHandle.standardError.write(Data("statedb-bench: \(error)\n".utf8))
            exit(1)
        }
        exit(0)
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("statedb-bench: unknown argument '\(argument)'\n\(usage)\n".utf8))
        exit(2)
    }
}

if scale {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let beside = executable.deletingLastPathComponent().appendingPathComponent("statedb").path
    let run = ScaleRun(configuration: configuration.mode == "smoke" ? .smoke : .full, statedb: statedbPath ?? beside,
                       builder: (executable.path, ["--scale-build"])) { message in
        FileHandle.standardError.write(Data("statedb-bench: \(message)\n".utf8))
    }
    do {
        let results = try run.run()
        if let svgPath {
            try ScaleChart.svg(results).write(toFile: svgPath, atomically: true, encoding: .utf8)
            FileHandle.standardError.write(Data("statedb-bench: wrote \(svgPath)\n".utf8))
        }
        // The app's lines (opening a big store and mounting a part of it) beside the CLI's.
        let app = try measureAppAtScale(smoke: configuration.mode == "smoke")
        print(results.table)
        for line in app.lines { print(line) }
        print(results.summaryLine + " " + app.summaryFields)
    } catch {
        FileHandle.standardError.write(Data("statedb-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

if postgres {
    do {
        let result = try PostgresBench.run(url: postgresURL, smoke: configuration.mode == "smoke") { message in
            FileHandle.standardError.write(Data("statedb-bench: \(message)\n".utf8))
        }
        for line in result.lines { print(line) }
        print(result.summaryLine)
    } catch {
        FileHandle.standardError.write(Data("statedb-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

if let compareScenario {
    do {
        print(try ProfileRun.compare(compareScenario, configuration: configuration))
    } catch {
        FileHandle.standardError.write(Data("statedb-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

if let profileScenario {
    do {
        try ProfileRun.run(profileScenario, configuration: configuration)
    } catch {
        FileHandle.standardError.write(Data("statedb-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

let runner = BenchRunner(configuration: configuration) { message in
    FileHandle.standardError.write(Data("statedb-bench: \(message)\n".utf8))
}
do {
    let results = try runner.run()
    if let svgPath {
        try ScalingChart.svg(results).write(toFile: svgPath, atomically: true, encoding: .utf8)
        FileHandle.standardError.write(Data("statedb-bench: wrote \(svgPath)\n".utf8))
    }
    print(ResultTable.render(results))
    print(results.summaryLine)
} catch {
    FileHandle.standardError.write(Data("statedb-bench: \(error)\n".utf8))
    exit(1)
}
