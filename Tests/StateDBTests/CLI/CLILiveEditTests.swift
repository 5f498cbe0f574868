import Foundation
import StateDB
import Testing

/// Which bodies ran, for one host (the tests own it, so parallel suites cannot mix in).
@MainActor
final class RenderLog {
    private var names: [String] = []
    func record(_ name: String) { names.append(name) }
    func take() -> [String] {
        defer { names = [] }
        return names
    }
}

@MainActor
enum LiveViews {
    struct Root: View {
        let log: RenderLog
        var body: some View {
            let _ = log.record("Root")
            VStack {
                CounterA(log: log)
                CounterB(log: log)
            }
        }
    }

    struct CounterA: View {
        let log: RenderLog
        @State var a = 0
        var body: some View {
            let _ = log.record("CounterA")
            Text("a: \(a)")
        }
    }

    struct CounterB: View {
        let log: RenderLog
        @State var b = 0
        var body: some View {
            let _ = log.record("CounterB")
            Text("b: \(b)")
        }
    }
}

/// A running app (a host in this process) and `statedb` edits from a child process: the
/// next `update()` shows them and re-runs exactly the views that read the changed slots.
@MainActor
@Suite struct CLILiveEditTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    /// The key of a mounted slot, found the way an operator would: `statedb inspect --json`.
    private func key(ofProperty property: String) throws -> String {
        let slots = try #require(try CLI.run("inspect", path, "--json").json() as? [[String: Any]])
        return try #require(slots.first { $0["property"] as? String == property }?["key"] as? String)
    }

    private func mount() throws -> (ViewHost, RenderLog) {
        let store = try StateStore(path: path)
        let log = RenderLog()
        let host = ViewHost(root: LiveViews.Root(log: log), store: store)
        #expect(log.take() == ["Root", "CounterA", "CounterB"])
        return (host, log)
    }

    @Test func aSetFromAnotherProcessReRunsExactlyItsReader() throws {
        let (host, log) = try mount()
        let a = try key(ofProperty: "a")
        let run = try CLI.run("set", path, a, "41")
        #expect(run.status == 0, "\(run)")

        host.update()
        #expect(log.take() == ["CounterA"])
        #expect(host.texts == ["a: 41", "b: 0"])
        host.update()
        #expect(log.take() == [])

        let b = try key(ofProperty: "b")
        #expect(try CLI.run("set", path, b, "2").status == 0)
        #expect(try CLI.run("set", path, a, "42").status == 0)
        host.update()
        #expect(log.take().sorted() == ["CounterA", "CounterB"])  // siblings: any order
        #expect(host.texts == ["a: 42", "b: 2"])
        host.store.close()
    }

    @Test func aSlotNoViewReadsReRunsNothing() throws {
        let (host, log) = try mount()
        #expect(try CLI.run("set", path, "Elsewhere/flag", "true", "--type", "Bool").status == 0)
        host.update()
        #expect(log.take() == [])
        #expect(try host.store.binding(for: "Elsewhere/flag", default: false).wrappedValue == true)
        host.store.close()
    }

    @Test func rmOfAMountedSlotStartsItAgainFromItsInitialValue() throws {
        let (host, log) = try mount()
        let a = try key(ofProperty: "a")
        #expect(try CLI.run("set", path, a, "5").status == 0)
        host.update()
        #expect(log.take() == ["CounterA"])

        #expect(try CLI.run("rm", path, a).status == 0)
        host.update()
        #expect(log.take() == ["CounterA"])
        #expect(host.texts == ["a: 0", "b: 0"])
        // The app records the slot again, as a mounted view always has its row.
        #expect(try CLI.run("get", path, a).stdout == "0\n")
        host.store.close()
    }

    /// `mv` re-keys rows on a store connection, which runs without the schema's triggers: it
    /// stamps the moved row and the old key's tombstone itself, so the running app sees both.
    @Test func mvOfAMountedSlotReachesTheRunningApp() throws {
        let (host, log) = try mount()
        let a = try key(ofProperty: "a")
        #expect(try CLI.run("set", path, a, "5").status == 0)
        host.update()
        #expect(log.take() == ["CounterA"])

        let identity = SlotKey(a).identity
        let moved = try CLI.run("mv", path, identity, "Moved/CounterA")
        #expect(moved.status == 0, "\(moved)")
        host.update()
        #expect(log.take() == ["CounterA"], "the old key's tombstone reached the app")
        #expect(host.texts == ["a: 0", "b: 0"])
        #expect(try host.store.binding(for: "Moved/CounterA/a", default: 0).wrappedValue == 5, "the moved row reached it too")
        host.store.close()
    }

    /// The documented rule: the last commit wins. A value the app changed but has not
    /// committed yet is kept and committed on its next update, after the CLI's, so it wins.
    @Test func anUnflushedAppWriteWinsOverTheCLI() throws {
        let (host, log) = try mount()
        let a = try key(ofProperty: "a")
        let slot = try host.store.binding(for: a, default: 0)  // the same slot CounterA owns
        slot.wrappedValue = 7  // in memory; committed by the next update

        #expect(try CLI.run("set", path, a, "41").status == 0)
        #expect(try CLI.run("get", path, a).stdout == "41\n")  // the CLI's commit is on disk…
        host.update()
        #expect(log.take() == ["CounterA"])
        #expect(host.texts == ["a: 7", "b: 0"])
        #expect(try CLI.run("get", path, a).stdout == "7\n")  // …until the app's commit replaced it

        // Once the app has committed, the next CLI edit is the last commit, and wins.
        #expect(try CLI.run("set", path, a, "41").status == 0)
        host.update()
        #expect(log.take() == ["CounterA"])
        #expect(slot.wrappedValue == 41)
        host.store.close()
    }

    @Test func aTypeMismatchFromTheCLINeverReachesTheApp() throws {
        let (host, log) = try mount()
        let a = try key(ofProperty: "a")
        let run = try CLI.run("set", path, a, #""many""#)
        #expect(run.status == 3)
        host.update()
        #expect(log.take() == [])
        #expect(host.texts == ["a: 0", "b: 0"])
        host.store.close()
    }
}
