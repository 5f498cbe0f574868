// The failover test's two processes (Tests/StateDBTests/PostgreSQL/PostgresFailoverTests.swift):
// one that writes and flushes through a multi-host URL while the primary dies, and one that
// connects afterwards and lists what it finds. Both through the public API only.
import Foundation
import StateDB

/// `pg-failover-writer URL`: flush after flush, writes the Int N to the slot "Failover/vN"
/// (N = 1, 2, …) and prints "ack N" once the flush of N returned. A flush that fails (no
/// primary answers; the store keeps the write in memory) is printed as "waiting KIND" once per
/// outage and tried again every 50 ms, until a primary takes it. Runs until killed.
func postgresFailoverWriter(_ arguments: [String]) {
    guard arguments.count == 1 else { usageError("pg-failover-writer takes one URL") }
    let store: StateStore
    do { store = try StateStore(url: arguments[0]) } catch { fail("\(error)") }
    var value = 1
    var waiting = false
    while true {
        do {
            try store.binding(for: "Failover/v\(value)", default: 0).wrappedValue = value
            while true {
                do {
                    try store.flush()
                    break
                } catch let error as StateStoreError {
                    if !waiting { say("waiting \(error.kind)") }
                    waiting = true
                    usleep(50_000)
                }
            }
            say("ack \(value)")
            value += 1
            waiting = false
        } catch {
            fail("\(error)")
        }
    }
}

/// `pg-failover-reader URL UP_TO`: connects, and prints "found N1,N2,…": every N up to UP_TO
/// whose slot "Failover/vN" holds N, ascending.
func postgresFailoverReader(_ arguments: [String]) {
    guard arguments.count == 2, let upTo = Int(arguments[1]) else { usageError("pg-failover-reader takes URL UP_TO") }
    do {
        let store = try StateStore(url: arguments[0])
        let found = try (1...max(1, upTo)).filter { try store.binding(for: "Failover/v\($0)", default: 0).wrappedValue == $0 }
        say("found " + found.map(String.init).joined(separator: ","))
        store.close()
    } catch {
        fail("\(error)")
    }
}
