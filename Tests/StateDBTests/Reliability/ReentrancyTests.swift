import Foundation
import StateDB
import Testing

// The app's code never runs under the store's lock: a type's own `==`, a `didSet` reached
// through a key-path binding, `init(from:)` and `encode(to:)`, a change handler — each may read
// and write other bindings of the same store. Each test runs the store's work on a thread of its
// own and waits for it with a deadline, so a deadlock fails the test instead of hanging the run.

/// Another binding of the store under test, for the app's code below to read and write.
private enum Other {
    static let binding = Locked<Binding<Int>?>(nil)
    static let reads = Locked(0)

    /// Reads the other binding, as the app's code may; counts the reads.
    static func read() {
        guard let binding = binding.value else { return }
        _ = binding.wrappedValue
        reads.mutate { $0 += 1 }
    }
}

/// Equal when the ids are; `==` reads another binding first.
private struct ComparedByReading: Codable, Equatable {
    var id: Int
    var note = ""
    static func == (lhs: Self, rhs: Self) -> Bool {
        Other.read()
        return lhs.id == rhs.id
    }
}

/// `volume`'s `didSet` reads another binding and writes a third.
private struct ObservedSettings: Codable, Equatable {
    static let changes = Locked<Binding<Int>?>(nil)
    var volume = 0 {
        didSet {
            Other.read()
            if let changes = Self.changes.value { changes.wrappedValue = volume * 10 }
        }
    }
    var name = ""
}

/// Encoding reads another binding.
private struct EncodedByReading: Codable, Equatable {
    var id: Int

    private enum CodingKeys: String, CodingKey { case id }

    init(id: Int) { self.id = id }

    init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
    }

    func encode(to encoder: any Encoder) throws {
        Other.read()
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
    }
}

/// Decoding asks another thread to read a binding of the store, and waits for it a while: when
/// the store decodes under its lock, that read waits for the lock and the wait times out. (A
/// read on the decoding thread itself would deadlock, and a store stuck that way hangs the test
/// process at exit, when every open store is committed.)
private struct DecodedWhileProbing: Codable, Equatable {
    static let underLock = Locked<[Int]>([])
    static let decoded = Locked<[Int]>([])
    var id: Int

    private enum CodingKeys: String, CodingKey { case id }

    init(id: Int) { self.id = id }

    init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
        let id = self.id
        Self.decoded.mutate { $0.append(id) }
        if !Threads.finishes(within: 2, { Other.read() }) { Self.underLock.mutate { $0.append(id) } }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
    }
}

/// Build 1 of an app keeps a decoded-while-probing value at `ProbeScreen/Holder/value`; build 2
/// moves the holder into a stack, so mounting it carries the stored value over.
private enum ProbeBuild1 {
    struct ProbeScreen: View {
        var body: some View { Holder() }
    }
}

private enum ProbeBuild2 {
    struct ProbeScreen: View {
        var body: some View { VStack { Holder() } }
    }
}

private struct Holder: View {
    @State var value = DecodedWhileProbing(id: 0)
    var body: some View { Text("value \(value.id)") }
}

@Suite(.serialized)  // the types above share `Other`
struct ReentrancyTests {
    static let deadline = 10.0

    init() {
        Other.binding.value = nil
        Other.reads.value = 0
        ObservedSettings.changes.value = nil
        DecodedWhileProbing.underLock.value = []
        DecodedWhileProbing.decoded.value = []
    }

    @Test func aTypesOwnEqualsMayReadAnotherBinding() throws {
        // In memory: a store stuck in a deadlock must never be committed at exit.
        let store = StateStore.inMemory()
        Other.binding.value = try store.binding(for: "Reentrancy/other", default: 1)
        let value = try store.binding(for: "Reentrancy/compared", default: ComparedByReading(id: 0))
        try store.flush()

        let finished = Threads.finishes(within: Self.deadline) {
            value.wrappedValue = ComparedByReading(id: 1, note: "first")
            value.wrappedValue = ComparedByReading(id: 1, note: "equal by ==")  // compared, kept as is
            value.note.wrappedValue = "through a key path"                      // compared too
            try? store.flush()
        }
        #expect(finished, "writing a value whose == reads another binding deadlocked")
        guard finished else { return Threads.abandon(store) }
        #expect(Other.reads.value >= 3, "== ran")
        #expect(value.wrappedValue == ComparedByReading(id: 1) && value.wrappedValue.note == "first",
                "a write == to the value changes nothing (the key-path write made an == value too)")
    }

    @Test func aDidSetReachedThroughAKeyPathMayReadAndWriteOtherBindings() throws {
        let store = StateStore.inMemory()
        Other.binding.value = try store.binding(for: "Reentrancy/other", default: 1)
        let changes = try store.binding(for: "Reentrancy/changes", default: 0)
        ObservedSettings.changes.value = changes
        let settings = try store.binding(for: "Reentrancy/settings", default: ObservedSettings())

        let finished = Threads.finishes(within: Self.deadline) {
            settings.volume.wrappedValue = 7
            try? store.flush()
        }
        #expect(finished, "a didSet that reads another binding deadlocked")
        guard finished else { return Threads.abandon(store) }
        #expect(settings.wrappedValue.volume == 7)
        #expect(changes.wrappedValue == 70, "the didSet wrote another slot")
        #expect(Other.reads.value >= 1)
    }

    @Test func encodeToMayReadAnotherBinding() throws {
        // A file: an in-memory store's commits encode nothing (no row is ever read back).
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        Other.binding.value = try store.binding(for: "Reentrancy/other", default: 1)
        let value = try store.binding(for: "Reentrancy/encoded", default: EncodedByReading(id: 0))
        value.wrappedValue = EncodedByReading(id: 7)
        let flushed = Threads.finishes(within: Self.deadline) { try? store.flush() }
        #expect(flushed, "encoding for a commit deadlocked")
        guard flushed else { return Threads.abandon(store) }
        #expect(!store.hasPendingWrites)
        #expect(Other.reads.value >= 1)
    }

    /// The host's change handler runs outside the lock too.
    @MainActor @Test func aChangeHandlerMayReadBindings() throws {
        let store = StateStore.inMemory()
        let count = try store.binding(for: "Reentrancy/count", default: 0)
        let host = ViewHost(root: Text("static"), store: store)
        let seen = Locked<[Int]>([])
        host.onNeedsUpdate = { seen.mutate { $0.append(count.wrappedValue) } }
        let finished = Threads.finishes(within: Self.deadline) { count.wrappedValue = 4 }
        #expect(finished, "a change handler that reads a binding deadlocked")
        guard finished else { return Threads.abandon(store, host) }
        #expect(seen.value == [4])
    }

    /// A stored value is decoded when a slot is first asked for, when another process changed
    /// it, and when a new build carries it over to a new key: never under the store's lock.
    @MainActor @Test func initFromDecoderRunsOutsideTheLock() throws {
        let folder = TemporaryDirectory()
        do {
            let store = try StateStore(path: folder.storePath)
            try store.binding(for: "Reentrancy/decoded", default: DecodedWhileProbing(id: 0)).wrappedValue = DecodedWhileProbing(id: 5)
            let host = ViewHost(root: ProbeBuild1.ProbeScreen(), store: store)
            try #require(host.texts == ["value 0"])
            try store.binding(for: "ProbeScreen/Holder/value", default: DecodedWhileProbing(id: 0)).wrappedValue = DecodedWhileProbing(id: 8)
            try store.flush()
            store.close()
        }
        let store = try StateStore(path: folder.storePath)
        Other.binding.value = try store.binding(for: "Reentrancy/other", default: 1)

        // Hydrated on first use.
        let decoded = try store.binding(for: "Reentrancy/decoded", default: DecodedWhileProbing(id: 0))
        #expect(decoded.wrappedValue.id == 5)

        // Changed by another process, picked up.
        let other = try StateStore(path: folder.storePath)
        try other.binding(for: "Reentrancy/decoded", default: DecodedWhileProbing(id: 0)).wrappedValue = DecodedWhileProbing(id: 6)
        try other.flush()
        other.close()
        try store.refreshFromDisk()
        #expect(decoded.wrappedValue.id == 6)

        // Carried over by the next build's mount.
        let host = ViewHost(root: ProbeBuild2.ProbeScreen(), store: store)
        #expect(host.texts == ["value 8"])

        #expect(Set(DecodedWhileProbing.decoded.value).isSuperset(of: [5, 6, 8]), "every path decoded")
        #expect(DecodedWhileProbing.underLock.value == [], "these values were decoded under the store's lock")
        store.close()
    }
}
