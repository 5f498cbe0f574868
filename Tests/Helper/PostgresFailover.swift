// The failover test's two processes (Tests/StateDBTests/PostgreSQL/PostgresFailoverTests.swift):
// one that writes and flushes through a multi-host URL while the primary dies, and one that
// connects afterwards and lists what it finds.
import Foundation
@testable import StateDB

/// `pg-failover-writer URL`: flush after flush, writes the Int N to the slot "Failover/vN"
/// (N = 1, 2, …) and prints "ack N" once the flush of N returned. A flush that fails (no
/// primary answers) is printed as "waiting KIND" once per outage and tried again every 50 ms
/// with the same value, until a primary takes it. Runs until killed.
func postgresFailoverWriter(_ arguments: [String]) {
    guard arguments.count == 1 else { usageError("pg-failover-writer takes one URL") }
    let database: PostgresStoreDatabase
    do { database = try PostgresStoreDatabase(url: arguments[0]) } catch { fail("\(error)") }
    var value: Int64 = 1
    var waiting = false
    while true {
        let key = "Failover/v\(value)"
        do {
            _ = try database.commit(StoreCommit(writes: [.init(slotKey: SlotKey(key), key: key, type: "Swift.Int", value: .integer(value), rowExists: false)]))
            say("ack \(value)")
            value += 1
            waiting = false
        } catch let error as StateStoreError {
            if !waiting { say("waiting \(error.kind)") }
            waiting = true
            usleep(50_000)
        } catch {
            fail("\(error)")
        }
    }
}

/// `pg-failover-reader URL`: connects, and prints "found N1,N2,…" (every N whose "Failover/vN"
/// holds N, ascending) and "server DIRECTORY" (the data directory it reached).
func postgresFailoverReader(_ arguments: [String]) {
    guard arguments.count == 1 else { usageError("pg-failover-reader takes one URL") }
    do {
        let database = try PostgresStoreDatabase(url: arguments[0])
        let rows = try database.loadAllRows().rows
        let found = rows.compactMap { row -> Int64? in
            guard case .integer(let value)? = try? row.value.get(), row.key == "Failover/v\(value)" else { return nil }
            return value
        }.sorted()
        say("found " + found.map(String.init).joined(separator: ","))
        let directory = try database.connection.execute("SELECT current_setting('data_directory')").string(0, 0) ?? "?"
        say("server \(directory)")
        database.close()
    } catch {
        fail("\(error)")
    }
}
