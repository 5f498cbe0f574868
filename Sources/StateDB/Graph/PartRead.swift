/// A body's read of a part of a slot's value through a binding made from the slot's: the
/// element of `ForEach($items) { $item in … }`, `$settings.volume`, `Binding($optional)`.
///
/// A change to the slot re-runs such a reader only when the part it read changed: editing one
/// element of a list re-runs that element's row, not every row (each row's body reads the whole
/// list's slot through its element binding). Whether the part changed is told by the part's
/// `==`, and only for a slot whose own value is `Equatable`: the store decides by the same
/// `==` whether a write changes the slot, so a part is never held unchanged by an `==` the
/// store does not trust. A part that is not `Equatable`, or is an object (whose `==` compares
/// the object with itself once it changed in place), is a read of the whole slot.
struct PartRead {
    /// The slot the part is of.
    let cell: SlotCell
    /// The binding's location it was read through: a body reads its element's fields through
    /// one binding several times, and one check serves the reads that saw the same value.
    let location: ObjectIdentifier
    /// What the body saw, for telling a later read through the same location that saw
    /// something else (another thread wrote meanwhile) from one that saw the same.
    let seen: Any
    /// Whether the binding reads now what the body saw.
    let isUnchanged: () -> Bool
}

extension Location {
    /// `read()` (this location's value), recorded for the body being evaluated as a read of a
    /// part of `slotOfParts`; the reads `read` makes of that slot itself are the part's, and
    /// other reads (a computed key path reading another binding) are recorded as usual. A part
    /// that cannot be told unchanged (see `PartRead`) is recorded as a read of the whole slot.
    ///
    /// Outside a body, or for a location over no slot, just `read()`.
    func readAsPart(_ read: () -> Value) -> Value {
        guard let recorder = ReadTracker.current, let cell = slotOfParts else { return read() }
        let seen = recorder.readingPart(of: cell, read)
        guard cell.holdsEquatableValue, Value.self is any Equatable.Type, !(Value.self is AnyClass) else {
            recorder.record(cell)
            return seen
        }
        let location = ObjectIdentifier(self)
        if let earlier = recorder.latestPart(through: location), let earlierSeen = earlier.seen as? Value,
           equalIfEquatable(earlierSeen, seen) {
            return seen  // the check recorded for that read serves this one
        }
        recorder.recordPart(PartRead(cell: cell, location: location, seen: seen) { [self] in
            // Untracked: a check runs between evaluations, but a body may call `update()`.
            equalIfEquatable(seen, ReadTracker.untracked { self.get() })
        })
        return seen
    }
}

/// Whether `lhs == rhs`, when `Value` is `Equatable`; false when it is not.
func equalIfEquatable<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    guard let equatable = Value.self as? any Equatable.Type else { return false }
    func open<E: Equatable>(_: E.Type) -> Bool {
        guard let lhs = lhs as? E, let rhs = rhs as? E else { return false }
        return lhs == rhs
    }
    return open(equatable)
}
