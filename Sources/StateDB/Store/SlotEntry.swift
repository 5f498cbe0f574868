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
/// place. The fields the store reads are forwarded, so code reads `row.key` either way
/// (`key` joins a key loaded in parts: hot paths read `storedKey`'s parts instead).
final class DormantRowBox: Sendable {
    let row: StoredRow

    init(_ row: consuming StoredRow) {
        self.row = row
    }

    var key: String { row.key }
    var storedKey: StoredKey { row.storedKey }
    var type: String { row.type }
    var value: Result<StoredValue, StoredValueError> { row.value }
    var seenAt: Int64 { row.seenAt }
    var version: Int64 { row.version }
}
