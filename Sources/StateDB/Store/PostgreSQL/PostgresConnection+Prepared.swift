import CLibPQ

/// Statements prepared once per session and then run by name: the server parses and analyses
/// a prepared statement once, where `execute` has it parse every time. For the statements the
/// store runs at every commit and every update (the commit's array statements, the clock read
/// of a poll), whose parsing costs more than running them.
///
/// A session's prepared statements end with it: after a reconnect (`close()` forgets them)
/// each is prepared again at its next use. One that the server no longer has although this
/// session prepared it (someone ran `DEALLOCATE` or `DISCARD ALL` on it: SQLSTATE 26000) is
/// prepared again once and run again (for a pipeline, see `pipelinedTransaction`).
extension PostgresConnection {
    /// SQLSTATE 26000: "prepared statement … does not exist".
    static let unknownPreparedStatement = "26000"

    /// Runs `sql`, prepared as `name` the first time this session runs it, with `parameters`
    /// bound to `$1`, `$2`, …. Each parameter's type comes from the SQL (`$1::text[]`), as
    /// with `execute`.
    ///
    /// Outside a transaction a statement the server had forgotten is prepared and run again;
    /// inside one the failure has aborted the transaction, so it is thrown (and the name
    /// forgotten, so the next run prepares it).
    @discardableResult
    func execute(prepared name: StaticString, _ sql: PostgresSQL, _ parameters: [PostgresParameter] = []) throws -> PostgresResult {
        do {
            return try executePrepared(name.description, sql, parameters)
        } catch let error as PostgresError where error.sqlState == Self.unknownPreparedStatement {
            preparedStatements.remove(name.description)
            guard let handle, PQtransactionStatus(handle) == PQTRANS_IDLE else { throw error }
            return try executePrepared(name.description, sql, parameters)
        }
    }

    private func executePrepared(_ name: String, _ sql: PostgresSQL, _ parameters: [PostgresParameter]) throws -> PostgresResult {
        guard let handle else { throw PostgresError(.connectionLost, message: "the connection is closed", sql: sql.text) }
        if !preparedStatements.contains(name) {
            roundTrips += 1
            statementsPrepared += 1
            _ = try check(PQprepare(handle, name, sql.text, Int32(parameters.count), nil), sql: sql.text)
            preparedStatements.insert(name)
        }
        statementsExecuted += 1
        roundTrips += 1
        let result: OpaquePointer? = Self.withParameters(parameters) { values, lengths, formats in
            PQexecPrepared(handle, name, Int32(parameters.count), values, lengths, formats, 0)
        }
        return try check(result, sql: sql.text)
    }
}
