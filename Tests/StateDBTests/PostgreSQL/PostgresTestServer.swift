import Foundation

/// A PostgreSQL server for the tests, reached through a unix socket only.
///
/// The one `.ci/run` started, when `STATEDB_TEST_POSTGRES_HOST` names its socket folder;
/// otherwise a private cluster this process makes in a temporary folder (`initdb`, then
/// `pg_ctl start` with the socket in that folder and no TCP port) on first use, and stops and
/// removes when it exits. As root the server runs as the `postgres` user, as it must.
///
/// Each test takes a fresh database of its own (`database()`), dropped when released, so the
/// tests share one server and never each other's data.
final class PostgresTestServer: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The folder of the server binaries (`/usr/lib/postgresql/15/bin`), nil when none is
    /// installed.
    static let binaries: URL? = {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap(Int.init).sorted(by: >)
        for version in versions {
            let bin = URL(fileURLWithPath: "\(root)/\(version)/bin")
            if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path) { return bin }
        }
        return nil
    }()

    /// Whether the tests can have a server: the CI's, or binaries to start one.
    static var isAvailable: Bool {
        let available = ProcessInfo.processInfo.environment["STATEDB_TEST_POSTGRES_HOST"] != nil || binaries != nil
        if !available {
            print("PostgreSQL tests skipped: no server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql) and no STATEDB_TEST_POSTGRES_HOST.")
        }
        return available
    }

    /// The socket folder.
    let host: String
    let user = "postgres"
    /// The private cluster's folder, nil for the CI's server.
    private let cluster: String?

    /// Guards `started`. An NSLock, which the thread sanitizer understands (it reported the
    /// accesses under a `Mutex` as races).
    private static let startLock = NSLock()
    /// (startLock) The process's server, once started or failed.
    nonisolated(unsafe) private static var started: Result<PostgresTestServer, Failure>?

    /// The process's server, started on first use.
    static func shared() throws -> PostgresTestServer {
        try startLock.withLock {
            if started == nil {
                started = Result { try PostgresTestServer() }.mapError { $0 as? Failure ?? Failure(description: "\($0)") }
                if case .success = started { atexit { PostgresTestServer.stopShared() } }
            }
            return try started!.get()
        }
    }

    private static func stopShared() {
        if case .success(let server)? = startLock.withLock({ started }) { server.stop() }
    }

    /// The CI's server, or a private cluster; with `ownCluster`, always a private cluster (a
    /// test that stops and starts its server).
    init(ownCluster: Bool = false) throws {
        if !ownCluster, let host = ProcessInfo.processInfo.environment["STATEDB_TEST_POSTGRES_HOST"] {
            self.host = host
            cluster = nil
            return
        }
        guard let bin = Self.binaries else { throw Failure(description: "no PostgreSQL server binaries") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statedb-pg-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if getuid() == 0 {
            guard chown(folder, Self.postgresUser().uid, Self.postgresUser().gid) == 0 else {
                throw Failure(description: "cannot give \(folder) to the postgres user")
            }
        }
        host = folder
        cluster = folder
        try Self.runAsServerUser(bin.appendingPathComponent("initdb"),
                                 ["-D", folder + "/data", "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"])
        try start()
    }

    /// Starts the private cluster's server (again, after `stopServer()`).
    func start() throws {
        guard let folder = cluster, let bin = Self.binaries else { return }
        // fsync off: the tests prove semantics, not the disk; durability is the server's own.
        // Started with posix_spawn rather than Process: Foundation tells that a child ended by a
        // socket the child inherits, and the server pg_ctl leaves running would inherit it too,
        // so Process would wait for the server to exit. Its messages go to server.log.
        let status = Self.spawnAsServerUser(bin.appendingPathComponent("pg_ctl").path,
                                            ["-D", folder + "/data", "-o", "-k \(folder) -c listen_addresses= -c fsync=off",
                                             "-l", folder + "/server.log", "-w", "start"])
        guard status == 0 else {
            let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
            throw Failure(description: "pg_ctl start failed (\(status)); server.log: \(log.suffix(2000))")
        }
    }

    /// Stops the private cluster's server and removes its folder.
    func stop() {
        stopServer()
        if let cluster { try? FileManager.default.removeItem(atPath: cluster) }
    }

    /// Stops the private cluster's server at once (`-m immediate`: as if it died), keeping its
    /// data for `start()`.
    func stopServer() {
        guard let cluster, let bin = Self.binaries else { return }
        _ = Self.spawnAsServerUser(bin.appendingPathComponent("pg_ctl").path, ["-D", cluster + "/data", "-m", "immediate", "-w", "stop"])
    }

    /// The URL of database `name` on this server.
    func url(_ name: String) -> String {
        "postgresql://\(user)@/\(name)?host=\(host)"
    }

    /// A new empty database, dropped when the returned value is released.
    func database() throws -> PostgresTestDatabase {
        let name = "statedb_test_\(UUID().uuidString.prefix(8).lowercased())"
        try run("createdb", ["-h", host, "-U", user, name])
        return PostgresTestDatabase(server: self, name: name)
    }

    /// A new empty database in `encoding` (C locale, which every encoding allows), dropped
    /// when the returned value is released.
    func database(encoding: String) throws -> PostgresTestDatabase {
        let name = "statedb_test_\(encoding.lowercased())_\(UUID().uuidString.prefix(8).lowercased())"
        try psql("postgres", "CREATE DATABASE \(name) ENCODING '\(encoding)' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
        return PostgresTestDatabase(server: self, name: name)
    }

    /// Runs `psql` on database `name` with `sql`, as an operator would, and returns its output
    /// (unaligned, tuples only, trimmed).
    @discardableResult
    func psql(_ name: String, _ sql: String) throws -> String {
        try run("psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", host, "-U", user, "-d", name, "-c", sql])
    }

    /// `pg_dump` of database `name`: everything in it, schema and rows, as text. Without the
    /// `\restrict` and `\unrestrict` lines, whose key pg_dump makes new at every run.
    func dump(_ name: String) throws -> String {
        try run("pg_dump", ["-h", host, "-U", user, "--no-owner", name])
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("\\restrict ") && !$0.hasPrefix("\\unrestrict ") }
            .joined(separator: "\n")
    }

    /// Runs one of the client programs (as the current user: the socket trusts every login as
    /// `postgres`).
    @discardableResult
    func run(_ program: String, _ arguments: [String]) throws -> String {
        let bin = Self.binaries ?? URL(fileURLWithPath: "/usr/bin")
        return try Self.execute(bin.appendingPathComponent(program), arguments)
    }

    static func runAsServerUser(_ executable: URL, _ arguments: [String]) throws {
        if getuid() == 0 {
            _ = try execute(URL(fileURLWithPath: "/usr/sbin/runuser"), ["-u", "postgres", "--", executable.path] + arguments)
        } else {
            _ = try execute(executable, arguments)
        }
    }

    /// Runs `path` (as the postgres user when root) with its output sent to /dev/null, waits
    /// for it, and returns its exit status.
    static func spawnAsServerUser(_ path: String, _ arguments: [String]) -> Int32 {
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
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, copies + [nil], environ)
        guard spawned == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }

    static func postgresUser() -> (uid: uid_t, gid: gid_t) {
        guard let entry = getpwnam("postgres") else { return (0, 0) }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    static func execute(_ executable: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(String(decoding: errorData, as: UTF8.self))")
        }
        return String(decoding: outputData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A test's own database on the test server, dropped when released.
final class PostgresTestDatabase: Sendable {
    let server: PostgresTestServer
    let name: String

    init(server: PostgresTestServer, name: String) {
        self.server = server
        self.name = name
    }

    deinit { _ = try? server.run("dropdb", ["-h", server.host, "-U", server.user, "--force", name]) }

    var url: String { server.url(name) }

    @discardableResult
    func psql(_ sql: String) throws -> String { try server.psql(name, sql) }

    func dump() throws -> String { try server.dump(name) }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np(actions, 3)` (glibc 2.34+, which Swift's
/// Glibc module does not import): found with `dlsym`, and skipped on a libc without it.
private func closeFrom3(_ actions: inout posix_spawn_file_actions_t) -> Int32 {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return -1 }
    return unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
}
