import Foundation

/// The server `--postgres` measures on: the one a URL names, or a private cluster it starts
/// (`initdb` in a temporary folder, `pg_ctl start` with the socket in that folder and no TCP
/// port, the server's default durability: `fsync` and `synchronous_commit` on), stopped and
/// removed at the end. As root the cluster runs as the `postgres` user.
///
/// Each measurement gets databases of its own, made with `CREATE DATABASE` through the given
/// URL's database and dropped afterwards, so a URL may name a server in use.
final class BenchPostgresServer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The URL of the maintenance database (`postgres` on a private cluster).
    let url: String
    private let cluster: String?
    private let bin: String?
    private var created: [String] = []

    init(url: String?) throws {
        if let url {
            self.url = url
            cluster = nil
            bin = nil
            return
        }
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted(by: >)
        guard let version = versions.first(where: { FileManager.default.isExecutableFile(atPath: "\(root)/\($0)/bin/initdb") }) else {
            throw Failure(description: "no PostgreSQL server binaries in \(root)/*/bin: install postgresql, or give a server with --postgres URL")
        }
        let bin = "\(root)/\(version)/bin"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statedb-bench-pg-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if getuid() == 0, let user = getpwnam("postgres") { _ = chown(folder, user.pointee.pw_uid, user.pointee.pw_gid) }
        self.bin = bin
        cluster = folder
        self.url = "postgresql://postgres@/postgres?host=\(folder)"
        guard Self.spawn("\(bin)/initdb", ["-D", folder + "/data", "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8"]) == 0,
              Self.spawn("\(bin)/pg_ctl", ["-D", folder + "/data", "-o", "-k \(folder) -c listen_addresses=", "-l", folder + "/server.log", "-w", "start"]) == 0
        else {
            try? FileManager.default.removeItem(atPath: folder)
            throw Failure(description: "could not start a PostgreSQL cluster in \(folder)")
        }
    }

    /// Drops the databases made, and stops and removes a private cluster.
    func stop() {
        if let connection = try? BareLibPQ(url: url) {
            for name in created { _ = try? connection.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        }
        created = []
        guard let cluster, let bin else { return }
        _ = Self.spawn("\(bin)/pg_ctl", ["-D", cluster + "/data", "-m", "fast", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: cluster)
    }

    /// A new empty database, and its URL (the maintenance URL with its database replaced).
    func database(_ purpose: String) throws -> String {
        let name = "statedb_bench_\(getpid())_\(purpose)"
        let connection = try BareLibPQ(url: url)
        try connection.execute("CREATE DATABASE \(name)")
        created.append(name)
        return Self.url(url, database: name)
    }

    /// `url` with its database name replaced by `name`: the path after the host list.
    static func url(_ url: String, database name: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let query = rest.firstIndex(of: "?") ?? rest.endIndex
        let slash = rest[..<query].firstIndex(of: "/") ?? query
        return String(url[..<slash]) + "/" + name + String(url[query...])
    }

    /// Runs a server program (as the postgres user when root) with its output sent to
    /// /dev/null, and returns its exit status. posix_spawn rather than Process: the server
    /// pg_ctl leaves running inherits the descriptors Process would wait on.
    private static func spawn(_ path: String, _ arguments: [String]) -> Int32 {
        let argv = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", path] + arguments : [path] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // Nothing else inherited: the server pg_ctl leaves running would otherwise keep open
        // whatever the process had open at that moment — another test's pipe to a child, whose
        // reader then never sees its end and waits for ever.
        _ = closeFrom3(&actions)
        let copies = argv.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, copies + [nil], environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np(actions, 3)` (glibc 2.34+, which Swift's
/// Glibc module does not import): found with `dlsym`, and skipped on a libc without it.
private func closeFrom3(_ actions: inout posix_spawn_file_actions_t) -> Int32 {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return -1 }
    return unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
}
