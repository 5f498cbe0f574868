import CLibPQ

/// Several statements sent at once and their results read afterwards: libpq's pipeline mode
/// (libpq 14 and later). A commit is one round trip to the server however many statements it
/// holds, where `execute` waits for each statement's answer before sending the next.
extension PostgresConnection {
    /// One statement of a pipeline: a literal and its `$n` parameters.
    struct Statement {
        let sql: PostgresSQL
        let parameters: [PostgresParameter]

        init(_ sql: PostgresSQL, _ parameters: [PostgresParameter] = []) {
            self.sql = sql
            self.parameters = parameters
        }
    }

    /// Runs `statements` in one transaction sent as one pipeline (`BEGIN`, the statements,
    /// `COMMIT`, then a sync) and returns their results in order. It has committed when it
    /// returns: the `COMMIT`'s answer was read.
    ///
    /// When a statement fails the server skips the rest, the `COMMIT` included, and the
    /// transaction is rolled back here: nothing was written, and the first failure is thrown.
    /// When the connection breaks it is closed (its state is unknown; the next use
    /// reconnects) and `.connectionLost` is thrown: the commit may or may not have arrived.
    func pipelinedTransaction(_ statements: [Statement]) throws -> [PostgresResult] {
        let results = try pipeline([Statement("BEGIN")] + statements + [Statement("COMMIT")])
        return Array(results.dropFirst().dropLast())
    }

    /// Sends every statement, then a sync, and reads every result: one round trip.
    ///
    /// - Throws: the first statement's failure (after reading to the sync, so the connection
    ///   is ready for the next statement), rolling back a transaction the failure left open.
    private func pipeline(_ statements: [Statement]) throws -> [PostgresResult] {
        guard let handle else { throw PostgresError(.connectionLost, message: "the connection is closed") }
        guard PQenterPipelineMode(handle) == 1 else {
            throw PostgresError(isConnected ? .statement : .connectionLost, message: "cannot enter pipeline mode: " + String(cString: PQerrorMessage(handle)))
        }
        statementsExecuted += statements.count
        roundTrips += 1
        for statement in statements {
            let sent = Self.withParameters(statement.parameters) { values, lengths, formats in
                PQsendQueryParams(handle, statement.sql.text, Int32(statement.parameters.count), nil, values, lengths, formats, 0)
            }
            // Only a broken connection or a full memory refuses to queue a statement.
            guard sent == 1 else { throw abandon(handle, "sending a pipelined statement", sql: statement.sql.text) }
        }
        guard PQpipelineSync(handle) == 1 else { throw abandon(handle, "sending the pipeline's sync") }

        var results: [PostgresResult] = []
        var failure: Error?
        for statement in statements {
            // Each statement's results end with a NULL; one that the server skipped after an
            // earlier failure answers PGRES_PIPELINE_ABORTED.
            while let result = PQgetResult(handle) {
                if PQresultStatus(result) == PGRES_PIPELINE_ABORTED || failure != nil {
                    PQclear(result)
                    continue
                }
                do { results.append(try check(result, sql: statement.sql.text)) } catch { failure = error }
            }
            if PQstatus(handle) != CONNECTION_OK { throw abandon(handle, "reading pipelined results", sql: statement.sql.text) }
        }
        // Then the sync's own result.
        guard let sync = PQgetResult(handle) else { throw abandon(handle, "reading the pipeline's sync") }
        let synced = PQresultStatus(sync) == PGRES_PIPELINE_SYNC
        PQclear(sync)
        guard synced, PQexitPipelineMode(handle) == 1 else { throw abandon(handle, "leaving pipeline mode") }
        if let failure {
            if PQtransactionStatus(handle) != PQTRANS_IDLE { _ = try? execute("ROLLBACK") }
            throw failure
        }
        return results
    }

    /// Closes a connection whose pipeline went wrong part way (its protocol state is unknown)
    /// and returns the error to throw: the next use reconnects.
    private func abandon(_ handle: OpaquePointer, _ what: String, sql: String? = nil) -> PostgresError {
        let message = String(cString: PQerrorMessage(handle))
        close()
        return PostgresError(.connectionLost, message: "\(what): \(message.isEmpty ? "the connection broke" : message)", sql: sql)
    }
}
