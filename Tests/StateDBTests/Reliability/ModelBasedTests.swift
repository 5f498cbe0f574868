import Foundation
import StateDB
import Testing

// Seeded random sequences of operations — mounting and unmounting views, writes through
// bindings and key paths, @NonState writes, flushes, restarts and edits by another process —
// checked after every step against a small in-memory model of the semantics.
//
// A failure prints its seed; replay it with STATEDB_SEED=<seed> swift test --filter ModelBased.

private struct Pair: Codable, Equatable {
    var left = 0
    var right = 0
}

private struct Board: View {
    @State var rows: [Int] = []
    @State var showExtra = false
    var body: some View {
        Text("rows \(rows.count)")
        ForEach(rows, id: \.self) { id in
            Line(id: id)
        }
        if showExtra {
            Extra()
        }
    }
}

private struct Line: View {
    let id: Int
    @State var count = 0
    @NonState var note = 0
    var body: some View {
        Counter(label: "line \(id)", count: $count)
    }
}

private struct Counter: View {
    let label: String
    @Binding var count: Int
    var body: some View {
        Text("\(label): \(count)")
    }
}

private struct Extra: View {
    @State var pair = Pair()
    var body: some View {
        Text("pair \(pair.left) \(pair.right)")
        PairEditor(right: $pair.right)
    }
}

private struct PairEditor: View {
    @Binding var right: Int
    var body: some View {
        Button("right+1") { right += 1 }
    }
}

/// What the semantics say the store and the screen hold.
private struct Model {
    var rows: [Int] = []
    var showExtra = false
    var counts: [Int: Int] = [:]
    var notes: [Int: Int] = [:]
    var pair = Pair()

    func render() -> String {
        var lines = ["rows \(rows.count)"]
        for id in rows { lines.append("line \(id): \(counts[id] ?? 0)") }
        if showExtra { lines += ["pair \(pair.left) \(pair.right)", "[ right+1 ]"] }
        return lines.joined(separator: "\n")
    }

    mutating func remove(_ id: Int) {
        rows.removeAll { $0 == id }
        counts[id] = nil
        notes[id] = nil
    }
}

private func lineKey(_ id: Int, _ property: String) -> String {
    "Board/ForEach/Line[id: \(id)]/\(property)"
}

@MainActor
struct ModelBasedTests {
    nonisolated static var seeds: [UInt64] {
        if let text = ProcessInfo.processInfo.environment["STATEDB_SEED"], let seed = UInt64(text) { return [seed] }
        let long = ProcessInfo.processInfo.environment["STATEDB_LONG"] == "1"
        return Array(1...(long ? 40 : 5))
    }

    @Test(arguments: seeds)
    func randomSequencesFollowTheModel(seed: UInt64) throws {
        let folder = TemporaryDirectory()
        var random = SeededGenerator(state: seed)
        var model = Model()
        var store = try StateStore(path: folder.storePath)
        var host = ViewHost(root: Board(), store: store)
        var nextID = 1
        var trace: [String] = []

        func fail(_ message: String) -> Comment {
            "seed \(seed), step \(trace.count): \(message)\nlast steps: \(trace.suffix(8).joined(separator: "; "))\nreplay: STATEDB_SEED=\(seed) swift test --filter ModelBasedTests"
        }

        for _ in 0..<2_000 {
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case 0..<12:
                trace.append("add \(nextID)")
                let rows = try store.binding(for: "Board/rows", default: [Int]())
                let position = Int.random(in: 0...model.rows.count, using: &random)
                rows.wrappedValue.insert(nextID, at: position)
                model.rows.insert(nextID, at: position)
                nextID += 1
            case 12..<18 where !model.rows.isEmpty:
                let id = model.rows.randomElement(using: &random)!
                trace.append("remove \(id)")
                try store.binding(for: "Board/rows", default: [Int]()).wrappedValue.removeAll { $0 == id }
                model.remove(id)
            case 18..<24:
                trace.append("shuffle")
                model.rows.shuffle(using: &random)
                try store.binding(for: "Board/rows", default: [Int]()).wrappedValue = model.rows
            case 24..<30:
                trace.append("extra \(!model.showExtra)")
                model.showExtra.toggle()
                if !model.showExtra { model.pair = Pair() }
                try store.binding(for: "Board/showExtra", default: false).wrappedValue = model.showExtra
            case 30..<55 where !model.rows.isEmpty:
                let id = model.rows.randomElement(using: &random)!
                let value = Int.random(in: -3...50, using: &random)
                trace.append("count \(id) = \(value)")
                try store.binding(for: lineKey(id, "count"), default: 0).wrappedValue = value
                model.counts[id] = value
            case 55..<63 where !model.rows.isEmpty:
                let id = model.rows.randomElement(using: &random)!
                let value = Int.random(in: 0...1_000, using: &random)
                trace.append("note \(id) = \(value)")
                try store.binding(for: lineKey(id, "note"), default: 0).wrappedValue = value
                model.notes[id] = value
            case 63..<72 where model.showExtra:
                trace.append("tap right+1")
                try host.button("right+1").tap()
                model.pair.right += 1
            case 72..<76 where model.showExtra:
                let value = Int.random(in: 0...9, using: &random)
                trace.append("pair.left = \(value)")
                try store.binding(for: "Board/Extra/pair", default: Pair()).left.wrappedValue = value
                model.pair.left = value
            case 76..<82:
                trace.append("flush")
                try store.flush()
            case 82..<87:
                trace.append("restart")
                store.close()
                store = try StateStore(path: folder.storePath)
                host = ViewHost(root: Board(), store: store)
            case 87..<95 where !model.rows.isEmpty:
                let id = model.rows.randomElement(using: &random)!
                let value = Int.random(in: 100...200, using: &random)
                trace.append("external count \(id) = \(value)")
                try store.flush()  // the app has nothing unflushed: the other process's commit is the last
                let other = try StateStore(path: folder.storePath)
                try other.binding(for: lineKey(id, "count"), default: 0).wrappedValue = value
                other.close()
                model.counts[id] = value
            default:
                trace.append("update")
            }
            host.update()
            let screen = host.render()
            #expect(screen == model.render(), fail("screen differs:\n\(screen)\n--- model:\n\(model.render())"))
            if screen != model.render() { return }
        }

        // Everything the model holds is what a fresh process reads back.
        store.close()
        let reopened = try StateStore(path: folder.storePath)
        for id in model.rows {
            #expect(try reopened.binding(for: lineKey(id, "count"), default: -1).wrappedValue == model.counts[id] ?? 0, fail("count of \(id)"))
            #expect(try reopened.binding(for: lineKey(id, "note"), default: -1).wrappedValue == model.notes[id] ?? 0, fail("note of \(id)"))
        }
        let keys = SQLiteProbe(path: folder.storePath).keys.filter { $0.contains("/Line[id: ") }
        #expect(keys.count <= model.rows.count * 2, fail("rows of removed lines were deleted: \(keys.count) for \(model.rows.count) lines"))
        reopened.close()
    }
}
