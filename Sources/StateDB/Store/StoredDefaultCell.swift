/// The cell of a slot whose declarations' defaults are not stored (`@AppStorage`,
/// `@SceneStorage`): until its key is written it has no value and no row, and each reader shows
/// its own default. The first write gives it a value, which the next commit stores; deleting the
/// row (`statedb rm`, or writing nil to an optional declaration) takes the value away again.
///
/// "No value" is kept as the revision the cell had when it lost its value: every change of the
/// value bumps `revision` (`StateStore.write`, `modify`, `replace`), so a write needs no extra
/// step to end it, and the cells of `@State` carry nothing for it. Guarded by the store's lock,
/// as every field of a cell.
class StoredDefaultCell<Value: Codable>: TypedSlotCell<Value>, @unchecked Sendable {
    /// `revision` when the cell last lost its value; `.max` while it has one.
    @exclusivity(unchecked) private var noValueRevision: UInt64 = .max

    override var hasNoValue: Bool { revision == noValueRevision }

    /// (lock held) From now on the cell has no value: readers show their defaults.
    final func markHasNoValue() { noValueRevision = revision }

    /// A value written while the cell has none always counts, even when it equals the
    /// placeholder `value` holds meanwhile: writing the default stores it, as SwiftUI's
    /// `UserDefaults` does.
    override func replace(with stored: StoredValue) throws -> Bool {
        guard hasNoValue else { return try super.replace(with: stored) }
        value = try ValueCodec.decode(Value.self, from: stored)
        revision &+= 1
        return true
    }

    /// The row is gone: back to no value (the placeholder is the first declaration's default,
    /// never shown).
    override func resetToInitial() {
        super.resetToInitial()
        markHasNoValue()
    }
}

/// The cell of an `Equatable` value whose defaults are not stored: an equal write does nothing,
/// unless the cell has no value yet.
final class EquatableStoredDefaultCell<Value: Codable & Equatable>: StoredDefaultCell<Value>, @unchecked Sendable {
    override func isUnchanged(_ newValue: Value) -> Bool { !hasNoValue && value == newValue }
}
