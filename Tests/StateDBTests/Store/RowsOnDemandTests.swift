import Foundation
@testable import StateDB
import Testing

/// A store whose file holds more rows than `Options.rowsLoadedAtOpen` reads rows when slots
/// mount instead of loading them all at open. Everything a store loaded whole does must still
/// hold: hydration, external changes, quarantine, ended slots, carrying moved state over.
/// The limit is lowered so small files take the on-demand path.
@MainActor
struct RowsOnDemandTests {
    static func onDemand() -> StateStore.Options {
        var options = StateStore.Options()
        options.rowsLoadedAtOpen = 3
        return options
    }

    /// Writes `count` slots `Rows/slotN` = N * 10.
    static func seed(_ path: String, count: Int = 10) throws {
        let store = try StateStore(path: path)
        for index in 0..<count { try store.binding(for: "Rows/slot\(index)", default: 0).wrappedValue = index * 10 }
        store.close()
    }

    @Test func openingReadsNoRowsAndMountingReadsEachOnce() throws {
        let folder = TemporaryDirectory()
        try Self.seed(folder.storePath)
        let store = try StateStore(path: folder.storePath, options: Self.onDemand())
        #expect(store.rowsOnDemand)
        #expect(store.lock.withLock { store.slots.isEmpty }, "nothing loaded at open")
        let slot = try store.binding(for: "Rows/slot7", default: -1)
        #expect(slot.wrappedValue == 70)
        #expect(store.lock.withLock { store.slots.count } == 1, "only the row asked for")
        // Reads of the mounted slot run no SQL.
        let statements = store.sqlStatementCount
        for _ in 0..<100 { _ = slot.wrappedValue }
        #expect(store.sqlStatementCount == statements)
        #expect(try store.binding(for: "Rows/missing", default: 5).wrappedValue == 5)
        store.close()
        #expect(SQLiteProbe(path: folder.storePath).value("Rows/missing") == "5")
    }

    @Test func aSmallFileIsStillLoadedWhole() throws {
        let folder = TemporaryDirectory()
        try Self.seed(folder.storePath, count: 3)
        let store = try StateStore(path: folder.storePath, options: Self.onDemand())
        #expect(!store.rowsOnDemand)
        #expect(store.lock.withLock { store.slots.count } == 3)
        store.close()
    }

    @Test func anEndedSlotsRowIsNotReadBackBeforeItsDeletionCommits() throws {
        let folder = TemporaryDirectory()
        try Self.seed(folder.storePath)
        let store = try StateStore(path: folder.storePath, options: Self.onDemand())
        let first = try store.slot(SlotKey(identity: "Rows", property: "slot2")) { -1 }
        #expect(store.read(first) == 20)
        store.endSlot(first)
        // The row is still in the file until the commit; a view coming back starts afresh.
        #expect(SQLiteProbe(path: folder.storePath).value("Rows/slot2") == "20")
        let again = try store.slot(SlotKey(identity: "Rows", property: "slot2")) { -1 }
        #expect(store.read(again) == -1)
        try store.flush()
        #expect(store.goingRows.isEmpty, "the commit settled the deletion")
        #expect(SQLiteProbe(path: folder.storePath).value("Rows/slot2") == "-1")
        store.close()
    }

    @Test func changesOfOtherProcessesReachMountedSlotsAndRowsNotYetRead() throws {
        let folder = TemporaryDirectory()
        try Self.seed(folder.storePath)
        let store = try StateStore(path: folder.storePath, options: Self.onDemand())
        let mounted = try store.binding(for: "Rows/slot1", default: -1)
        #expect(mounted.wrappedValue == 10)

        let other = try StateStore(path: folder.storePath)
        try other.binding(for: "Rows/slot1", default: 0).wrappedValue = 11
        try other.binding(for: "Rows/slot5", default: 0).wrappedValue = 55
        other.close()

        try store.refreshFromDisk()
        #expect(mounted.wrappedValue == 11)
        #expect(store.lock.withLock { store.slots.count } == 1, "a changed row nobody mounted stays on disk")
        #expect(try store.binding(for: "Rows/slot5", default: -1).wrappedValue == 55)
        store.close()
    }

    @Test func aRowThatNoLongerDecodesIsQuarantined() throws {
        let folder = TemporaryDirectory()
        try Self.seed(folder.storePath)
        let store = try StateStore(path: folder.storePath, options: Self.onDemand())
        let diagnostics = DiagnosticsRecorder(store)
        #expect(try store.binding(for: "Rows/slot3", default: "none").wrappedValue == "none")
        #expect(diagnostics.of(.quarantined).map(\.key) == ["Rows/slot3"])
        store.close()
        #expect(try SQLiteShell.run(folder.storePath, "SELECT key, stored_type, value FROM quarantine") == "Rows/slot3|Swift.Int|30")
    }

    @Test func movedStateIsCarriedOverFromRowsOnDisk() throws {
        let update = AppUpdate()
        try update.run(OnDemandBuild1.Screen()) { host in
            try host.toggle("wifi").toggle()
            for index in 0..<5 { try host.store.binding(for: "Filler/slot\(index)", default: index).wrappedValue = index + 1 }
        }
        try update.run(OnDemandBuild2.Screen(), options: Self.onDemand()) { host in
            #expect(host.store.rowsOnDemand)
            let isOn = try host.toggle("wifi").isOn
            #expect(isOn, "the value moved into the VStack")
        }
        #expect(update.diagnostics(.stateAdopted).count == 1)
        #expect(update.adoptions.count == 1)
        #expect(!update.keys.contains { $0.hasPrefix("Screen/Flag") }, "the old row was renamed")
    }
}

private enum OnDemandBuild1 {
    struct Screen: View {
        var body: some View {
            Text("title")
            Flag(title: "wifi")
        }
    }
}

private enum OnDemandBuild2 {
    struct Screen: View {
        var body: some View {
            Text("title")
            VStack {
                Flag(title: "wifi")
            }
        }
    }
}
