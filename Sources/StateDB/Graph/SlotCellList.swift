/// The slots one evaluation of a body read (`ViewNode.reads`).
///
/// A body reads few slots: up to two are kept in place, more in an array. The array each
/// evaluation used to hand its node was an allocation of 64 bytes per view that read
/// anything (a row reading its two `@State`s); 16 bytes in the node instead (the cases share
/// the references' spare bits).
struct SlotCellList: RandomAccessCollection {
    private enum Storage {
        case none
        case one(SlotCell)
        case two(SlotCell, SlotCell)
        case many([SlotCell])
    }

    private var storage: Storage

    /// No slots.
    init() { storage = .none }

    /// `cells`, in order (duplicates kept).
    init(_ cells: [SlotCell]) {
        switch cells.count {
        case 0: storage = .none
        case 1: storage = .one(cells[0])
        case 2: storage = .two(cells[0], cells[1])
        default: storage = .many(cells)
        }
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .two: 2
        case .many(let cells): cells.count
        }
    }

    subscript(index: Int) -> SlotCell {
        switch storage {
        case .one(let cell) where index == 0: cell
        case .two(let first, let second) where index == 0 || index == 1: index == 0 ? first : second
        case .many(let cells): cells[index]
        default: preconditionFailure("read \(index) of a list of \(endIndex)")
        }
    }

    /// Adds `cell` at the end. The third moves the list into an array, with room for a fourth
    /// (growing from three reallocated on the next read).
    mutating func append(_ cell: SlotCell) {
        switch storage {
        case .none:
            storage = .one(cell)
        case .one(let first):
            storage = .two(first, cell)
        case .two(let first, let second):
            var cells: [SlotCell] = []
            cells.reserveCapacity(4)
            cells.append(first)
            cells.append(second)
            cells.append(cell)
            storage = .many(cells)
        case .many(var cells):
            storage = .none  // so `cells` is the only reference and grows in place
            cells.append(cell)
            storage = .many(cells)
        }
    }

    /// Whether `other` holds the same slots in the same order.
    func hasSameCells(as other: SlotCellList) -> Bool {
        switch (storage, other.storage) {
        case (.none, .none): true
        case (.one(let a), .one(let b)): a === b
        case (.two(let a1, let a2), .two(let b1, let b2)): a1 === b1 && a2 === b2
        case (.many(let a), .many(let b)): a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
        default: false
        }
    }

    /// The same slots, each once, in the order of their first read.
    func withoutDuplicates() -> SlotCellList {
        guard hasDuplicates else { return self }
        var seen = Set<ObjectIdentifier>()
        return SlotCellList(filter { seen.insert(ObjectIdentifier($0)).inserted })
    }

    /// Whether some slot is in the list twice. Bodies read a few slots, so comparing pairs
    /// beats building a set.
    private var hasDuplicates: Bool {
        switch storage {
        case .none, .one: return false
        case .two(let first, let second): return first === second
        case .many(let cells):
            guard cells.count <= 16 else { return Set(cells.map(ObjectIdentifier.init)).count != cells.count }
            for later in 1..<cells.count {
                for earlier in 0..<later where cells[earlier] === cells[later] { return true }
            }
            return false
        }
    }
}
