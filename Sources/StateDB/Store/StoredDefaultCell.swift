/// The cell of a slot whose declarations' defaults are not stored (`@AppStorage`,
/// `@SceneStorage`): until its key is written it has no value and no row, and each reader shows
/// its own default. The first write gives it a value, which the next commit stores; deleting the
/// row (`statedb rm`, or writing nil to an optional declaration) takes the value away again.
///
/// "No value" is kept as the revision the cell had when it lost its value: every change of the
/// value bumps `revision` (`StateStore.write`, `modify`, `replace`), so a write needs no extra
/// step to end it, and the cells of `@State` carry nothing for it. Guarded by the store's lock,
/// as every field of a cell.
///
/// The value held while there is none is a placeholder (the default of the declaration that
/// made the cell), never shown: `EquatableStoredDefaultCell` keeps a write of a value equal to
/// it from being taken for an equal write.
class StoredDefaultCell<Value: Codable>: TypedSlotCell<Value>, @unchecked Sendable {
    /// `revision` when the cell last lost its value; `.max` while it has one.
    private var noValueRevision: UInt64 = .max

    override var hasNoValue: Bool { revision == noValueRevision }
    override var recordsInitialValue: Bool { false }

    /// (lock held) From now on the cell has no value: readers show their defaults.
    final func markHasNoValue() { noValueRevision = revision }

    /// The row is gone: back to no value (the placeholder is the first declaration's default,
    /// never shown).
    override func resetToInitialLocked() -> StagedValue {
        let old = super.resetToInitialLocked()
        markHasNoValue()
        return old
    }

    /// A value read from the database counts as a change while the cell has no value, even
    /// one equal to the placeholder it holds meanwhile.
    override func decode(_ stored: StoredValue, into staged: StagedValue) throws -> Bool {
        let hadNoValue = staged.revision == noValueRevision
        let changed = try super.decode(stored, into: staged)
        if changed || !hadNoValue { return changed }
        let typed = staged as! TypedStagedValue<Value>
        typed.value = try ValueCodec.decode(Value.self, from: stored)
        return true
    }
}

/// The cell of an `Equatable` value whose defaults are not stored: an equal write does nothing,
/// unless the cell has no value yet. Then any value counts, even one equal to the placeholder
/// `value` holds meanwhile: writing a default stores it, as `UserDefaults.set` does. (Values
/// that are not `Equatable` always count.) Writes (`StateStore.write`, `modify`) and values
/// from other processes (`replace`) ask this, under the store's lock, before taking a value.
final class EquatableStoredDefaultCell<Value: Codable & Equatable>: StoredDefaultCell<Value>, @unchecked Sendable {
    override func isUnchanged(_ newValue: Value) -> Bool { !hasNoValue && value == newValue }
}
