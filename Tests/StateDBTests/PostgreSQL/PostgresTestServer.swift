import Foundation
import Synchronization

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

    private static let started = Mutex<Result<PostgresTestServer, Failure>?>(nil)

    /// The process's server, started on first use.
    static func shared() throws -> PostgresTestServer {
        try started.withLock { state in
            if state == nil {
                state = Result { try PostgresTestServer() }.mapError { $0 as? Failure ?? Failure(description: "\($0)") }
                if case .success = state { atexit { PostgresTestServer.stopShared() } }
            }
            return try state!.get()
        }
    }

    private static func stopShared() {
        if case .success(let server)? = started.withLock({ $0 }) { server.stop() }
    }

    private init() throws {
        if let host = ProcessInfo.processInfo.environment["STATEDB_TEST_POSTGRES_HOST"] {
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
        // fsync off: the tests prove semantics, not the disk; durability is the server's own.
        // The server inherits pg_ctl's output: sent nowhere, so reading it cannot wait for the
        // server to exit. Its messages go to server.log.
        do {
            try Self.runAsServerUser(bin.appendingPathComponent("pg_ctl"),
                                     ["-D", folder + "/data", "-o", "-k \(folder) -c listen_addresses= -c fsync=off", "-l", folder + "/server.log", "-w", "start"],
                                     capturingOutput: false)
        } catch {
            let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
            throw Failure(description: "\(error); server.log: \(log.suffix(2000))")
        }
    }

    private func stop() {
        guard let cluster, let bin = Self.binaries else { return }
        try? Self.runAsServerUser(bin.appendingPathComponent("pg_ctl"), ["-D", cluster + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: cluster)
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

    /// Runs `psql` on database `name` with `sql`, as an operator would, and returns its output
    /// (unaligned, tuples only, trimmed).
    @discardableResult
    func psql(_ name: String, _ sql: String) throws -> String {
        try run("psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", host, "-U", user, "-d", name, "-c", sql])
    }

    /// `pg_dump` of database `name`: everything in it, schema and rows, as text.
    func dump(_ name: String) throws -> String {
        try run("pg_dump", ["-h", host, "-U", user, "--no-owner", name])
    }

    /// Runs one of the client programs (as the current user: the socket trusts every login as
    /// `postgres`).
    @discardableResult
    func run(_ program: String, _ arguments: [String]) throws -> String {
        let bin = Self.binaries ?? URL(fileURLWithPath: "/usr/bin")
        return try Self.execute(bin.appendingPathComponent(program), arguments)
    }

    private static func runAsServerUser(_ executable: URL, _ arguments: [String], capturingOutput: Bool = true) throws {
        if getuid() == 0 {
            _ = try execute(URL(fileURLWithPath: "/usr/sbin/runuser"), ["-u", "postgres", "--", executable.path] + arguments, capturingOutput: capturingOutput)
        } else {
            _ = try execute(executable, arguments, capturingOutput: capturingOutput)
        }
    }

    private static func postgresUser() -> (uid: uid_t, gid: gid_t) {
        guard let entry = getpwnam("postgres") else { return (0, 0) }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    private static func execute(_ executable: URL, _ arguments: [String], capturingOutput: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = capturingOutput ? output : FileHandle.nullDevice
        process.standardError = capturingOutput ? errors : FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputData = capturingOutput ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        let errorData = capturingOutput ? errors.fileHandleForReading.readDataToEndOfFile() : Data()
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
