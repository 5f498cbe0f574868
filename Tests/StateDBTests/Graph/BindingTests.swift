import StateDB
import Testing

// Bindings are typed row references: key paths write into the parent's slot, element
// bindings follow ids, unwrapping and wrapping optionals behave as in SwiftUI.

private struct Settings: Codable, Equatable {
    var volume = 5
    var muted = false
    var nickname: String? = nil
}

private struct SettingsScreen: View {
    @State var settings = Settings()
    var body: some View {
        let _ = EvaluationLog.record("SettingsScreen")
        Text("volume \(settings.volume)")
        MuteSwitch(isOn: $settings.muted)
        if let nickname = Binding($settings.nickname) {
            TextField("Nickname", text: nickname)
        } else {
            Button("Add nickname") { settings.nickname = "" }
        }
    }
}

private struct MuteSwitch: View {
    @Binding var isOn: Bool
    var body: some View {
        let _ = EvaluationLog.record("MuteSwitch")
        Toggle("Muted", isOn: $isOn)
    }
}

private struct Task: Identifiable, Codable, Equatable {
    var id: String
    var done = false
}

private struct TaskList: View {
    @State var tasks = [Task(id: "a"), Task(id: "b"), Task(id: "c")]
    var body: some View {
        ForEach($tasks) { $task in
            Toggle(task.id, isOn: $task.done)
        }
    }
}

@MainActor
@Suite(.serialized)
struct BindingTests {
    @Test func keyPathBindingsWriteIntoTheParentsSlotAndInvalidateItsReaders() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: SettingsScreen(), store: store)
        _ = EvaluationLog.take()
        try host.toggle("Muted").toggle()
        let settings = try store.binding(for: "SettingsScreen/settings", default: Settings(volume: -1))
        #expect(settings.wrappedValue == Settings(volume: 5, muted: true))
        #expect(EvaluationLog.take() == ["SettingsScreen"], "the screen read settings; the switch only hands $isOn to its Toggle")
        let volume = settings.volume
        volume.wrappedValue = 9
        host.update()
        #expect(host.texts.first == "volume 9")
        #expect(volume.slotKey == "SettingsScreen/settings")
    }

    @Test func optionalUnwrapIsNilUntilThereIsAValue() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: SettingsScreen(), store: store)
        #expect(host.findTextField("Nickname") == nil)
        try host.button("Add nickname").tap()
        try host.textField("Nickname").type("Ada")
        #expect(try store.binding(for: "SettingsScreen/settings", default: Settings()).wrappedValue.nickname == "Ada")
        try #expect(host.textField("Nickname").text == "Ada")
    }

    @Test func wrappingAsOptionalIgnoresNil() {
        var stored = 3
        let base = Binding(get: { stored }, set: { stored = $0 })
        let optional = Binding<Int?>(base)
        optional.wrappedValue = nil
        #expect(stored == 3)
        optional.wrappedValue = 4
        #expect(stored == 4)
        #expect(Binding(Binding<Int?>.constant(nil)) == nil)
    }

    @Test func elementBindingsFollowTheIdNotTheIndex() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: TaskList(), store: store)
        let b = try host.toggle("b")
        let tasks = try store.binding(for: "TaskList/tasks", default: [Task]())
        tasks.wrappedValue.reverse()  // b stays at index 1, a and c swap
        tasks.wrappedValue.remove(at: 0)  // c goes: b is now at index 0
        try b.toggle()  // an old handle: its binding still finds element "b"
        #expect(tasks.wrappedValue == [Task(id: "b", done: true), Task(id: "a")])
        #expect(host.controls.map(\.title) == ["b", "a"])
    }

    @Test func anElementBindingToARemovedElementWritesNothing() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: TaskList(), store: store)
        let c = try host.toggle("c")
        let tasks = try store.binding(for: "TaskList/tasks", default: [Task]())
        tasks.wrappedValue.removeAll { $0.id == "c" }
        try c.toggle()
        #expect(tasks.wrappedValue == [Task(id: "a"), Task(id: "b")])
    }

    @Test func bindingBasics() throws {
        let constant = Binding.constant(3)
        constant.wrappedValue = 4
        #expect(constant.wrappedValue == 3)
        #expect(constant.slotKey == nil)

        let store = StateStore.inMemory()
        let first = try store.binding(for: "Tools/count", default: 0)
        let second = try store.binding(for: "Tools/count", default: 0)
        first.wrappedValue = 2
        #expect(second.wrappedValue == 2, "two references to one row")
        #expect(first.refersToSameValue(as: second))
        #expect(first.projectedValue.slotKey == "Tools/count")
        #expect(throws: StateStoreError.self) { try store.binding(for: "Tools/count", default: "text") }

        let task = Binding.constant(Task(id: "x"))
        #expect(task.id == "x", "Identifiable when the value is")
    }

    @Test func aViewsBindingAndAStoreBindingToOneSlotReferToTheSameValue() throws {
        let store = StateStore.inMemory()
        let handedOut = HandedOutBindings()
        let host = ViewHost(root: BindingHolder(handedOut: handedOut), store: store)
        let fromStore = try store.binding(for: "BindingHolder/count", default: 0)
        fromStore.wrappedValue = 5
        host.update()  // re-runs the body: a fresh struct, a fresh `$count`
        #expect(handedOut.bindings.count == 2)
        let (first, second) = (handedOut.bindings[0], handedOut.bindings[1])
        #expect(first.refersToSameValue(as: second), "two evaluations, one slot")
        #expect(first.refersToSameValue(as: fromStore) && fromStore.refersToSameValue(as: first))
        #expect(!first.refersToSameValue(as: try store.binding(for: "BindingHolder/other", default: 0)))
        #expect(first.wrappedValue == 5 && first.slotKey == "BindingHolder/count")
    }

    @Test func aRecreatedViewsBindingIsTheSameSlotAsTheFirstStructs() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let handedOut = HandedOutBindings()
        let host = ViewHost(root: TickParent(handedOut: handedOut), store: store)
        let tick = try store.binding(for: "TickParent/tick", default: 0)
        tick.wrappedValue = 1
        host.update()  // the parent makes a new `TickedHolder`: a new struct, a new box
        #expect(handedOut.bindings.count == 2)
        let (first, second) = (handedOut.bindings[0], handedOut.bindings[1])
        #expect(first.refersToSameValue(as: second) && second.refersToSameValue(as: first))
        #expect(first.slotKey == "TickParent/TickedHolder/count" && second.slotKey == first.slotKey)
        first.wrappedValue = 7  // through the first struct's box, which the node keeps
        #expect(second.wrappedValue == 7)
        host.update()
        #expect(handedOut.bindings.count == 3, "the write re-ran the body that read the slot")
        #expect(handedOut.bindings[2].wrappedValue == 7)
        try store.flush()
        #expect(try store.binding(for: "TickParent/TickedHolder/count", default: 0).wrappedValue == 7)
    }

    @Test func bindingsWorkFromBackgroundTasks() async throws {
        let store = StateStore.inMemory()
        let slots = try (0..<4).map { try store.binding(for: "Background/slot\($0)", default: 0) }
        await withTaskGroup(of: Void.self) { group in
            for (worker, slot) in slots.enumerated() {
                group.addTask {
                    for step in 1...500 {
                        slot.wrappedValue = step * 10 + worker
                        if step % 100 == 0 { try? store.flush() }
                    }
                }
            }
        }
        try store.flush()
        #expect(slots.map(\.wrappedValue) == [5000, 5001, 5002, 5003])
    }
}

/// Keeps the `$count` of every evaluation of `BindingHolder`.
@MainActor
final class HandedOutBindings {
    var bindings: [Binding<Int>] = []
}

struct TickParent: View {
    let handedOut: HandedOutBindings
    @State var tick = 0

    var body: some View {
        TickedHolder(tick: tick, handedOut: handedOut)
    }
}

struct TickedHolder: View {
    let tick: Int
    let handedOut: HandedOutBindings
    @State var count = 0

    var body: some View {
        let _ = handedOut.bindings.append($count)
        Text("\(tick): \(count)")
    }
}

struct BindingHolder: View {
    let handedOut: HandedOutBindings
    @State var count = 0

    var body: some View {
        let _ = handedOut.bindings.append($count)
        Text("\(count)")
    }
}
