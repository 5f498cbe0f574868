/// The store's slot index (`StateStore.slots`): every key this process knows, with its entry
/// (the cell of a slot in use, or a row loaded from the file that nothing asked for yet).
///
/// An open-addressing table of 16-byte buckets, each a key's hash and its entry. The key's
/// text is not kept in the table: the entry has it (a cell's identity and property, a
/// dormant row's key), so a lookup compares with that. A `Dictionary<SlotIndexKey,
/// SlotEntry>` bucket held the key again (its hash, its text and an optional property: 40
/// bytes) beside the 8-byte entry, 48 bytes a bucket, 79 bytes a slot at 40,000 slots; this
/// table takes 26.
///
/// Linear probing, at most three quarters full, with backward-shift deletion (no tombstones:
/// a removed entry's followers move back, so a lookup stops at the first empty bucket). The
/// hash (`SlotIndexKey.hash`) is keyed with a per-process random seed, so collisions cannot be
/// worked out from a file's keys ahead of time.
///
/// The rows loaded at open (`LoadedRows`) are held by their number there, not in a box each,
/// and handed out as a `DormantRow` reading from there. The index lets go of them once none is
/// left (all mounted, adopted or replaced); a commit copies out the ones nothing asked for once
/// they are at most half of what it holds (`compactLoadedRows`), so the bytes of a whole file
/// are not kept for a few rows.
///
/// Guarded by the store's lock, as every other index field.
struct SlotIndex {
    private struct Bucket {
        /// The key's hash with the top bit set (`occupied`); 0 for an empty bucket. Probing
        /// reads this word alone: binding each entry it passed retained and released it.
        var tag: UInt64
        /// nil where `tag` is 0.
        var entry: Held?
    }

    /// An entry as a bucket holds it, in one word: a cell, a row read on its own, or a row of
    /// `loaded` by its number.
    private enum Held {
        case live(SlotCell)
        case row(StoredRowBox)
        case loaded(UInt32)
    }

    /// A power of two long, or empty before the first insertion.
    private var buckets: [Bucket] = []
    /// How many buckets hold an entry.
    private(set) var count = 0
    /// The rows loaded at open, while some bucket holds one; and how many do.
    private var loaded: LoadedRows?
    private var loadedCount = 0

    /// The bytes a bucket takes in the table (16: see `Held`).
    static var bucketStride: Int { MemoryLayout<Bucket>.stride }

    private static let occupied: UInt64 = 1 << 63
    private static let empty = Bucket(tag: 0, entry: nil)

    /// Where an entry is, from `position(of:)`; valid until the next insertion or removal.
    struct Position {
        fileprivate let bucket: Int
    }

    init() {}

    var isEmpty: Bool { count == 0 }

    /// Makes room for `capacity` entries, so filling the index up to that many rehashes nothing.
    mutating func reserveCapacity(_ capacity: Int) {
        var size = max(buckets.count, 8)
        while capacity > size / 4 * 3 { size *= 2 }
        if size != buckets.count { resize(to: size) }
    }

    /// Where the entry of `key` is, nil when there is none.
    func position(of key: SlotIndexKey) -> Position? {
        guard !buckets.isEmpty else { return nil }
        let (bucket, found) = probe(for: key)
        return found ? Position(bucket: bucket) : nil
    }

    /// The entry at `position`. A new value must be an entry of the same key (a dormant row
    /// turning into the cell of the same slot).
    subscript(position: Position) -> SlotEntry {
        get { entry(buckets[position.bucket].entry!) }
        set {
            let held = hold(newValue)
            noteReplaced(buckets[position.bucket].entry)
            buckets[position.bucket].entry = held
        }
    }

    /// Puts `cell` at `position`, in place of its key's entry (a dormant row mounting):
    /// `subscript(position:)`'s setter without working out how a dormant row is held.
    mutating func makeLive(_ cell: SlotCell, at position: Position) {
        noteReplaced(buckets[position.bucket].entry)
        buckets[position.bucket].entry = .live(cell)
    }

    /// The entry of `key`; setting nil removes it. A new entry's key must be `key`.
    subscript(key: SlotIndexKey) -> SlotEntry? {
        get { position(of: key).map { self[$0] } }
        // Inlined: called, the setter took ownership of the key and destroyed its strings,
        // ~100 instructions per row loaded.
        @inline(__always)
        set {
            if buckets.isEmpty {
                guard newValue != nil else { return }
                resize(to: 8)
            }
            var (bucket, found) = probe(for: key)
            guard let newValue else {
                if found { remove(at: bucket) }
                return
            }
            let held = hold(newValue)
            if found {
                noteReplaced(buckets[bucket].entry)
                buckets[bucket].entry = held
                return
            }
            if count + 1 > buckets.count / 4 * 3 {
                resize(to: buckets.count * 2)
                bucket = probe(for: key).bucket
            }
            buckets[bucket] = Bucket(tag: key.hash | Self.occupied, entry: held)
            count += 1
        }
    }

    /// Adds the rows loaded at open to an empty index, by the hashes they carry. A row's key
    /// is compared only with those of the same hash: a file's keys are unique, so normally
    /// none match; a damaged file's repeated key keeps its later row, as `subscript` would.
    mutating func insert(_ rows: LoadedRows) {
        precondition(count == 0, "loaded rows go into an empty index")
        loaded = rows
        reserveCapacity(rows.records.count)
        let mask = buckets.count - 1
        for (number, record) in rows.records.enumerated() {
            let tag = record.hash | Self.occupied
            var bucket = Int(truncatingIfNeeded: record.hash) & mask
            while buckets[bucket].tag != 0 {
                if buckets[bucket].tag == tag, case .loaded(let other)? = buckets[bucket].entry,
                   rows.withKeyBytes(of: Int(other), { one in rows.withKeyBytes(of: number) { one.elementsEqual($0) } }) {
                    break
                }
                bucket = (bucket + 1) & mask
            }
            if buckets[bucket].tag == 0 {
                count += 1
                loadedCount += 1
            }
            buckets[bucket] = Bucket(tag: tag, entry: .loaded(UInt32(number)))
        }
        if loadedCount == 0 { loaded = nil }
    }

    /// Every entry, in no particular order.
    var allEntries: some Sequence<SlotEntry> {
        buckets.lazy.compactMap { bucket in bucket.entry.map { self.entry($0) } }
    }

    /// How many rows the loaded rows' buffer holds (0 once it is gone), whether dormant or not.
    var loadedRowsHeld: Int { loaded?.records.count ?? 0 }

    /// Keeps of the rows loaded at open only those still dormant, in a buffer of their own,
    /// once at most half the rows the buffer holds are: every commit asks (the first comes
    /// when the tree has mounted what it shows). A file's orphans and the rows of screens not
    /// shown would otherwise keep every row's bytes, those of mounted slots too, for the life
    /// of the process. Copying a dormant row's bytes is a tenth of making its `StoredRow`.
    ///
    /// Waiting for half keeps the cost per commit constant on average: compacting as soon as
    /// one more row had mounted went over every bucket at every commit of a list being
    /// scrolled through a large store. What it keeps is at most twice what is dormant.
    mutating func compactLoadedRows() {
        guard let rows = loaded, loadedCount * 2 <= rows.records.count else { return }
        var dormant: [(bucket: Int, number: Int)] = []
        dormant.reserveCapacity(loadedCount)
        for bucket in buckets.indices {
            if case .loaded(let number)? = buckets[bucket].entry { dormant.append((bucket, Int(number))) }
        }
        let kept = rows.keeping(dormant.map(\.number))
        for (number, place) in dormant.enumerated() { buckets[place.bucket].entry = .loaded(UInt32(number)) }
        loaded = kept
    }

    /// How a bucket holds `entry`. A dormant row handed out earlier goes back as it came: a
    /// row of `loaded` by its number (counted again), another in a box.
    private mutating func hold(_ entry: SlotEntry) -> Held {
        switch entry {
        case .live(let cell):
            return .live(cell)
        case .dormant(let row):
            if let box = row.box { return .row(box) }
            let (rows, number) = row.loaded!
            guard rows === loaded else { return .row(StoredRowBox(rows.row(number))) }
            loadedCount += 1
            return .loaded(UInt32(number))
        }
    }

    /// The `SlotEntry` a bucket holds: a loaded row as a `DormantRow` reading from `loaded`.
    private func entry(_ held: Held) -> SlotEntry {
        switch held {
        case .live(let cell): .live(cell)
        case .row(let box): .dormant(DormantRow(box))
        case .loaded(let number): .dormant(DormantRow(loaded!, Int(number)))
        }
    }

    /// A bucket's entry is being replaced or removed: a loaded row leaves, and with the last
    /// one the loaded rows' memory.
    private mutating func noteReplaced(_ held: Held?) {
        guard case .loaded? = held else { return }
        loadedCount -= 1
        if loadedCount == 0 { loaded = nil }
    }

    /// Whether the entry a bucket holds is `key`'s.
    private func holds(_ held: Held, key: SlotIndexKey) -> Bool {
        switch held {
        case .live(let cell): key.isKey(of: .live(cell))
        case .row(let box): key.isKey(of: box.row.key)
        case .loaded(let number): loaded!.withKeyBytes(of: Int(number)) { key.isKey(ofBytes: $0) }
        }
    }

    // MARK: - Inside the table

    /// The bucket holding `key`'s entry (`found`), else the empty bucket where it would go.
    /// The table is not empty, and never full, so the probe ends.
    private func probe(for key: SlotIndexKey) -> (bucket: Int, found: Bool) {
        let mask = buckets.count - 1
        let tag = key.hash | Self.occupied
        var bucket = Int(truncatingIfNeeded: key.hash) & mask
        while true {
            let here = buckets[bucket].tag
            if here == 0 { return (bucket, false) }
            if here == tag, let held = buckets[bucket].entry, holds(held, key: key) { return (bucket, true) }
            bucket = (bucket + 1) & mask
        }
    }

    /// Empties `bucket`, moving back each follower whose probe sequence passes through it, so
    /// no lookup meets an empty bucket before its entry.
    private mutating func remove(at bucket: Int) {
        noteReplaced(buckets[bucket].entry)
        let mask = buckets.count - 1
        var hole = bucket
        var next = (hole + 1) & mask
        while buckets[next].tag != 0 {
            let home = Int(truncatingIfNeeded: buckets[next].tag) & mask
            // It may fill the hole when the hole lies between its home and where it is.
            if (next &- home) & mask >= (next &- hole) & mask {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = Self.empty
        count -= 1
    }

    /// Moves every entry into a table of `size` buckets (a power of two), by its kept hash.
    private mutating func resize(to size: Int) {
        let old = buckets
        buckets = Array(repeating: Self.empty, count: size)
        let mask = size - 1
        for item in old where item.tag != 0 {
            var bucket = Int(truncatingIfNeeded: item.tag) & mask
            while buckets[bucket].tag != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = item
        }
    }
}
