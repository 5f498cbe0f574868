import Foundation

/// A slot in memory: the current value and what the next commit must do with its row.
///
/// Every mutable field is guarded by the owning store's lock; cells never escape the store
/// layer except as opaque references held by bindings and view nodes. That lock is what makes
/// the cell `Sendable` (`@unchecked`: the compiler cannot see it).
///
/// The fields a write touches skip the runtime exclusivity check (`@exclusivity(unchecked)`;
/// the lock already rules out overlapping access), as do the store's and the subscribers'
/// lock-guarded fields on the same path: together the checks were 5.8% of the write bench's
/// instructions (58 M of 1,004 M; BENCHMARKS.md).
class SlotCell: @unchecked Sendable {
    /// The owning view's identity and the property name, as the `SlotKey` the slot was asked
    /// for: a view's slots share its node's identity text, and their names are their field
    /// table's, so a mounted slot holds no key text of its own. (A whole `identity/property`
    /// string per cell, the one loaded from the file, cost ~80 bytes per slot.) `key` joins
    /// them when it is needed: a commit's rows, a diagnostic.
    let identity: String
    let property: String
    /// The slot's types, shared by every cell of its field: the cell reads its type name there
    /// (8 bytes of reference rather than the name's 16, which took an Int slot's cell from 112
    /// to 104 bytes, a 16-byte step of the allocator less).
    let types: AnySlotTypes
    /// Bumped on every change of the value, so work done outside the lock on a copy of the
    /// value (the app's `==`, key-path setters and `didSet`, decoding) can tell whether the
    /// cell changed meanwhile and must be done again.
    @exclusivity(unchecked) var revision: UInt64 = 0
    /// The subscriber batch this cell was last queued in (`ChangeSubscriber.batch`); 0: none.
    @exclusivity(unchecked) var pendingBatch: UInt64 = 0
    /// The store's `changeEpoch` in which this cell was last noted to every subscriber; 0: never.
    @exclusivity(unchecked) var notedEpoch: UInt64 = 0
    /// The flags below, one bit each (eight `Bool`s took eight bytes). Changed and read under
    /// the store's lock only: a flag read outside it must not share this word (a write of a
    /// neighbour bit under the lock would race with that read), so the two fixed at creation
    /// are `let`s of their own.
    @exclusivity(unchecked) private var flags: UInt16 = 0
    /// See `TypedSlotCell.comparesOutsideLock`; fixed at creation, read outside the lock (it
    /// decides whether a write takes the lock first).
    let comparesOutsideLock: Bool
    /// Whether the store compares the values written with `==` (an `EquatableSlotCell`):
    /// only then may a view's read of a part of it be told unchanged (`PartRead`).
    var holdsEquatableValue: Bool { false }
    /// See `TypedSlotCell.valueRunsAppCode`; fixed at creation.
    let valueRunsAppCode: Bool
    /// The views that read the slot, kept here for the view graph (`DependencyIndex`), which
    /// alone reads and writes it, on the main actor; the store never looks at it. In the cell
    /// rather than in a dictionary from cells to readers: that dictionary's buckets cost ~26
    /// bytes a slot, and its growth and random probes were ~9% of mounting a large tree
    /// (BENCHMARKS.md, *seventh pass*); this costs the cell 8 bytes.
    @MainActor var readers: AnyObject?
    /// The owning store's lock (`StateStore.lock`), so a read takes the value under it without
    /// reaching the store: a view's read through its `@State` box retained and released the
    /// store, whose reference count (weakly referenced by the exit-flush registry) takes the
    /// runtime's slow path. The cell's 8 bytes fit in the malloc chunk it already takes.
    let storeLock: NSLock

    init(key: SlotKey, types: AnySlotTypes, storeLock: NSLock, comparesOutsideLock: Bool, valueRunsAppCode: Bool) {
        self.storeLock = storeLock
        identity = key.identity
        property = key.property
        self.types = types
        self.comparesOutsideLock = comparesOutsideLock
        self.valueRunsAppCode = valueRunsAppCode
    }

    /// The stored type name of the slot's values (`ValueCodec.typeName`).
    var typeName: String { types.typeName }

    /// Where the slot lives.
    var slotKey: SlotKey { SlotKey(identity: identity, property: property) }

    /// `identity/property`, the row's key (`SlotKey.key`), built when asked for.
    var key: String { slotKey.key }

    /// Whether this is the slot at `slotKey`, byte for byte.
    func hasKey(_ slotKey: SlotKey) -> Bool {
        identity.hasSameBytes(as: slotKey.identity) && property.hasSameBytes(as: slotKey.property)
    }

    // MARK: Flags

    private struct Flag {
        static let needsWrite: UInt16 = 1 << 0
        static let needsSeenStamp: UInt16 = 1 << 1
        static let isQueued: UInt16 = 1 << 2
        static let isEnded: UInt16 = 1 << 3
        static let reportedWriteAfterEnd: UInt16 = 1 << 4
        static let reportedWriteDuringBody: UInt16 = 1 << 5
        static let foundNoRow: UInt16 = 1 << 6
        static let isExplicitKey: UInt16 = 1 << 7
        static let hasRow: UInt16 = 1 << 8
        static let holdsInitialValue: UInt16 = 1 << 9
    }


    /// The slot's row is in the file (the commit UPDATEs it rather than INSERTing one). The
    /// cell kept the row's `created_at` and `seen_at` for this until they were found to be read
    /// nowhere else: 16 bytes per slot for one bit.
    var hasRow: Bool {
        get { flags.hasFlag(Flag.hasRow) }
        set { flags.setFlag(Flag.hasRow, newValue) }
    }
    /// The value differs from the row (or there is no row yet). Setting it says the pending
    /// write (if any) is a value of the app's, not the initial value: see `recordInitialValue()`.
    var needsWrite: Bool {
        get { flags.hasFlag(Flag.needsWrite) }
        set {
            flags.setFlag(Flag.needsWrite, newValue)
            flags.setFlag(Flag.holdsInitialValue, false)
        }
    }
    /// The pending write is only the initial value, recorded for a slot that had no row and not
    /// written by the app since: the commit inserts it only where the key still has no row. A
    /// value another process stored meanwhile is kept, and the next refresh brings it in, where
    /// writing the initial value over it would lose it (the initial value is for a slot the
    /// store has no value for).
    var holdsInitialValue: Bool { flags.hasFlag(Flag.holdsInitialValue) }

    /// A change of the app's waits to be committed: a write pending that is not only the
    /// initial value. Another process's value never replaces it (the app's commits after it,
    /// and wins); it does replace a pending initial value.
    var holdsChange: Bool { needsWrite && !holdsInitialValue }

    /// (lock held) Queues the initial value to be recorded, as `holdsInitialValue` says.
    func recordInitialValue() {
        needsWrite = true
        flags.setFlag(Flag.holdsInitialValue, true)
    }
    /// `seen_at` should be stamped at the next commit.
    var needsSeenStamp: Bool {
        get { flags.hasFlag(Flag.needsSeenStamp) }
        set { flags.setFlag(Flag.needsSeenStamp, newValue) }
    }
    /// In the store's commit queue.
    var isQueued: Bool {
        get { flags.hasFlag(Flag.isQueued) }
        set { flags.setFlag(Flag.isQueued, newValue) }
    }
    /// The owner left the tree: the row is deleted and writes are dropped.
    var isEnded: Bool {
        get { flags.hasFlag(Flag.isEnded) }
        set { flags.setFlag(Flag.isEnded, newValue) }
    }
    /// A dropped write after the end was reported (once per slot).
    var reportedWriteAfterEnd: Bool {
        get { flags.hasFlag(Flag.reportedWriteAfterEnd) }
        set { flags.setFlag(Flag.reportedWriteAfterEnd, newValue) }
    }
    /// A write during a body's evaluation was reported (once per slot).
    var reportedWriteDuringBody: Bool {
        get { flags.hasFlag(Flag.reportedWriteDuringBody) }
        set { flags.setFlag(Flag.reportedWriteDuringBody, newValue) }
    }
    /// A view's slot that found no row when it was created: a stored row from an earlier build
    /// may hold its state under another key (`StateStore.adopt`). Taken (read and cleared) by
    /// the property that attached it, for its host.
    var foundNoRow: Bool {
        get { flags.hasFlag(Flag.foundNoRow) }
        set { flags.setFlag(Flag.foundNoRow, newValue) }
    }
    /// Created by `binding(for:)`: its key is the app's own, so its row is never carried over.
    var isExplicitKey: Bool {
        get { flags.hasFlag(Flag.isExplicitKey) }
        set { flags.setFlag(Flag.isExplicitKey, newValue) }
    }

    /// Captures the current value for a commit: encoded at once when that is trivial (the
    /// native kinds), else as a closure that encodes it outside the store's lock.
    func captureForCommit() -> CapturedValue { fatalError("abstract") }

    /// (lock held) The current value and revision, for `decode(_:into:)` to compare a value
    /// read from the database with, outside the lock.
    func stageLocked() -> StagedValue { fatalError("abstract") }

    /// Decodes `stored` into `staged` and tells whether it differs from the staged value (the
    /// staged value is then the decoded one). Runs the app's `init(from:)` and `==`, so it is
    /// called outside the store's lock.
    func decode(_ stored: StoredValue, into staged: StagedValue) throws -> Bool { fatalError("abstract") }

    /// (lock held) Puts `staged`'s value in place when the cell has not changed since it was
    /// staged; the old value moves into `staged`, for the caller to release after the lock.
    func applyLocked(_ staged: StagedValue) -> Bool { fatalError("abstract") }

    /// (lock held) Puts the initial value back (the row was deleted by another process). The old
    /// value is returned, for the caller to release after the lock.
    func resetToInitialLocked() -> StagedValue { fatalError("abstract") }

    /// Outside the store's lock: a new copy of the initial value for a reset, where the initial
    /// value itself cannot be put back because it is an object the app may have changed since
    /// (a model); nil where it can (`resetToInitialLocked()`).
    func makeFreshInitialValue() -> StagedValue? { nil }

    /// (lock held) Puts back `fresh` (from `makeFreshInitialValue()`) when there is one, else the
    /// initial value. The old value is returned, for the caller to release after the lock.
    func resetToInitialLocked(fresh: StagedValue?) -> StagedValue { resetToInitialLocked() }

    /// The slot has no value, and no row: each reader shows its own default (`@AppStorage`
    /// before its key is first written; see `StoredDefaultCell`). Always false for the slots
    /// of `@State`, which record their initial value.
    var hasNoValue: Bool { false }

    /// False for the cells of slots whose declarations' defaults are not stored
    /// (`StoredDefaultCell`), which may have no value; fixed for the cell's life.
    var recordsInitialValue: Bool { true }

    // MARK: Values that change in place

    /// Called (outside the store's lock) when a property attaches to this cell: a cell whose
    /// value can change without a write (an object whose properties change) starts watching it
    /// (see `StateStore.noteChangedInPlace`). Nothing by default.
    func didAttach(to store: StateStore) {}

    /// For cells registered with `StateStore.pollInPlaceChanges(of:)`: whether the value
    /// changed in place since it was last committed (its encoding differs). Called by `store`,
    /// the cell's, outside its lock, before each commit (also from its `deinit`: the store is
    /// passed in, since a weak reference to it is nil by then). False by default.
    func changedInPlaceSinceCommit(in store: StateStore) -> Bool { false }

    /// Called (outside the store's lock) after the value was replaced other than by the app's
    /// writes: another process's value, the initial value again after its row was deleted, an
    /// adopted row's value. A cell that watches its value in place watches the new one (it
    /// watched the object that was replaced). Nothing by default.
    func didReplaceValue(in store: StateStore) {}
}

/// A value on its way into a cell, or out of it: decoded outside the store's lock and put in
/// place under it if the cell did not change meanwhile (its revision is the staged one), or an
/// old value released after the lock. Values are the app's types: their `init(from:)`, `==` and
/// deinitializers may read other bindings, which must not happen under the lock.
class StagedValue {
    let revision: UInt64
    init(revision: UInt64) { self.revision = revision }
}

final class TypedStagedValue<Value>: StagedValue {
    var value: Value
    init(revision: UInt64, value: Value) {
        self.value = value
        super.init(revision: revision)
    }
}

/// A value taken for a commit: already encoded, or to be encoded outside the lock.
enum CapturedValue {
    case encoded(StoredValue)
    case deferred(() throws -> StoredValue)
}

/// A slot holding a `Value`. Values of a type that is not `Equatable` always count as changed;
/// `EquatableSlotCell` is the cell of the others.
class TypedSlotCell<Value: Codable>: SlotCell, @unchecked Sendable {
    @exclusivity(unchecked) var value: Value
    let initialValue: Value

    required init(key: SlotKey, value: Value, initialValue: Value, types: SlotTypes<Value>, storeLock: NSLock) {
        self.value = value
        self.initialValue = initialValue
        super.init(key: key, types: types, storeLock: storeLock, comparesOutsideLock: Self.equalityRunsAppCode,
                   valueRunsAppCode: NativeKind.of(Value.self).mayRunAppCode)
    }

    /// The current value, read under the store's lock (as `StateStore.read(_:)` reads it).
    var lockedValue: Value {
        storeLock.lock()
        defer { storeLock.unlock() }
        return value
    }

    /// True when `newValue` is known to equal the current value (Equatable types only).
    /// Called under the store's lock, so only for types whose `==` is the standard library's
    /// (`equalityRunsAppCode` is false).
    func isUnchanged(_ newValue: Value) -> Bool { false }

    /// Whether `a == b` (Equatable types only; other values always count as changed). Called
    /// outside the store's lock: `==` may be the app's code.
    func isEqual(_ a: Value, _ b: Value) -> Bool { false }

    /// Whether comparing values runs code of the app (a `==` of its own type, or of an optional
    /// or collection of such), so writes must compare outside the store's lock. False for the
    /// native kinds, whose `==` is the standard library's, and for types that are not
    /// Equatable (they are never compared).
    class var equalityRunsAppCode: Bool { false }
    // `comparesOutsideLock` (a constant of `SlotCell`): `equalityRunsAppCode`, looked up once per
    // cell rather than once per write. `valueRunsAppCode` (likewise): whether releasing a value
    // may run the app's code (a deinitializer of a class it holds); then an old value is
    // swapped out under the lock and released after it. False for the native kinds, which are
    // simply assigned.

    override func captureForCommit() -> CapturedValue {
        // A closure per slot per commit cost an allocation even for an Int.
        if let native = NativeKind.of(Value.self).encode(value) { return .encoded(native) }
        let snapshot = value
        return .deferred { try ValueCodec.encode(snapshot) }
    }

    override func stageLocked() -> StagedValue {
        TypedStagedValue(revision: revision, value: value)
    }

    override func decode(_ stored: StoredValue, into staged: StagedValue) throws -> Bool {
        let staged = staged as! TypedStagedValue<Value>
        let decoded = try ValueCodec.decode(Value.self, from: stored)
        if isEqual(staged.value, decoded) { return false }
        staged.value = decoded
        return true
    }

    override func applyLocked(_ staged: StagedValue) -> Bool {
        guard staged.revision == revision else { return false }
        let staged = staged as! TypedStagedValue<Value>
        swap(&value, &staged.value)
        revision &+= 1
        return true
    }

    override func resetToInitialLocked() -> StagedValue {
        let old = TypedStagedValue(revision: revision, value: initialValue)
        swap(&value, &old.value)
        revision &+= 1
        return old
    }

    override func resetToInitialLocked(fresh: StagedValue?) -> StagedValue {
        guard let fresh = fresh as? TypedStagedValue<Value> else { return resetToInitialLocked() }
        swap(&value, &fresh.value)
        revision &+= 1
        return fresh
    }
}

/// The cell of an `Equatable` value: `==` is called on the stored value in place, through the
/// conformance, where a stored `(Value, Value) -> Bool` closure copied both values for every
/// write.
final class EquatableSlotCell<Value: Codable & Equatable>: TypedSlotCell<Value>, @unchecked Sendable {
    override var holdsEquatableValue: Bool { true }
    override func isUnchanged(_ newValue: Value) -> Bool { value == newValue }
    override func isEqual(_ a: Value, _ b: Value) -> Bool { a == b }
    override class var equalityRunsAppCode: Bool { NativeKind.of(Value.self).mayRunAppCode }
}
