/// The store's `SlotTypes` of a `@State` or `@NonState` slot, with the location class its box
/// hands out: `SlotLocation<Value>` looked up once per view type, not once per slot mounted
/// (a generic class's metadata look-up, ~330 instructions: 1.1% of the hydrate bench).
final class LocatedSlotTypes<Value: Codable>: SlotTypes<Value> {
    let location = SlotLocation<Value>.self
}
