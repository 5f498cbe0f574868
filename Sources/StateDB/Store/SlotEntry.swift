/// What the store holds for a key.
///
/// One index for both states means mounting a slot hashes its key once: the entry is found
/// and turned from dormant to live in place. (Two dictionaries, one to remove the row from and
/// one to add the cell to, were a third of the cost of mounting a slot.)
enum SlotEntry {
    /// Loaded from the file; nothing in this process has asked for it yet.
    case dormant(DormantRow)
    /// In use in this process.
    case live(SlotCell)

    /// The slot's key: the index keeps no copy of it (see `SlotIndex`).
    var key: String {
        switch self {
        case .dormant(let row): row.key
        case .live(let cell): cell.key
        }
    }

    var liveCell: SlotCell? {
        if case .live(let cell) = self { return cell }
        return nil
    }
}

/// A row loaded from the file and not yet used: one read on its own (a change made by another
/// process, a row read on demand, a server's rows), held in a box; or one of the rows loaded at
/// open, read in place from `LoadedRows` by its number (the slot index holds those as the
/// number alone).
///
/// A box rather than an `indirect` case: matching an indirect case copied the whole
/// `StoredRow` out (four strings and the value retained, then released), ~270 instructions per
/// slot mounted; through a reference each field is read in place. A struct around the two: a
/// row loaded at open, asked for as its slot mounts, is handed out without allocating.
struct DormantRow: Sendable {
    private enum Source {
        case row(StoredRowBox)
        case loaded(LoadedRows, Int)
    }

    private let source: Source

    init(_ row: consuming StoredRow) {
        source = .row(StoredRowBox(row))
    }

    init(_ box: StoredRowBox) {
        source = .row(box)
    }

    /// Row `index` of `rows`.
    init(_ rows: LoadedRows, _ index: Int) {
        source = .loaded(rows, index)
    }

    /// The box of a row read on its own; nil for a row loaded at open.
    var box: StoredRowBox? {
        if case .row(let box) = source { return box }
        return nil
    }

    /// A row loaded at open: `LoadedRows` and its number there.
    var loaded: (rows: LoadedRows, index: Int)? {
        if case .loaded(let rows, let index) = source { return (rows, index) }
        return nil
    }

    /// The whole row (made, for a row loaded at open: only rare paths ask, a quarantine).
    var row: StoredRow {
        switch source {
        case .row(let box): box.row
        case .loaded(let rows, let index): rows.row(index)
        }
    }

    var key: String {
        switch source {
        case .row(let box): box.row.key
        case .loaded(let rows, let index): rows.key(of: index)
        }
    }

    var type: String {
        switch source {
        case .row(let box): box.row.type
        case .loaded(let rows, let index): rows.type(of: index)
        }
    }

    /// The value (read from the loaded bytes at each call, for a row loaded at open).
    var value: Result<StoredValue, StoredValueError> {
        switch source {
        case .row(let box): box.row.value
        case .loaded(let rows, let index): rows.value(of: index)
        }
    }

    var seenAt: Int64 {
        switch source {
        case .row(let box): box.row.seenAt
        case .loaded(let rows, let index): rows.records[index].seenAt
        }
    }

    var version: Int64 {
        switch source {
        case .row(let box): box.row.version
        case .loaded(let rows, let index): rows.records[index].version
        }
    }

    /// Whether the key is `key` (compared byte for byte).
    func hasKey(_ key: SlotIndexKey) -> Bool {
        switch source {
        case .row(let box): key.isKey(of: box.row.key)
        case .loaded(let rows, let index): rows.withKeyBytes(of: index) { key.isKey(ofBytes: $0) }
        }
    }

    /// Whether the key's bytes start with `prefix`'s.
    func keyHasPrefix(_ prefix: [UInt8]) -> Bool {
        switch source {
        case .row(let box):
            box.row.key.utf8.withContiguousStorageIfAvailable { $0.starts(with: prefix) } ?? box.row.key.utf8.starts(with: prefix)
        case .loaded(let rows, let index):
            rows.withKeyBytes(of: index) { $0.starts(with: prefix) }
        }
    }
}

/// A row read on its own, held by reference so an index entry is one word.
final class StoredRowBox: Sendable {
    let row: StoredRow

    init(_ row: consuming StoredRow) {
        self.row = row
    }
}
