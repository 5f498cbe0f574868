/// What the store holds for a key.
///
/// One dictionary for both states means mounting a slot hashes its key once: the entry is
/// found and turned from dormant to live in place. (Two dictionaries, one to remove the row
/// from and one to add the cell to, were a third of the cost of mounting a slot.)
enum SlotEntry {
    /// Loaded from the file; nothing in this process has asked for it yet. A reference, so an
    /// entry is one pointer wide and a tree of live slots pays nothing for the row's size.
    case dormant(DormantRowBox)
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

/// A row loaded from the file and not yet used, held by reference in the slot index.
///
/// A class rather than an `indirect` case: matching `.dormant(let row)` on an indirect case
/// copied the whole `StoredRow` out of its box (four strings and the value retained, then
/// released), ~270 instructions per slot mounted; through a reference each field is read in
/// place. The fields the store reads are forwarded, so code reads `row.key` either way.
///
/// A row loaded at open is not kept in one: the slot index holds its number in `LoadedRows`,
/// and makes a box that reads from there when the row is asked for (`SlotIndex`).
final class DormantRowBox: Sendable {
    /// Where the row's fields are: a row read on its own (a change made by another process, a
    /// row read on demand, a server's rows), or one of the rows loaded at open, in place.
    private enum Source {
        case row(StoredRow)
        case loaded(LoadedRows, Int)
    }

    private let source: Source
    /// Apart from `source`: mounting reads them for every row, without matching its payload.
    let seenAt: Int64
    let version: Int64

    init(_ row: consuming StoredRow) {
        seenAt = row.seenAt
        version = row.version
        source = .row(row)
    }

    /// Row `index` of `rows`.
    init(_ rows: LoadedRows, _ index: Int) {
        seenAt = rows.records[index].seenAt
        version = rows.records[index].version
        source = .loaded(rows, index)
    }

    /// The whole row (made, for a row loaded at open: only rare paths ask, a quarantine).
    var row: StoredRow {
        switch source {
        case .row(let row): row
        case .loaded(let rows, let index): rows.row(index)
        }
    }

    var key: String {
        switch source {
        case .row(let row): row.key
        case .loaded(let rows, let index): rows.key(of: index)
        }
    }

    var type: String {
        switch source {
        case .row(let row): row.type
        case .loaded(let rows, let index): rows.type(of: index)
        }
    }

    /// The value (read from the loaded bytes at each call, for a row loaded at open).
    var value: Result<StoredValue, StoredValueError> {
        switch source {
        case .row(let row): row.value
        case .loaded(let rows, let index): rows.value(of: index)
        }
    }

    /// Whether the key is `key` (compared byte for byte).
    func hasKey(_ key: SlotIndexKey) -> Bool {
        switch source {
        case .row(let row): key.isKey(of: row.key)
        case .loaded(let rows, let index): rows.withKeyBytes(of: index) { key.isKey(ofBytes: $0) }
        }
    }

    /// Whether the key's bytes start with `prefix`'s.
    func keyHasPrefix(_ prefix: [UInt8]) -> Bool {
        switch source {
        case .row(let row): row.key.utf8.withContiguousStorageIfAvailable { $0.starts(with: prefix) } ?? row.key.utf8.starts(with: prefix)
        case .loaded(let rows, let index): rows.withKeyBytes(of: index) { $0.starts(with: prefix) }
        }
    }
}
