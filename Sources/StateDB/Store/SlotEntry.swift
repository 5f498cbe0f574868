/// What the store holds for a key.
///
/// One dictionary for both states means mounting a slot hashes its key once: the entry is
/// found and turned from dormant to live in place. (Two dictionaries, one to remove the row
/// from and one to add the cell to, were a third of the cost of mounting a slot.)
enum SlotEntry {
    /// Loaded from the file; nothing in this process has asked for it yet. Boxed, so an entry
    /// is one pointer wide and a tree of live slots pays nothing for the row's size.
    indirect case dormant(StoredRow)
    /// In use in this process.
    case live(SlotCell)

    var liveCell: SlotCell? {
        if case .live(let cell) = self { return cell }
        return nil
    }
}
