/// Something a running app should know about but that did not stop it: a value set aside in
/// quarantine, a duplicate identity, a write through a binding whose slot has ended.
///
/// Each store reports through its `diagnosticHandler`; the default prints `description` as
/// one line on standard error.
public struct StateDiagnostic: Sendable, CustomStringConvertible, Equatable {
    /// What happened.
    public enum Kind: String, Sendable, Equatable {
        /// A stored value did not decode as the declared type; it was moved to quarantine and
        /// the slot started from its initial value.
        case quarantined
        /// Two sibling views produced the same identity; the later one got a distinct key.
        case duplicateIdentity
        /// A write through a binding to a slot whose view has left the tree was dropped.
        case writeAfterEnd
        /// A slot was asked for with a type other than the one it already has in this process.
        case typeConflict
        /// Committing to SQLite failed; the writes stay in memory for the next flush.
        case flushFailed
        /// No server of a PostgreSQL store's URL takes writes: it is down or unreachable, or the
        /// one reached is a standby while a failover is in progress. The writes stay in memory;
        /// every flush (each `ViewHost.update()`) reconnects, through every host of the URL, and
        /// commits them once a primary answers. Reported once per outage, when it starts.
        case databaseUnavailable
        /// A value changed by another process could not be read.
        case externalChange
        /// A view's slot took over the value an earlier build stored under another key (the
        /// key is the new one, the message names the old one); the old row was removed.
        case stateAdopted
        /// A view's slot found no row of its own, and stored rows of an earlier build could
        /// hold its state but none was carried over (several match, or carrying over is off).
        /// The key is the new slot's; the message names the candidates.
        case stateOrphaned
        /// A view's `body` changed a slot while it was being evaluated (a body should only read
        /// state; change it in an action instead). The write is kept; it never re-runs the view
        /// that made it, when that view read the slot, and a chain of such writes through other
        /// views stops after a few updates, so the host settles instead of updating forever.
        /// Reported once per slot; the message names the view.
        case writeDuringBody
        /// The root view has the name of a namespace of keys the app names (`AppStorage`,
        /// `SceneStorage`), so its slots and those keys can share rows. The key is the name.
        case reservedIdentity
        /// A view's `@State` or `@NonState` holds a type that is not `Codable` (a `Task`, a
        /// closure, a model class): the value is kept in memory per identity (it survives
        /// re-evaluation and re-creation of the view, not a restart) and never stored.
        /// Reported once per slot; the key is the slot's. Also reported, once per identity
        /// (the key), for a `ForEach` whose ids name objects (`ObjectIdentifier`, the default
        /// id of an `Identifiable` class): its rows' state is stored under keys no later run
        /// builds, so it does not survive a restart either.
        case notPersisted
    }

    /// What happened.
    public let kind: Kind
    /// The slot or identity concerned, when there is one.
    public let key: String?
    /// What happened and what to do, for a person.
    public let message: String

    public init(kind: Kind, key: String?, message: String) {
        self.kind = kind
        self.key = key
        self.message = message
    }

    public var description: String {
        "statedb: \(kind.rawValue)\(key.map { " \($0)" } ?? ""): \(message)"
    }
}
