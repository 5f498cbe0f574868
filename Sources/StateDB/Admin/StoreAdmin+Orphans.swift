/// What `statedb orphans` reports: the orphans, each with where its state most likely went, and
/// the moves the app made itself.
@_spi(Admin) public struct OrphanReport: Sendable {
    public struct Orphan: Sendable {
        public let slot: AdminSlot
        /// The rows its view may have moved to; nil when there are none (or the app named the
        /// key itself, with `binding(for:)`: such rows never move).
        public let move: MoveCandidates?
    }

    /// Sorted by key.
    public let orphans: [Orphan]
    /// Newest first.
    public let adoptions: [RecordedAdoption]
}

/// The rows that are not orphans and share an orphan's `MoveMatchKey`: where its view may have
/// moved to in a later build.
@_spi(Admin) public struct MoveCandidates: Sendable {
    public enum Match: String, Sendable {
        /// Same root, same views by name and id or number, same property and stored type
        /// (containers and branches left out): the match the app itself carries state over on.
        case likely
        /// A key of the first round (block positions, `[3]`), compared with the views' places
        /// among their siblings left out on both sides: weaker.
        case maybe
    }

    /// At most this many candidate keys are kept per orphan (`count` says how many matched).
    public static let keptKeys = 10

    public let match: Match
    /// The matching keys, sorted; the first `keptKeys` of them.
    public let keys: [String]
    /// How many rows matched.
    public let count: Int

    /// The new key when exactly one row matched.
    public var target: String? { count == 1 ? keys.first : nil }
}

/// A value the app carried over to a new key (`statedb_adoptions`).
@_spi(Admin) public struct RecordedAdoption: Sendable {
    /// The slot's key now.
    public let key: String
    /// The key its value was stored under.
    public let fromKey: String
    /// The stored type, the same under both keys.
    public let type: String
    /// Unix time in milliseconds.
    public let adoptedAt: Int64
}

extension StoreAdmin {
    /// How often at most an app stamps `seen_at` on a slot it mounts (an hour): an age below it
    /// makes slots in use look unseen.
    public static let seenStampMilliseconds: Int64 = seenStampInterval

    /// Slots no running app has mounted or bound for at least `unseenFor` milliseconds:
    /// usually left behind when the code changed and their identity is never built again.
    ///
    /// An app stamps `seen_at` when it hydrates a slot, at most once an hour, so ages below
    /// an hour mean little. A view that stays mounted in one process for longer than
    /// `unseenFor` also looks unseen. The keys of `@AppStorage` and `@SceneStorage`
    /// (`AppStorage/…`, `SceneStorage/…`) are never orphans.
    public func orphans(unseenFor: Int64) throws -> [AdminSlot] {
        let cutoff = nowMilliseconds() - unseenFor
        return try read("listing orphans") { try orphanRows(seenBefore: cutoff, $0).map(AdminSlot.init) }
    }

    /// `orphans(unseenFor:)`, each with the rows seen since (not orphans) that share its
    /// `MoveMatchKey`, and the moves recorded in `statedb_adoptions`, in one snapshot.
    ///
    /// An orphan whose key has the first round's block positions (`Row[3]`) is compared with
    /// `MoveMatchKey(ignoringPositions:…)`, as its number among views of its name cannot be told
    /// from its position. Keys the app named itself (`binding(for:)`) neither get nor are
    /// candidates, and rows with first-round keys are never candidates. Reads the orphans'
    /// rows, then the other rows' keys and types in one pass, keeping only those that match.
    public func orphanReport(unseenFor: Int64) throws -> OrphanReport {
        let cutoff = nowMilliseconds() - unseenFor
        return try read("listing orphans") { connection in
            let rows = try orphanRows(seenBefore: cutoff, connection)
            let wanted: [CandidateFinder.Wanted?] = try rows.map { row in
                if try connection.isExplicitKey(row.key) { return nil }
                let key = SlotKey(row.key)
                let segments = ParsedSegment.segments(of: key.identity)
                return segments.contains(where: \.hasLegacyPosition)
                    ? .init(key: MoveMatchKey(ignoringPositions: segments, property: key.property, type: row.type), match: .maybe)
                    : .init(key: MoveMatchKey(identity: segments, property: key.property, type: row.type), match: .likely)
            }
            var finder = CandidateFinder(wanted.compactMap { $0 })
            try finder.scan(seenSince: cutoff, connection)
            let orphans = zip(rows, wanted).map { row, wanted in
                OrphanReport.Orphan(slot: AdminSlot(row), move: wanted.flatMap(finder.candidates))
            }
            return OrphanReport(orphans: orphans, adoptions: try recordedAdoptions(connection))
        }
    }

    /// Deletes the slots `orphans(unseenFor:)` lists (only lists them when `dryRun`), in one
    /// transaction.
    ///
    /// - Parameter progress: called with the number deleted so far and the number to delete.
    public func collectGarbage(unseenFor: Int64, dryRun: Bool, progress: ((Int, Int) -> Void)? = nil) throws -> [AdminSlot] {
        if dryRun { return try orphans(unseenFor: unseenFor) }
        let cutoff = nowMilliseconds() - unseenFor
        return try write("deleting orphans") { context in
            let rows = try orphanRows(seenBefore: cutoff, context)
            for (index, row) in rows.enumerated() {
                try context.delete(key: row.key)
                progress?(index + 1, rows.count)
            }
            return rows.map(AdminSlot.init)
        }
    }

    /// The rows unseen since `cutoff`, but for the keys of `@AppStorage` and `@SceneStorage`:
    /// they belong to no view, so no view's absence makes them orphans.
    private func orphanRows(seenBefore cutoff: Int64, _ rows: any AdminRows) throws -> [StoredRow] {
        try rows.rows(seenBefore: cutoff, excludingPrefixes: [StorageNamespace.app + "/", StorageNamespace.scene + "/"])
    }

    private func recordedAdoptions(_ rows: any AdminRows) throws -> [RecordedAdoption] {
        try rows.adoptions()
    }
}

/// Collects, in one pass over the rows that are not orphans, the keys of those whose match key
/// an orphan has: at most `MoveCandidates.keptKeys` keys (the first by key) and a count per
/// match key, so memory follows the orphans, not the store.
private struct CandidateFinder {
    private struct Found {
        var keys: [String] = []
        var count = 0

        mutating func add(_ key: String) {
            count += 1
            if keys.count < MoveCandidates.keptKeys {
                keys.append(key)
            } else if let last = keys.indices.max(by: { keys[$0] < keys[$1] }), key < keys[last] {
                keys[last] = key
            }
        }
    }

    /// An orphan's match key, and which kind it is.
    struct Wanted {
        let key: MoveMatchKey
        let match: MoveCandidates.Match
    }

    /// Match keys of orphans with keys of this build (`likely`), and of first-round orphans
    /// (`maybe`, compared without positions).
    private let exact: Set<MoveMatchKey>
    private let loose: Set<MoveMatchKey>
    private var found: [MoveMatchKey: Found] = [:]
    private var foundLoose: [MoveMatchKey: Found] = [:]

    init(_ wanted: [Wanted]) {
        exact = Set(wanted.lazy.filter { $0.match == .likely }.map(\.key))
        loose = Set(wanted.lazy.filter { $0.match == .maybe }.map(\.key))
    }

    mutating func scan(seenSince cutoff: Int64, _ rows: any AdminRows) throws {
        guard !exact.isEmpty || !loose.isEmpty else { return }
        try rows.forEachKeyAndType(seenSince: cutoff) { text, type in
            let key = SlotKey(text)
            let segments = ParsedSegment.segments(of: key.identity)
            if segments.contains(where: \.hasLegacyPosition) { return }
            if !exact.isEmpty {
                let matchKey = MoveMatchKey(identity: segments, property: key.property, type: type)
                if exact.contains(matchKey) { found[matchKey, default: Found()].add(text) }
            }
            if !loose.isEmpty {
                let matchKey = MoveMatchKey(ignoringPositions: segments, property: key.property, type: type)
                if loose.contains(matchKey) { foundLoose[matchKey, default: Found()].add(text) }
            }
        }
    }

    /// What matched `wanted`; nil when nothing did.
    func candidates(_ wanted: Wanted) -> MoveCandidates? {
        guard let found = (wanted.match == .likely ? found : foundLoose)[wanted.key] else { return nil }
        return MoveCandidates(match: wanted.match, keys: found.keys.sorted(), count: found.count)
    }
}
