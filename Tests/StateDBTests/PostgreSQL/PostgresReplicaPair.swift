import Foundation

/// A primary and a streaming standby of its own, for failover tests: two clusters in a
/// temporary folder, reached through unix sockets only (`primary-socket/`, `standby-socket/`),
/// stopped and removed when released.
///
/// The commands are the ones docs/postgresql.md gives an operator: `initdb` for the primary,
/// `pg_basebackup -R -X stream` for the standby (which writes `standby.signal` and
/// `primary_conninfo`), the standby named by `cluster_name`, and with `synchronous` the primary
/// waits for it at every commit (`synchronous_standby_names`). As root the servers run as the
/// `postgres` user.
///
/// The primary's postmaster is its own process group (pg_ctl starts it with `setsid`), and so is
/// each server process it forks (PostgreSQL makes every child a group leader), so `crashPrimary`
/// sends SIGKILL to the postmaster's group and to every child's.
final class PostgresReplicaPair {
    let folder: String
    let synchronous: Bool
    private let bin: URL
    private let user = "postgres"
    private var primaryRunning = false
    private var standbyRunning = false

    var primarySocket: String { folder + "/primary-socket" }
    var standbySocket: String { folder + "/standby-socket" }
    private var primaryData: String { folder + "/primary" }
    private var standbyData: String { folder + "/standby" }

    /// Both servers running, the standby streaming (and, when `synchronous`, reported `sync` by
    /// the primary), and an empty database `database` on the primary.
    init(synchronous: Bool, database: String = "statedb") throws {
        guard let bin = PostgresTestServer.binaries else { throw PostgresTestServer.Failure(description: "no PostgreSQL server binaries") }
        self.bin = bin
        self.synchronous = synchronous
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("statedb-pair-\(UUID().uuidString.prefix(8))").path
        for path in [folder, primarySocket, standbySocket] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            if getuid() == 0 { _ = chown(path, PostgresTestServer.postgresUser().uid, PostgresTestServer.postgresUser().gid) }
        }
        try serverTool("initdb", ["-D", primaryData, "-A", "trust", "-U", user, "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"])
        // fsync off: a kill -9 of the server processes keeps what they wrote in the kernel's
        // page cache; what is proved is which commits reached the standby before the answer.
        try appendSettings(primaryData, [
            "listen_addresses = ''", "unix_socket_directories = '\(primarySocket)'", "fsync = off",
            "synchronous_standby_names = '\(synchronous ? "standby1" : "")'", "synchronous_commit = on",
        ])
        try start(primaryData, log: folder + "/primary.log")
        primaryRunning = true
        try serverTool("pg_basebackup", ["-h", primarySocket, "-U", user, "-D", standbyData, "-R", "-X", "stream", "--no-sync"])
        // The copy holds the primary's settings: the standby gets its own socket and name, and
        // waits for no standby of its own once promoted (it has none; its commits would hang).
        try appendSettings(standbyData, [
            "unix_socket_directories = '\(standbySocket)'", "cluster_name = 'standby1'", "synchronous_standby_names = ''",
        ])
        try start(standbyData, log: folder + "/standby.log")
        standbyRunning = true
        try waitForStreaming()
        try client("createdb", ["-h", primarySocket, "-U", user, database])
    }

    deinit {
        if primaryRunning { crashPrimary() }
        if standbyRunning { _ = try? serverTool("pg_ctl", ["-D", standbyData, "-m", "immediate", "-w", "stop"]) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A libpq URL for database `name` listing both servers, primary first, that connects
    /// only to the one that accepts writes.
    func url(_ name: String = "statedb") -> String {
        "postgresql://\(user)@/\(name)?host=\(primarySocket),\(standbySocket)&target_session_attrs=read-write"
    }

    /// SIGKILL to the primary's postmaster and every process it started, at once, as a machine
    /// or container dying would end them; returns when none is left.
    func crashPrimary() {
        guard let text = try? String(contentsOfFile: primaryData + "/postmaster.pid", encoding: .utf8),
              let postmaster = text.split(separator: "\n").first.flatMap({ pid_t($0) }) else { return }
        let children = Self.children(of: postmaster)
        _ = kill(-postmaster, SIGKILL)
        for child in children { _ = kill(-child, SIGKILL); _ = kill(child, SIGKILL) }
        primaryRunning = false
        let deadline = Date().addingTimeInterval(10)
        while ([postmaster] + children).contains(where: Self.isAlive) && Date() < deadline { usleep(10_000) }
    }

    /// `pg_ctl promote` on the standby: it leaves recovery and takes writes.
    func promoteStandby() throws {
        try serverTool("pg_ctl", ["-D", standbyData, "-w", "promote"])
    }

    /// Stops (SIGSTOP) or resumes (SIGCONT) every process of the standby: while stopped it
    /// receives no WAL, as a standby on a slow or cut link would not.
    func pauseStandby(_ paused: Bool) throws {
        let text = try String(contentsOfFile: standbyData + "/postmaster.pid", encoding: .utf8)
        guard let postmaster = text.split(separator: "\n").first.flatMap({ pid_t($0) }) else { return }
        for process in [postmaster] + Self.children(of: postmaster) { _ = kill(process, paused ? SIGSTOP : SIGCONT) }
    }

    /// SIGKILL to the standby's WAL receiver, so WAL the dead primary sent but the standby had
    /// not read (it waits in the socket's buffer while the standby is paused) never arrives,
    /// as on a link cut before it was delivered. The standby restarts its recovery from its
    /// own files.
    func dropStandbyReceiver() throws {
        let text = try String(contentsOfFile: standbyData + "/postmaster.pid", encoding: .utf8)
        guard let postmaster = text.split(separator: "\n").first.flatMap({ pid_t($0) }) else { return }
        for process in Self.children(of: postmaster) {
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(process)/cmdline"))).map { String(decoding: $0, as: UTF8.self) } ?? ""
            if command.contains("walreceiver") { _ = kill(process, SIGKILL) }
        }
    }

    /// psql on the server behind `socket`, unaligned and tuples only.
    @discardableResult
    func psql(_ socket: String, _ database: String, _ sql: String) throws -> String {
        try client("psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socket, "-U", user, "-d", database, "-c", sql])
    }

    // MARK: - Running the servers

    private func waitForStreaming() throws {
        let wanted = synchronous ? "streaming sync" : "streaming async"
        let deadline = Date().addingTimeInterval(30)
        var seen = ""
        while Date() < deadline {
            seen = try psql(primarySocket, "postgres", "SELECT state || ' ' || sync_state FROM pg_stat_replication WHERE application_name = 'standby1'")
            if seen == wanted { return }
            usleep(50_000)
        }
        throw PostgresTestServer.Failure(description: "the standby did not reach '\(wanted)' (pg_stat_replication: '\(seen)'); standby.log: \(log("standby.log"))")
    }

    private func start(_ data: String, log: String) throws {
        let status = PostgresTestServer.spawnAsServerUser(bin.appendingPathComponent("pg_ctl").path, ["-D", data, "-l", log, "-w", "start"])
        guard status == 0 else {
            throw PostgresTestServer.Failure(description: "pg_ctl start of \(data) failed (\(status)): \(self.log(URL(fileURLWithPath: log).lastPathComponent))")
        }
    }

    private func appendSettings(_ data: String, _ lines: [String]) throws {
        let file = FileHandle(forWritingAtPath: data + "/postgresql.conf")!
        defer { try? file.close() }
        try file.seekToEnd()
        try file.write(contentsOf: Data(("\n" + lines.joined(separator: "\n") + "\n").utf8))
    }

    private func log(_ name: String) -> String {
        String(((try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? "").suffix(2000))
    }

    /// A server program (initdb, pg_ctl, pg_basebackup) as the server's user.
    @discardableResult
    private func serverTool(_ program: String, _ arguments: [String]) throws -> String {
        let tool = bin.appendingPathComponent(program)
        if getuid() == 0 {
            return try PostgresTestServer.execute(URL(fileURLWithPath: "/usr/sbin/runuser"), ["-u", user, "--", tool.path] + arguments)
        }
        return try PostgresTestServer.execute(tool, arguments)
    }

    /// A client program (psql, createdb) as the current user: the sockets trust every login.
    @discardableResult
    private func client(_ program: String, _ arguments: [String]) throws -> String {
        try PostgresTestServer.execute(bin.appendingPathComponent(program), arguments)
    }

    /// The processes whose parent is `parent`, from /proc.
    private static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            // After "pid (name) ": the state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent
        }
    }

    /// Whether `pid` is a live process (a zombie counts as gone).
    private static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }
}
