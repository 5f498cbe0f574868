import Foundation
import StateDB

/// `statedb-bench --postgres [URL]`: the store on PostgreSQL against the same UPSERTs run bare
/// through libpq on the same server (BENCHMARKS.md, "Stores on PostgreSQL").
///
/// - `pg_flush_vs_libpq`: 10 binding writes and `flush()`, ÷ one transaction with the store's
///   UPSERT of the same 10 rows (one statement over arrays), sent as one pipeline.
/// - `pg_update_vs_libpq`: a button's action writes a view's `@State` and the `update()` after
///   it commits (`ViewHost`), ÷ the same UPSERT of one row.
/// - `pg_hydrate_vs_libpq`: `StateStore(url:)` and mounting 10,000 rows of two slots each
///   (20,000 rows read), ÷ connecting and `SELECT key, encoding, value` of the 20,000 rows into
///   a dictionary.
///
/// The floor's rows go to a database of their own, with statedb's schema (the same table,
/// indexes and triggers, which statedb's writes and the floor's both keep from running); what
/// the store adds is its clock row, its notification and everything above libpq.
@MainActor
public enum PostgresBench {
    public struct Result {
        public let lines: [String]
        public let summaryLine: String
    }

    /// The UPSERT both sides run: statedb's own statement (Store/PostgreSQL/
    /// PostgresStoreDatabase+Commit.swift) with the tick given as a parameter.
    nonisolated static let upsert = """
        INSERT INTO slots (key, identity, property, type, encoding, value, blob, created_at, updated_at, seen_at, version)
        SELECT w.key, w.identity, w.property, w.type, w.encoding, w.value, w.blob, $8::bigint, $8::bigint, $8::bigint, $9::bigint
        FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bytea[])
            AS w (key, identity, property, type, encoding, value, blob)
        ON CONFLICT (key) DO UPDATE SET type = EXCLUDED.type, encoding = EXCLUDED.encoding,
            value = EXCLUDED.value, blob = EXCLUDED.blob, updated_at = EXCLUDED.updated_at,
            seen_at = EXCLUDED.seen_at, version = EXCLUDED.version
        """

    public static func run(url: String?, smoke: Bool, log: (String) -> Void) throws -> Result {
        let server = try BenchPostgresServer(url: url)
        defer { server.stop() }
        log(url == nil ? "PostgreSQL: a private cluster in a temporary folder (fsync on)" : "PostgreSQL: \(url!)")
        let rounds = smoke ? 5 : 300
        let hydrateRows = smoke ? 200 : 10_000
        let hydrateRounds = smoke ? 1 : 9

        log("flush: 10 writes + flush(), \(rounds) rounds")
        let flush = try measureFlush(server, rounds: rounds)
        log("update: a button's write + update(), \(rounds) rounds")
        let update = try measureUpdate(server, rounds: rounds)
        log("hydrate: open + mount \(hydrateRows) rows × 2 slots, \(hydrateRounds) rounds")
        let hydrate = try measureHydrate(server, rows: hydrateRows, rounds: hydrateRounds)

        let header = "measurement (PostgreSQL, medians; floor = the same UPSERTs through libpq)   statedb     floor  ratio  target"
        let lines = [
            "statedb-bench, postgres mode: medians of interleaved rounds; floor = libpq, one pipelined transaction",
            header, String(repeating: "-", count: header.count),
            row("flush: 10 writes + flush()", flush, target: "≤ 1.3"),
            row("update: button write + update(), 1 slot", update, target: "≤ 1.3"),
            row("hydrate: open + mount \(hydrateRows) rows × 2 slots", hydrate, target: "info"),
        ]
        let summary = "summary: pg_flush_vs_libpq=\(format(flush.ratio)) pg_update_vs_libpq=\(format(update.ratio)) pg_hydrate_vs_libpq=\(format(hydrate.ratio)) pg_flush_ms=\(format(flush.subjectMedian * 1000)) pg_update_ms=\(format(update.subjectMedian * 1000)) pg_hydrate_ms=\(format(hydrate.subjectMedian * 1000))"
        return Result(lines: lines, summaryLine: summary)
    }

    // MARK: - Scenarios

    private static func measureFlush(_ server: BenchPostgresServer, rounds: Int) throws -> Comparison {
        let store = try StateStore(url: try server.database("flush"))
        defer { store.close() }
        let slots = try (0..<10).map { try store.binding(for: "Bench/slot\($0)", default: 0) }
        try store.flush()
        let floor = try Floor(server.database("flush_floor"))
        var value = 0
        return try Comparison.measure(rounds: rounds, warmup: 5, subject: {
            value += 1
            return try Stopwatch.time {
                for slot in slots { slot.wrappedValue = value }
                try store.flush()
            }
        }, baseline: {
            value += 1
            let rows = (0..<10).map { Floor.Row(key: "Bench/slot\($0)", value: value) }
            return try Stopwatch.time { try floor.commit(rows) }
        })
    }

    private static func measureUpdate(_ server: BenchPostgresServer, rounds: Int) throws -> Comparison {
        let store = try StateStore(url: try server.database("update"))
        defer { store.close() }
        let host = ViewHost(root: CounterView(), store: store)
        try store.flush()
        let floor = try Floor(server.database("update_floor"))
        var value = 0
        return try Comparison.measure(rounds: rounds, warmup: 5, subject: {
            try Stopwatch.time { try host.button("bump").tap() }
        }, baseline: {
            value += 1
            let row = Floor.Row(key: "CounterView/count", value: value)
            return try Stopwatch.time { try floor.commit([row]) }
        })
    }

    private static func measureHydrate(_ server: BenchPostgresServer, rows: Int, rounds: Int) throws -> Comparison {
        let url = try server.database("hydrate")
        let seeded = try StateStore(url: url)
        _ = ViewHost(root: HydrateRoot(rows: rows, seed: true), store: seeded)
        try seeded.flush()
        seeded.close()
        return try Comparison.measure(rounds: rounds, subject: {
            var host: ViewHost?
            let seconds = try Stopwatch.time {
                let store = try StateStore(url: url)
                host = ViewHost(root: HydrateRoot(rows: rows, seed: false), store: store)
                try store.flush()
            }
            host!.store.close()
            return seconds
        }, baseline: {
            var values: [String: String] = [:]
            let seconds = try Stopwatch.time {
                let connection = try BareLibPQ(url: url)
                for row in try connection.execute("SELECT key, encoding, value FROM slots") {
                    values[row[0] ?? ""] = row[2]
                }
            }
            precondition(values.count == rows * 2, "the floor read every row")
            return seconds
        })
    }

    // MARK: - Report

    private static func row(_ name: String, _ comparison: Comparison, target: String) -> String {
        name.padding(toLength: 52, withPad: " ", startingAt: 0)
            + milliseconds(comparison.subjectMedian).leftPadded(10) + milliseconds(comparison.baselineMedian).leftPadded(10)
            + format(comparison.ratio).leftPadded(7) + target.leftPadded(8)
    }

    private static func milliseconds(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }
    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    /// The floor: a database with statedb's schema (made by opening a store on it) that the
    /// UPSERT writes to through bare libpq, one pipelined transaction per commit.
    final class Floor {
        struct Row {
            let key: String
            let value: Int
        }

        private let connection: BareLibPQ
        private var version: Int64 = 1_000_000

        init(_ url: String) throws {
            try StateStore(url: url).close()
            connection = try BareLibPQ(url: url)
        }

        func commit(_ rows: [Row]) throws {
            version += 1
            let identities = rows.map { String($0.key.split(separator: "/").dropLast().joined(separator: "/")) }
            let properties = rows.map { String($0.key.split(separator: "/").last ?? "") }
            try connection.pipelinedTransaction([(PostgresBench.upsert, [
                postgresArrayLiteral(rows.map(\.key)), postgresArrayLiteral(identities), postgresArrayLiteral(properties),
                postgresArrayLiteral(rows.map { _ in "Swift.Int" }), postgresArrayLiteral(rows.map { _ in "integer" }),
                postgresArrayLiteral(rows.map { String($0.value) }), postgresArrayLiteral(rows.map { _ in nil }),
                String(Int64(Date().timeIntervalSince1970 * 1000)), String(version),
            ])])
        }
    }
}

/// A counter whose button writes its `@State`: the update bench's view.
struct CounterView: View {
    @State var count = 0

    var body: some View {
        VStack {
            Text("count: \(count)")
            Button("bump") { count += 1 }
        }
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
