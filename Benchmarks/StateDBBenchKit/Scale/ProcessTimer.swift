import Foundation

/// One run of a command as a real process: its wall time from spawn to exit, its exit status
/// and its peak resident set (`ru_maxrss` of `wait4`). Standard output and standard error go
/// to /dev/null, so what is measured is the command, not a terminal or a pipe reader.
struct ProcessRun {
    let seconds: Double
    let status: Int32
    let peakMegabytes: Double

    static func run(_ executable: String, _ arguments: [String]) throws -> ProcessRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = Stopwatch.now()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw ScaleError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw ScaleError("cannot wait for \(executable)") }
        }
        let seconds = Stopwatch.now() - start
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ProcessRun(seconds: seconds, status: exitStatus, peakMegabytes: Double(usage.ru_maxrss) / 1024)
    }
}

struct ScaleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
