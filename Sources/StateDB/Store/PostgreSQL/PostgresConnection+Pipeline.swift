import CLibPQ

/// Several statements sent at once and their results read afterwards: libpq's pipeline mode
/// (libpq 14 and later). A commit is one round trip to the server however many statements it
/// holds, where `execute` waits for each statement's answer before sending the next.
extension PostgresConnection {
    /// One statement of a pipeline: a literal and its `$n` parameters, and the name it is
    /// prepared under when it is one the store runs often (nil: parsed each time).
    struct Statement {
        let sql: PostgresSQL
        let parameters: [PostgresParameter]
        let name: String?

        init(_ sql: PostgresSQL, _ parameters: [PostgresParameter] = []) {
            self.sql = sql
            self.parameters = parameters
            name = nil
        }

        /// A statement prepared as `name` the first time this session sends it (in the same
        /// pipeline, before its first run: still one round trip), then run by name. The
        /// parameters' count and types must be the same at every use of a name.
        init(_ sql: PostgresSQL, _ parameters: [PostgresParameter] = [], preparedAs name: StaticString) {
            self.sql = sql
            self.parameters = parameters
            self.name = name.description
        }
    }

    /// What a pipeline sent, in order: each gives one result.
    private enum Sent {
        case prepare(String, sql: String)
        case run(Statement)
    }

    /// Runs `statements` in one transaction sent as one pipeline (`BEGIN`, the statements,
    /// `COMMIT`, then a sync) and returns their results in order. It has committed when it
    /// returns: the `COMMIT`'s answer was read.
    ///
    /// When a statement fails the server skips the rest, the `COMMIT` included, and the
    /// transaction is rolled back here: nothing was written, and the first failure is thrown.
    /// When the connection breaks it is closed (its state is unknown; the next use
    /// reconnects) and `.connectionLost` is thrown: the commit may or may not have arrived.
    ///
    /// A prepared statement the server had forgotten (SQLSTATE 26000, after a `DEALLOCATE`
    /// on the session) failed the transaction before it committed, so it is sent again once
    /// with every statement prepared anew. The session's statements are all deallocated first:
    /// which of them the server still has is not known, and preparing one of those again would
    /// fail (42P05).
    func pipelinedTransaction(_ statements: [Statement]) throws -> [PostgresResult] {
        let all = [Statement("BEGIN")] + statements + [Statement("COMMIT")]
        let results: [PostgresResult]
        do {
            results = try pipeline(all)
        } catch let error as PostgresError where error.sqlState == Self.unknownPreparedStatement {
            try execute("DEALLOCATE ALL")
            preparedStatements = []
            results = try pipeline(all)
        }
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
        var sent: [Sent] = []
        var preparing = Set<String>()
        for statement in statements {
            let queued: Int32
            if let name = statement.name {
                if !preparedStatements.contains(name) && preparing.insert(name).inserted {
                    statementsPrepared += 1
                    guard PQsendPrepare(handle, name, statement.sql.text, Int32(statement.parameters.count), nil) == 1 else {
                        throw abandon(handle, "sending a statement to prepare", sql: statement.sql.text)
                    }
                    sent.append(.prepare(name, sql: statement.sql.text))
                }
                queued = Self.withParameters(statement.parameters) { values, lengths, formats in
                    PQsendQueryPrepared(handle, name, Int32(statement.parameters.count), values, lengths, formats, 0)
                }
            } else {
                queued = Self.withParameters(statement.parameters) { values, lengths, formats in
                    PQsendQueryParams(handle, statement.sql.text, Int32(statement.parameters.count), nil, values, lengths, formats, 0)
                }
            }
            // Only a broken connection or a full memory refuses to queue a statement.
            guard queued == 1 else { throw abandon(handle, "sending a pipelined statement", sql: statement.sql.text) }
            sent.append(.run(statement))
        }
        guard PQpipelineSync(handle) == 1 else { throw abandon(handle, "sending the pipeline's sync") }

        var results: [PostgresResult] = []
        var failure: Error?
        for item in sent {
            let sql = switch item {
            case .prepare(_, let sql): sql
            case .run(let statement): statement.sql.text
            }
            // Each statement's results end with a NULL; one that the server skipped after an
            // earlier failure answers PGRES_PIPELINE_ABORTED.
            while let result = PQgetResult(handle) {
                if PQresultStatus(result) == PGRES_PIPELINE_ABORTED || failure != nil {
                    PQclear(result)
                    continue
                }
                do {
                    let checked = try check(result, sql: sql)
                    switch item {
                    // A prepared statement outlives a transaction's rollback: it is the
                    // session's from here on, whatever the rest of the pipeline does.
                    case .prepare(let name, _): preparedStatements.insert(name)
                    case .run: results.append(checked)
                    }
                } catch { failure = error }
            }
            if PQstatus(handle) != CONNECTION_OK { throw abandon(handle, "reading pipelined results", sql: sql) }
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
