import Foundation
import StateDB
import Testing

/// A rename shipped one release late: the release without it mounted the view under the new
/// key and recorded the value the view starts with there. The rename then moves the user's
/// value over that one; a slot written since is refused, with a message saying how to keep
/// either value.
@Suite struct LateRenameTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    /// A release writes `value` at `key` (a view's slot starting from 0 and then set).
    private func release(writing value: Int, at key: String) throws {
        let store = try StateStore(path: path)
        try store.binding(for: key, default: 0).wrappedValue = value
        store.close()
    }

    /// A release that only mounts the slot at `key`, recording the value it starts with.
    private func release(mounting key: String) throws {
        let store = try StateStore(path: path)
        _ = try store.binding(for: key, default: 0)
        store.close()
    }

    private let rename = StateMigration.renameProperty("count is taps", identities: "Home", from: "count", to: "taps")

    @Test func theUsersValueReplacesTheOneTheViewStartedWith() throws {
        try release(writing: 7, at: "Home/count")
        Thread.sleep(forTimeInterval: 0.01)  // the next release runs in a later millisecond
        try release(mounting: "Home/taps")
        #expect(SQLiteProbe(path: path).keys == ["Home/count", "Home/taps"])

        let store = try StateStore(path: path, migrations: [rename])
        #expect(try store.binding(for: "Home/taps", default: 0).wrappedValue == 7)
        store.close()
        #expect(SQLiteProbe(path: path).keys == ["Home/taps"])
        #expect(SQLiteProbe(path: path).rows("SELECT value FROM slots WHERE key = 'Home/taps'") == [["7"]])
        // The value written over is kept: the timestamps cannot prove it was only an initial value.
        #expect(SQLiteProbe(path: path).rows("SELECT key, stored_type, expected_type, value FROM quarantine")
                == [["Home/taps", "Swift.Int", "Swift.Int", "0"]])
        let why = try SQLiteShell.run(path, "SELECT error FROM quarantine")
        #expect(why.hasPrefix("written over by the value a state migration moved from Home/count"), "\(why)")
        let restore = try CLI.run("quarantine", "restore", path, "1")
        #expect(restore.status == 0, "\(restore)")
        #expect(SQLiteProbe(path: path).rows("SELECT value FROM slots WHERE key = 'Home/taps'") == [["0"]])
    }

    /// A retype of the renamed slot in the same open converts the moved value; the value it
    /// wrote over stays in quarantine rather than being recovered over it.
    @Test func aRetypeAfterTheRenameKeepsTheMovedValue() throws {
        struct Taps: Codable, Equatable { var count: Int }
        try release(writing: 7, at: "Home/count")
        Thread.sleep(forTimeInterval: 0.01)
        try release(mounting: "Home/taps")
        let store = try StateStore(path: path, migrations: [
            rename, .retype("taps as a struct", keys: "Home/taps", from: Int.self, to: Taps.self) { Taps(count: $0) },
        ])
        #expect(try store.binding(for: "Home/taps", default: Taps(count: -1)).wrappedValue == Taps(count: 7))
        store.close()
        #expect(SQLiteProbe(path: path).rows("SELECT key, value FROM quarantine") == [["Home/taps", "0"]])
    }

    @Test func aSlotWrittenSinceIsRefusedWithWhatToDo() throws {
        try release(writing: 7, at: "Home/count")
        Thread.sleep(forTimeInterval: 0.01)
        try release(mounting: "Home/taps")
        Thread.sleep(forTimeInterval: 0.01)  // the user taps in a later millisecond
        try release(writing: 2, at: "Home/taps")
        let before = FileSnapshot(path)

        let error = #expect(throws: StateStoreError.self) { try StateStore(path: path, migrations: [rename]) }
        #expect(error?.kind == .migrationFailed)
        #expect(error?.description.contains(#"that slot exists and was written since it was made. Keep one of them: register `.delete("…", keys: "Home/taps")` before this migration to keep the value at Home/count, or `.delete("…", keys: "Home/count")` to keep the one at Home/taps"#) == true,
                "\(String(describing: error))")
        #expect(FileSnapshot(path) == before)

        // As the message says: the value at the new key goes, the user's old one moves there.
        let store = try StateStore(path: path, migrations: [.delete("drop the new taps", keys: "Home/taps"), rename])
        #expect(try store.binding(for: "Home/taps", default: 0).wrappedValue == 7)
        store.close()
    }

    /// The slot at the new key was there before the old value's last write: not a release that
    /// missed the migration, so nothing says which value is the user's.
    @Test func aSlotOlderThanTheMovedValueIsRefused() throws {
        try release(mounting: "Home/taps")
        Thread.sleep(forTimeInterval: 0.01)
        try release(writing: 7, at: "Home/count")
        #expect(throws: StateStoreError.self) { try StateStore(path: path, migrations: [rename]) }
        let store = try StateStore(path: path)
        #expect(try store.binding(for: "Home/count", default: 0).wrappedValue == 7)
        #expect(try store.binding(for: "Home/taps", default: -1).wrappedValue == 0)
        store.close()
    }
}
