import Foundation
import StateDB
import Testing

// Bindings may be used from any thread. Every kind of binding is driven here from four threads
// at once — reads, whole writes, key-path writes and nested key-path writes (the store's
// read-change-write) — on a real store, while the main thread updates the host and flushes:
// nothing crashes, every read sees a whole value, and no thread's write to its own part of a
// value is lost to another thread's write to another part.

/// One part per thread, a note all of them write, and flags one level down.
struct Parts: Codable, Equatable, Sendable {
    var counts = [0, 0, 0, 0]
    var note = "start"
    var inner = Inner()

    struct Inner: Codable, Equatable, Sendable {
        var flags = [false, false, false, false]
    }
}

/// What the threads do to a binding, and what must hold after.
struct ThreadWorkload {
    static let threads = 4
    static let steps = 1000

    /// Thread `worker` writes its own count and flag through key paths and the shared note,
    /// reads the whole value back (its own count must be what it last wrote: nobody else writes
    /// it), and writes `whole` as a whole. Returns what went wrong.
    static func run<Root>(
        worker: Int, parts: Binding<Root>, at path: WritableKeyPath<Root, Parts>,
        whole: Binding<Root>, wrap: (Parts) -> Root, flush: () -> Void
    ) -> [String] {
        var problems: [String] = []
        let count = parts[dynamicMember: path.appending(path: \Parts.counts[worker])]
        let flag = parts[dynamicMember: path.appending(path: \Parts.inner.flags[worker])]
        let note = parts[dynamicMember: path.appending(path: \Parts.note)]
        for step in 1...steps {
            count.wrappedValue = step
            note.wrappedValue = "worker \(worker) step \(step)"
            flag.wrappedValue = step % 2 == 0
            let seen = parts.wrappedValue[keyPath: path]
            if seen.counts[worker] != step { problems.append("worker \(worker) wrote \(step), read \(seen.counts[worker])") }
            if count.wrappedValue != step { problems.append("worker \(worker): its key-path binding reads \(count.wrappedValue), not \(step)") }

            whole.wrappedValue = wrap(Parts(counts: [worker, step, 0, 0], note: "whole \(worker)"))
            let read = whole.wrappedValue[keyPath: path]
            if read.note != "whole \(read.counts[0])" && read.note != "start" { problems.append("torn whole value \(read)") }
            if step % 100 == 0 { flush() }
        }
        return problems
    }

    /// What the value is once every thread is done.
    static func checkFinal(_ value: Parts, _ what: String) {
        #expect(value.counts == Array(repeating: steps, count: threads), "\(what): a thread's key-path write was lost")
        #expect(value.inner.flags == Array(repeating: steps % 2 == 0, count: threads), "\(what): a nested key-path write was lost")
        #expect((0..<threads).map { "worker \($0) step \(steps)" }.contains(value.note), "\(what): note is \(value.note)")
    }

    static func checkWhole(_ value: Parts, _ what: String) {
        #expect(value.counts[1] == steps && value.note == "whole \(value.counts[0])", "\(what): whole is \(value)")
    }
}

// MARK: - Views that hand their bindings out

/// Hands out `$parts` from its initializer, before the host attaches the state to its slot: the
/// binding is then the `@State`'s own storage, which forwards to the slot once attached.
private struct PartsOwner: View {
    @State var parts = Parts()
    @State var whole = Parts()
    let sink: Locked<[Binding<Parts>]>

    init(sink: Locked<[Binding<Parts>]>) {
        self.sink = sink
        sink.value = [$parts, $whole]
    }

    var body: some View {
        // Read, so every change re-runs this body while the threads hold the bindings.
        Text("\(parts.counts) \(whole.note)")
    }
}

struct PartsRow: Identifiable, Codable, Equatable, Sendable {
    var id: Int
    var parts = Parts()
}

private struct PartsRowList: View {
    @State var rows = (0..<3).map { PartsRow(id: $0) }
    let sink: Locked<[Int: Binding<PartsRow>]>

    var body: some View {
        ForEach($rows) { $row in
            PartsRowView(row: $row, sink: sink)
        }
    }
}

private struct PartsRowView: View {
    @Binding var row: PartsRow
    let sink: Locked<[Int: Binding<PartsRow>]>

    var body: some View {
        let _ = sink.mutate { [binding = $row, id = row.id] in $0[id] = binding }
        Text("row \(row.id): \(row.parts.counts)")
    }
}

@MainActor
struct ThreadSafetyTests {
    /// Starts the workload on four threads and keeps the main thread updating `host` until
    /// they are done (or the deadline passes).
    private func runWorkload(
        updating host: ViewHost?, store: StateStore,
        _ body: @escaping @Sendable (_ worker: Int, _ flush: () -> Void) -> [String]
    ) -> [String] {
        let problems = Locked<[String]>([])
        let done = Locked(0)
        for worker in 0..<ThreadWorkload.threads {
            Thread {
                let found = body(worker) { do { try store.flush() } catch { problems.mutate { $0.append("flush: \(error)") } } }
                problems.mutate { $0 += found }
                done.mutate { $0 += 1 }
            }.start()
        }
        let deadline = Date().addingTimeInterval(120)
        while done.value < ThreadWorkload.threads {
            if Date() > deadline { return problems.value + ["the threads did not finish in 120 s (deadlock?)"] }
            host?.update()
            Thread.sleep(forTimeInterval: 0.001)
        }
        host?.update()
        return problems.value
    }

    @Test func storeBindingsAndTheirKeyPaths() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let parts = try store.binding(for: "Threads/parts", default: Parts())
        let whole = try store.binding(for: "Threads/whole", default: Parts())
        let problems = runWorkload(updating: nil, store: store) { worker, flush in
            ThreadWorkload.run(worker: worker, parts: parts, at: \.self, whole: whole, wrap: { $0 }, flush: flush)
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        ThreadWorkload.checkFinal(parts.wrappedValue, "slot binding")
        ThreadWorkload.checkWhole(whole.wrappedValue, "slot binding")
        store.close()

        let reopened = try StateStore(path: folder.storePath)
        ThreadWorkload.checkFinal(try reopened.binding(for: "Threads/parts", default: Parts()).wrappedValue, "stored")
        reopened.close()
    }

    @Test func unwrappedOptionalBindings() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let optionalParts = try store.binding(for: "Threads/optionalParts", default: Parts?.some(Parts()))
        let optionalWhole = try store.binding(for: "Threads/optionalWhole", default: Parts?.some(Parts()))
        let parts = try #require(Binding(optionalParts))
        let whole = try #require(Binding(optionalWhole))
        let problems = runWorkload(updating: nil, store: store) { worker, flush in
            ThreadWorkload.run(worker: worker, parts: parts, at: \.self, whole: whole, wrap: { $0 }, flush: flush)
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        ThreadWorkload.checkFinal(try #require(optionalParts.wrappedValue), "unwrapped binding")
        ThreadWorkload.checkWhole(whole.wrappedValue, "unwrapped binding")
        store.close()
    }

    @Test func optionalWrappingBindings() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let plainParts = try store.binding(for: "Threads/plainParts", default: Parts())
        let plainWhole = try store.binding(for: "Threads/plainWhole", default: Parts())
        let parts = Binding<Parts?>(plainParts)
        let whole = Binding<Parts?>(plainWhole)
        let problems = runWorkload(updating: nil, store: store) { worker, flush in
            ThreadWorkload.run(worker: worker, parts: parts, at: \.!, whole: whole, wrap: { $0 }, flush: flush)
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        ThreadWorkload.checkFinal(plainParts.wrappedValue, "wrapping binding")
        ThreadWorkload.checkWhole(plainWhole.wrappedValue, "wrapping binding")
        store.close()
    }

    @Test func forEachElementBindingsWhileTheHostUpdates() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let sink = Locked<[Int: Binding<PartsRow>]>([:])
        let host = ViewHost(root: PartsRowList(sink: sink), store: store)
        let parts = try #require(sink.value[1])
        let whole = try #require(sink.value[2])
        let problems = runWorkload(updating: host, store: store) { worker, flush in
            ThreadWorkload.run(worker: worker, parts: parts, at: \.parts, whole: whole, wrap: { PartsRow(id: 2, parts: $0) }, flush: flush)
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        let rows = try store.binding(for: "PartsRowList/rows", default: [PartsRow]()).wrappedValue
        #expect(rows.map(\.id) == [0, 1, 2])
        ThreadWorkload.checkFinal(rows[1].parts, "element binding")
        ThreadWorkload.checkWhole(rows[2].parts, "element binding")
        #expect(rows[0] == PartsRow(id: 0), "an element nobody wrote")
        #expect(host.texts.contains("row 1: \(rows[1].parts.counts)"), "the host shows the final value")
        store.close()
    }

    @Test func stateBindingsOfAMountedViewWhileTheHostUpdates() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let sink = Locked<[Binding<Parts>]>([])
        let host = ViewHost(root: PartsOwner(sink: sink), store: store)
        let (parts, whole) = (sink.value[0], sink.value[1])
        #expect(parts.slotKey == "PartsOwner/parts", "attached by the mount")
        let problems = runWorkload(updating: host, store: store) { worker, flush in
            ThreadWorkload.run(worker: worker, parts: parts, at: \.self, whole: whole, wrap: { $0 }, flush: flush)
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        let stored = try store.binding(for: "PartsOwner/parts", default: Parts()).wrappedValue
        ThreadWorkload.checkFinal(stored, "state binding")
        ThreadWorkload.checkWhole(try store.binding(for: "PartsOwner/whole", default: Parts()).wrappedValue, "state binding")
        store.close()
    }

    /// A view struct used outside any host: its state is a plain in-memory variable, which
    /// must be as safe to share as the slot it would be in a host.
    @Test func stateOfAViewOutsideAnyHost() throws {
        let store = StateStore.inMemory()  // only for the workload's flushes
        let sink = Locked<[Binding<Parts>]>([])
        let view = PartsOwner(sink: sink)
        let (parts, whole) = (sink.value[0], sink.value[1])
        #expect(parts.slotKey == nil)
        let problems = runWorkload(updating: nil, store: store) { worker, flush in
            ThreadWorkload.run(worker: worker, parts: parts, at: \.self, whole: whole, wrap: { $0 }, flush: flush)
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        ThreadWorkload.checkFinal(view.parts, "unattached state")
        ThreadWorkload.checkWhole(view.whole, "unattached state")
    }

    /// `Binding(get:set:)` is as safe as its closures (here: behind a lock); a constant never
    /// changes. Key-path writes through closures are a read then a write, so only whole
    /// values are checked.
    @Test func closureAndConstantBindings() throws {
        let store = StateStore.inMemory()
        let backing = Locked(Parts())
        let closures = Binding(get: { backing.value }, set: { backing.value = $0 })
        let constant = Binding.constant(Parts())
        let problems = runWorkload(updating: nil, store: store) { worker, _ in
            var problems: [String] = []
            for step in 1...ThreadWorkload.steps {
                closures.wrappedValue = Parts(counts: [worker, step, 0, 0], note: "whole \(worker)")
                let read = closures.wrappedValue
                // A key-path write through closures is a read then a write: it may pair one
                // thread's note with another's counts, but never tears a value.
                if read.note != "whole \(read.counts[0])" && !read.note.hasPrefix("note ") { problems.append("torn \(read)") }
                closures.note.wrappedValue = "note \(worker)"
                constant.counts.wrappedValue = [step]
                if constant.wrappedValue != Parts() { problems.append("the constant changed") }
            }
            return problems
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(closures.wrappedValue.counts[1] == ThreadWorkload.steps)
    }
}
