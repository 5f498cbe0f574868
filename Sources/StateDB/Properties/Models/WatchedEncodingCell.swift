import Foundation
import Observation

/// The cell of a slot whose `Codable` value holds `@Observable` models: a model itself
/// (`ObservedModelCell`), or an optional or an array of them. The value is persisted under the
/// slot's key, and stored again after the models' properties change.
///
/// The models' properties change without any write to the slot, so the cell watches them:
/// each time it encodes the value (when a property first attaches to it, and at every commit
/// of it) it tracks with Observation what the encoding read, and the first change of one of
/// those properties marks the slot for the next commit (`noteChangedInPlace`), which encodes,
/// and so watches, again. An encoding that reads no tracked property — the synthesized
/// `encode(to:)` of a model with `CodingKeys` reads the macro's `_name` storage directly —
/// cannot be watched that way; the cell then compares the value's encoding with the last one
/// before each commit instead (`StateStore.pollInPlaceChanges`).
class WatchedEncodingCell<Value: Codable>: TypedSlotCell<Value>, @unchecked Sendable {
    // (side lock)
    private weak var store: StateStore?
    private var isWatched = false
    /// The encoding is compared before each commit (it reads no tracked property).
    private var isPolled = false
    /// The last encoding committed or compared, for a polled cell.
    private var lastEncoding: StoredValue?
    /// The initial value's encoding when the first property attached, before the app could
    /// change it: a reset decodes a new model from it (the initial model itself is the one the
    /// app went on to change, when the slot had no row).
    private var initialEncoding: StoredValue?

    private var sideLock: NSLock { SideLocks.lock(for: self) }

    override final func didAttach(to store: StateStore) {
        let first = sideLock.withLock {
            defer {
                isWatched = true
                self.store = store
            }
            return !isWatched
        }
        guard first else { return }
        let initial = try? ValueCodec.encode(initialValue)
        sideLock.withLock { initialEncoding = initial }
        _ = encodeWatching(store.read(self), store: store)
    }

    override final func makeFreshInitialValue() -> StagedValue? {
        guard let encoding = sideLock.withLock({ initialEncoding }),
              let fresh = try? ValueCodec.decode(Value.self, from: encoding) else { return nil }
        return TypedStagedValue(revision: 0, value: fresh)
    }

    override final func didReplaceValue(in store: StateStore) {
        guard sideLock.withLock({ isWatched }) else { return }
        _ = encodeWatching(store.read(self), store: store)
    }

    override final func captureForCommit() -> CapturedValue {
        let snapshot = value  // under the store's lock: a reference (or a few), encoded outside it
        return .deferred { [self] in
            guard let store = sideLock.withLock({ self.store }) else { return try ValueCodec.encode(snapshot) }
            return try encodeWatching(snapshot, store: store).get()
        }
    }

    /// Encodes `model`, watching what the encoding reads (see the type's comment).
    private func encodeWatching(_ model: Value, store: StateStore) -> Result<StoredValue, Error> {
        var tracked = false
        let encoded = withObservationTracking({ Result { try ValueCodec.encode(model) } }, onChange: { () -> @Sendable () -> Void in
            tracked = true
            return changedInPlaceNotice(for: self, in: store)
        }())
        let startsPolling = sideLock.withLock {
            if case .success(let value) = encoded { lastEncoding = value }
            guard !tracked, !isPolled else { return false }
            isPolled = true
            return true
        }
        if startsPolling { store.pollInPlaceChanges(of: self) }
        return encoded
    }

    override final func changedInPlaceSinceCommit(in store: StateStore) -> Bool {
        guard let encoded = try? ValueCodec.encode(store.read(self)) else { return false }
        return sideLock.withLock {
            guard encoded != lastEncoding else { return false }
            lastEncoding = encoded
            return true
        }
    }
}

/// The cell of a slot holding one `@Observable` model that is `Codable` (see
/// `WatchedEncodingCell`). The same object written again is no change (`===`): a write through
/// `$model.count` changes the model in place, and its readers re-run through their own
/// tracking, not through the slot.
final class ObservedModelCell<Value: AnyObject & Observable & Codable>: WatchedEncodingCell<Value>, @unchecked Sendable {
    override func isUnchanged(_ newValue: Value) -> Bool { value === newValue }
    override func isEqual(_ a: Value, _ b: Value) -> Bool { a === b }
}

/// The standard containers, which may hold `@Observable` models without being one: an
/// optional, an array, a set, a dictionary's values, nested in any way (`[Library]?`,
/// `[String: [Library]]`). A slot whose value holds models has a cell that watches them
/// (`WatchedEncodingCell`). Asked of the element type at run time, once per slot type: a
/// conditional conformance could not name both `Optional<Model>` and `Optional<[Model]>`.
protocol ObservableModelContainer {
    static var holdsObservableModels: Bool { get }
}

/// `type` is an `@Observable`, `Codable` class, or a standard container holding such models.
func holdsObservableModels(_ type: Any.Type) -> Bool {
    type is any (AnyObject & Observable & Codable).Type
        || (type as? any ObservableModelContainer.Type)?.holdsObservableModels == true
}

extension Optional: ObservableModelContainer {
    static var holdsObservableModels: Bool { StateDB.holdsObservableModels(Wrapped.self) }
}
extension Array: ObservableModelContainer {
    static var holdsObservableModels: Bool { StateDB.holdsObservableModels(Element.self) }
}
extension Set: ObservableModelContainer {
    static var holdsObservableModels: Bool { StateDB.holdsObservableModels(Element.self) }
}
extension Dictionary: ObservableModelContainer {
    static var holdsObservableModels: Bool { StateDB.holdsObservableModels(Value.self) }
}

/// What a watched encoding's tracking calls when a property it read is about to change: marks
/// the cell for the next commit. Made outside the generic cell, so the closure captures no
/// generic type; weak, so a registration left with a model keeps neither the cell nor the store.
private func changedInPlaceNotice(for cell: SlotCell, in store: StateStore) -> @Sendable () -> Void {
    { [weak cell, weak store] in
        guard let cell, let store else { return }
        store.noteChangedInPlace(cell)
    }
}
