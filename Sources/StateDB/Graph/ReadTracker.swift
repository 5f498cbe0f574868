/// Collects the slots a body reads while it runs, and the slots it writes (a body should only
/// read: see `ViewHost`'s handling of writes during evaluation).
final class ReadRecorder {
    /// A write made while the body ran: the slot and the revision the write gave it.
    struct Write {
        let cell: SlotCell
        let revision: UInt64
    }

    /// Used by the one thread evaluating a body, one call at a time (nothing runs inside an
    /// append), so the run-time exclusivity check each access of a class's stored property
    /// costs (~110 instructions, ~1% of mounting a list of rows) is left out.
    @exclusivity(unchecked) private var reads = SlotCellList()
    @exclusivity(unchecked) private var writes: [Write] = []
    @exclusivity(unchecked) private var parts: [PartRead] = []
    /// The slot a part of which is being read (see `readingPart`): its own reads are the part's.
    @exclusivity(unchecked) private var slotOfPartBeingRead: SlotCell?
    /// Between `withRecorder` and `takeReads`.
    fileprivate(set) var isRecording = false

    func record(_ cell: SlotCell) {
        if cell === slotOfPartBeingRead { return }
        reads.append(cell)
    }

    /// Notes a read of a part of a slot (see `PartRead`), unless it is inside the read of a
    /// larger part of the same slot (`$item.title`'s read of `$item`), which covers it.
    func recordPart(_ part: PartRead) {
        if part.cell === slotOfPartBeingRead { return }
        parts.append(part)
    }

    /// The latest part read through `location` among the last few (a body reads its
    /// element's fields one after another), nil when there is none.
    func latestPart(through location: ObjectIdentifier) -> PartRead? {
        parts.suffix(4).last { $0.location == location }
    }

    /// Runs `read`, a read of a part of `cell`, leaving out its reads of `cell` itself.
    func readingPart<T>(of cell: SlotCell, _ read: () -> T) -> T {
        let outer = slotOfPartBeingRead
        slotOfPartBeingRead = cell
        defer { slotOfPartBeingRead = outer }
        return read()
    }

    func recordWrite(_ cell: SlotCell, revision: UInt64) {
        writes.append(Write(cell: cell, revision: revision))
    }

    /// The reads since recording began; the recorder is then free for the next body (once
    /// `takeWrites` took the writes).
    func takeReads() -> SlotCellList {
        isRecording = false
        return Self.take(&reads, empty: SlotCellList())
    }

    /// The value, leaving an empty one.
    private static func take<Value>(_ value: inout Value, empty: Value) -> Value {
        var taken = empty
        swap(&taken, &value)
        return taken
    }

    /// The writes since recording began.
    func takeWrites() -> [Write] {
        Self.take(&writes, empty: [])
    }

    /// The reads of parts of slots since recording began.
    func takePartReads() -> [PartRead] {
        Self.take(&parts, empty: [])
    }
}

/// Records which slots the body being evaluated on *this thread* reads and writes. Reads and
/// writes on other threads (a background task touching a binding) are never attributed to a
/// view.
enum ReadTracker {
    private static let slot = ThreadRecorderSlot<ReadRecorder>()

    /// The recorder of the body this thread is evaluating, nil outside one. A thread with one
    /// is running the main actor's view host.
    static var current: ReadRecorder? { slot.current }

    static func recordRead(of cell: SlotCell) {
        slot.current?.record(cell)
    }

    /// Notes a write that changed `cell` (to `revision`), when this thread is evaluating a body.
    static func recordWrite(of cell: SlotCell, revision: UInt64) {
        slot.current?.recordWrite(cell, revision: revision)
    }

    /// Runs `body` with `recorder` collecting this thread's reads; nests correctly.
    static func withRecorder<T>(_ recorder: ReadRecorder, _ body: () throws -> T) rethrows -> T {
        recorder.isRecording = true
        return try slot.with(recorder, body)
    }

    /// Runs `body` without attributing reads to any view (actions, rendering).
    static func untracked<T>(_ body: () throws -> T) rethrows -> T {
        try slot.with(nil, body)
    }
}
