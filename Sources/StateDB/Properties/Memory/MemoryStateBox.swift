import Foundation
import Observation

/// The storage of a `@State` or `@NonState` whose value is not `Codable` (a `Task`, a closure,
/// a model class that is not `Codable`): kept in memory, per identity, never in the store.
///
/// The first box the host attaches for an identity becomes that identity's value; boxes of
/// later structs of the same view (re-created at every evaluation of the parent) forward to
/// it, so the value survives re-creation and re-evaluation. It goes when the view leaves the
/// tree (nothing holds it then), and a restart starts from the initial value. The host
/// reports the slot once (`notPersisted`).
///
/// Reads and writes go through Observation, as an `@Observable` model's properties do: a body
/// that reads the value depends on it, and a write, from any thread, re-runs those bodies
/// (through the host's tracking of each evaluation). `@NonState` neither registers reads nor
/// notifies writes.
///
/// A write of the same object (a class value) counts as no change: writing a property of a
/// model through `$model.count` leaves the model where it is, and only the views that read
/// `count` re-run, as in SwiftUI. Other values always count as changed.
@usableFromInline
final class MemoryStateBox<Value>: StateBox<Value>, MemoryLocation, @unchecked Sendable {
    let tracksReads: Bool
    /// The first attach reports the slot (`notPersisted`); false for values that are never
    /// persisted by design (`@FocusState`), where the report would say nothing useful.
    let reportsNotPersisted: Bool
    private let observation = ValueObservation()
    /// What `value` starts as, and goes back to when the view leaves the tree (`end()`).
    private let initialValue: Value
    /// (side lock) The value, when this box is the identity's (or unattached).
    private var value: Value
    /// (side lock) The identity's box, when another box is (a re-created struct's).
    private var attachment: MemoryStateBox<Value>?
    /// (side lock) The slot's key, once attached (for `Binding.slotKey` and diagnostics).
    private var key: String?

    @usableFromInline
    init(initialValue: Value, tracksReads: Bool, reportsNotPersisted: Bool = true) {
        value = initialValue
        self.initialValue = initialValue
        self.tracksReads = tracksReads
        self.reportsNotPersisted = reportsNotPersisted
    }

    private var lock: NSLock { SideLocks.lock(for: self) }

    /// The box holding the identity's value: the attachment, or this one.
    private var resolved: MemoryStateBox<Value> { lock.withLock { attachment } ?? self }

    override func get() -> Value {
        let box = resolved
        if box.tracksReads { box.observation.access() }
        let lock = box.lock
        lock.lock()
        let value = box.value
        lock.unlock()
        return value
    }

    override func set(_ newValue: Value) {
        let box = resolved
        var incoming = newValue
        let lock = box.lock
        lock.lock()
        let same = Self.isSameObject(box.value, incoming)
        lock.unlock()
        if same { return }
        if box.tracksReads {
            box.observation.withMutation {
                lock.withLock { swap(&box.value, &incoming) }
            }
        } else {
            lock.withLock { swap(&box.value, &incoming) }
        }
        // `incoming` holds the old value, released here, after the lock.
    }

    /// Whether both values are the same instance of a class.
    private static func isSameObject(_ a: Value, _ b: Value) -> Bool {
        guard Value.self is AnyObject.Type else { return false }
        return (a as AnyObject) === (b as AnyObject)
    }

    override func isSame(as other: Location<Value>) -> Bool {
        guard let other = other as? MemoryStateBox<Value> else { return false }
        return resolved === other.resolved
    }

    override var slotKey: String? {
        let box = resolved
        return box.lock.withLock { box.key }
    }

    override var location: Location<Value> { resolved }

    // MARK: Attaching

    /// The first attach for an identity: this box becomes its value.
    override func attachProperty(store: StateStore, key: SlotKey, types: AnySlotTypes, attachment _: inout SlotAttachment) throws -> AnySlotLocation {
        let text = key.key
        lock.withLock {
            self.key = text
            attachment = nil
        }
        guard reportsNotPersisted else { return self }
        store.reportOnce(StateDiagnostic(
            kind: .notPersisted, key: text,
            message: "\(ValueCodec.typeName(of: Value.self)) is not Codable, so this slot is kept in memory only: it survives re-evaluation and re-creation of the view, not a restart. Make the type Codable to persist it."))
        return self
    }

    override func reattachProperty(_ location: AnySlotLocation) -> Bool {
        guard let location = location as? MemoryStateBox<Value> else { return false }
        // The identity's box itself, not the box it was reached through (the previous struct's,
        // which forwards to it): a chain of forwarding boxes would grow with every re-creation.
        let identityBox = location.resolved
        if identityBox !== self {
            var previous: MemoryStateBox<Value>? = identityBox
            lock.withLock { swap(&attachment, &previous) }
        }
        return true
    }

    /// Attached: the identity's box, or forwarding to it.
    override var attachedLocation: AnySlotLocation? {
        lock.withLock { key != nil || attachment != nil } ? self : nil
    }

    var anyCell: SlotCell? { nil }
    var isOwnedByView: Bool { true }

    /// The view left the tree: the identity's value goes, as a stored slot's row does. The box
    /// (and the identity's, when this one forwards to it) is detached and holds its initial
    /// value again, so a struct the app kept (a navigation link's destination) mounting again
    /// starts afresh. A class instance given as the initial value is that same instance: what
    /// was changed in it stays.
    func end() {
        let identityBox = resolved
        for box in identityBox === self ? [self] : [identityBox, self] {
            box.lock.withLock {
                box.key = nil
                box.attachment = nil
                box.value = box.initialValue
            }
        }
    }
}

/// The Observation registrar of one in-memory value. A class of its own (not generic), so the
/// key path it registers is one constant, not one instantiated per generic type and access.
final class ValueObservation: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    /// Nothing: the key path stands for "the value".
    var value: Void { () }

    func access() {
        registrar.access(self, keyPath: \.value)
    }

    func withMutation(_ mutation: () -> Void) {
        registrar.withMutation(of: self, keyPath: \.value, mutation)
    }
}
