/// While no server takes the store's writes (a PostgreSQL server down, a failover in
/// progress): every flush keeps its batch in memory and throws, and the next one reconnects
/// and tries again. A host flushes and polls at every update, so the outage is reported once,
/// when it starts (`.databaseUnavailable`), not at every update; reads go on from memory.
extension StateStore {
    /// (databaseLock held) After a failed flush or poll: starts an outage, reporting it once,
    /// when the database says no server would take the call.
    func noteFailureLocked(of database: any StoreDatabase, _ error: Error) {
        guard database.isUnavailable else { return }
        guard !inOutage else { return }
        inOutage = true
        report(StateDiagnostic(kind: .databaseUnavailable, key: nil, message: "\(error) Writes are kept in memory and committed when a primary answers again (retried at every update and flush)."))
    }

    /// (databaseLock held) After a flush or poll that reached the database: the outage, if any,
    /// is over.
    func noteSuccessLocked() {
        inOutage = false
    }

    /// Reports a host's failed flush or poll as `kind`, unless it is part of an outage already
    /// reported.
    func reportHostFailure(_ kind: StateDiagnostic.Kind, _ message: String) {
        guard !databaseLock.withLock({ inOutage }) else { return }
        report(StateDiagnostic(kind: kind, key: nil, message: message))
    }
}
