import CLibPQ
import Foundation

/// libpq with nothing around it: the floor `--postgres` divides by. A connection that runs
/// statements with text parameters, and a transaction sent as one pipeline (one round trip),
/// which is the least a hand-written client waits for a durable commit.
final class BareLibPQ {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let handle: OpaquePointer

    init(url: String) throws {
        guard let handle = PQconnectdb(url) else { throw Failure(description: "libpq: out of memory") }
        guard PQstatus(handle) == CONNECTION_OK else {
            defer { PQfinish(handle) }
            throw Failure(description: "cannot connect to \(url): \(String(cString: PQerrorMessage(handle)))")
        }
        self.handle = handle
    }

    deinit { PQfinish(handle) }

    /// Runs one statement and returns its rows as text (nil for NULL).
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws -> [[String?]] {
        let result = withParameters(parameters) { values in
            PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
        }
        return try rows(of: result, sql: sql)
    }

    /// `BEGIN`, `statements`, `COMMIT` and a sync, sent at once; returns once the COMMIT's
    /// answer arrived.
    func pipelinedTransaction(_ statements: [(sql: String, parameters: [String?])]) throws {
        guard PQenterPipelineMode(handle) == 1 else { throw Failure(description: "cannot enter pipeline mode") }
        let all = [("BEGIN", [])] + statements.map { ($0.sql, $0.parameters) } + [("COMMIT", [])]
        for (sql, parameters) in all {
            let sent = withParameters(parameters) { values in
                PQsendQueryParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
            }
            guard sent == 1 else { throw Failure(description: "sending: \(String(cString: PQerrorMessage(handle)))") }
        }
        guard PQpipelineSync(handle) == 1 else { throw Failure(description: "sync: \(String(cString: PQerrorMessage(handle)))") }
        var failure: Failure?
        for (sql, _) in all {
            while let result = PQgetResult(handle) {
                let status = PQresultStatus(result)
                if failure == nil && status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK {
                    failure = Failure(description: "\(sql.prefix(60)): \(String(cString: PQresultErrorMessage(result)))")
                }
                PQclear(result)
            }
        }
        if let sync = PQgetResult(handle) { PQclear(sync) }
        guard PQexitPipelineMode(handle) == 1 else { throw Failure(description: "cannot leave pipeline mode") }
        if let failure {
            _ = try? execute("ROLLBACK")
            throw failure
        }
    }

    private func rows(of result: OpaquePointer?, sql: String) throws -> [[String?]] {
        guard let result else { throw Failure(description: "\(sql.prefix(60)): \(String(cString: PQerrorMessage(handle)))") }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw Failure(description: "\(sql.prefix(60)): \(String(cString: PQresultErrorMessage(result)))")
        }
        return (0..<PQntuples(result)).map { row in
            (0..<PQnfields(result)).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    private func withParameters<R>(_ parameters: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        guard !parameters.isEmpty else { return body(nil) }
        let copies = parameters.map { $0.flatMap { strdup($0) } }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { $0.map { UnsafePointer($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}

/// PostgreSQL's array literal of `values` (`{"a","b"}`), every element quoted and escaped.
func postgresArrayLiteral(_ values: [String?]) -> String {
    "{" + values.map { value in
        guard let value else { return "NULL" }
        return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }.joined(separator: ",") + "}"
}
