import Foundation

/// A slot in memory: the current value and what the next commit must do with its row.
///
/// Every mutable field is guarded by the owning store's lock; cells never escape the store
/// layer except as opaque references held by bindings and view nodes. The lock already rules
/// out overlapping access, so the fields a write touches skip the runtime exclusivity check
/// (`@exclusivity(unchecked)`), which cost more than the rest of a write.
class SlotCell: @unchecked Sendable {
    let slotKey: SlotKey
    let key: String
    let typeName: String
    /// When the row was created (Unix ms); nil while it exists only in memory.
    var createdAt: Int64?
    /// `seen_at` as last committed (Unix ms).
    var seenAt: Int64?
    /// The value differs from the row (or there is no row yet).
    @exclusivity(unchecked) var needsWrite = false
    /// `seen_at` should be stamped at the next commit.
    @exclusivity(unchecked) var needsSeenStamp = false
    /// In the store's commit queue.
    @exclusivity(unchecked) var isQueued = false
    /// The owner left the tree: the row is deleted and writes are dropped.
    @exclusivity(unchecked) var isEnded = false
    /// A dropped write after the end was reported (once per slot).
    var reportedWriteAfterEnd = false
    /// A view's slot that found no row when it was created: a stored row from an earlier build
    /// may hold its state under another key (`StateStore.adopt`). Taken (read and cleared) by
    /// the property that attached it, for its host.
    var foundNoRow = false
    /// Created by `binding(for:)`: its key is the app's own, so its row is never carried over.
    var isExplicitKey = false
    /// Bumped on every change of the value, so a failed commit can tell whether a cell was
    /// written again while it was being committed.
    @exclusivity(unchecked) var revision: UInt64 = 0
    /// The subscriber batch this cell was last queued in (`ChangeSubscriber.batch`); 0: none.
    @exclusivity(unchecked) var pendingBatch: UInt64 = 0
    /// The store's `changeEpoch` in which this cell was last noted to every subscriber; 0: never.
    @exclusivity(unchecked) var notedEpoch: UInt64 = 0

    /// `key`, when given, is `slotKey.key` already built: sharing it with the store's index
    /// keeps one copy of the text per slot instead of two.
    init(slotKey: SlotKey, key: String? = nil, typeName: String) {
        self.slotKey = slotKey
        self.key = key ?? slotKey.key
        self.typeName = typeName
    }

    /// Captures the current value for a commit: encoded at once when that is trivial (the
    /// native kinds), else as a closure that encodes it outside the store's lock.
    func captureForCommit() -> CapturedValue { fatalError("abstract") }

    /// Replaces the value with one read from the database. Returns false when equal.
    func replace(with stored: StoredValue) throws -> Bool { fatalError("abstract") }

    /// Puts the initial value back (the row was deleted by another process).
    func resetToInitial() { fatalError("abstract") }

    /// The slot has no value, and no row: each reader shows its own default (`@AppStorage`
    /// before its key is first written; see `StoredDefaultCell`). Always false for the slots
    /// of `@State`, which record their initial value.
    var hasNoValue: Bool { false }

    /// False for the cells of slots whose declarations' defaults are not stored
    /// (`StoredDefaultCell`), which may have no value; fixed for the cell's life.
    var recordsInitialValue: Bool { true }
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

    required init(slotKey: SlotKey, key: String? = nil, value: Value, initialValue: Value, types: SlotTypes<Value>) {
        self.value = value
        self.initialValue = initialValue
        super.init(slotKey: slotKey, key: key, typeName: types.typeName)
    }

    /// True when `newValue` is known to equal the current value (Equatable types only).
    func isUnchanged(_ newValue: Value) -> Bool { false }

    override func captureForCommit() -> CapturedValue {
        // A closure per slot per commit cost an allocation even for an Int.
        if let native = NativeKind.of(Value.self).encode(value) { return .encoded(native) }
        let snapshot = value
        return .deferred { try ValueCodec.encode(snapshot) }
    }

    override func replace(with stored: StoredValue) throws -> Bool {
        let decoded = try ValueCodec.decode(Value.self, from: stored)
        if isUnchanged(decoded) { return false }
        value = decoded
        revision &+= 1
        return true
    }

    override func resetToInitial() {
        value = initialValue
        revision &+= 1
    }
}

/// The cell of an `Equatable` value: `==` is called on the stored value in place, through the
/// conformance, where a stored `(Value, Value) -> Bool` closure copied both values for every
/// write.
final class EquatableSlotCell<Value: Codable & Equatable>: TypedSlotCell<Value>, @unchecked Sendable {
    override func isUnchanged(_ newValue: Value) -> Bool { value == newValue }
}
