import Foundation
import StateDB
import Testing

// `statedb orphans` after a release moved views: the key each orphan most likely moved to, and
// the moves the app carried over itself.

/// A switch whose state the tests follow from build to build.
private struct Lamp: View {
    let title: String
    @State var isOn = false
    var body: some View { Toggle(title, isOn: $isOn) }
}

private enum Plain {
    struct Screen: View {
        var body: some View {
            Text("title")
            Lamp(title: "wifi")
        }
    }
}

private enum Stacked {
    struct Screen: View {
        var body: some View {
            Text("title")
            VStack { Lamp(title: "wifi") }
        }
    }
}

private enum Pinned {
    struct Screen: View {
        var body: some View {
            Lamp(title: "wifi").id("lamp")
        }
    }
}

private enum TwoStacks {
    // Two lamps with one explicit id, each in a stack: both could be the pinned lamp moved.
    struct Screen: View {
        var body: some View {
            VStack { Lamp(title: "left").id("lamp") }
            HStack { Lamp(title: "right").id("lamp") }
        }
    }
}

@MainActor
@Suite struct CLIOrphanMoveTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    /// Mounts `root` on the store file, runs `act`, closes the store.
    private func run<Root: View>(_ root: Root, adopts: Bool = true, _ act: (ViewHost) throws -> Void = { _ in }) throws {
        var options = StateStore.Options()
        options.adoptsMovedState = adopts
        let store = try StateStore(path: path, options: options)
        store.diagnosticHandler = { _ in }  // stateOrphaned, stateAdopted: expected here
        let host = ViewHost(root: root, store: store)
        try act(host)
        try store.flush()
        store.close()
    }

    /// Makes `key` look unseen for 40 days, as a row of a view the code no longer builds.
    private func age(_ key: String) throws {
        let old = Int64((Date().timeIntervalSince1970 - 40 * 86_400) * 1000)
        try SQLiteShell.run(path, "UPDATE slots SET seen_at = \(old), updated_at = \(old) WHERE key = '\(key)'")
    }

    /// `orphans --json`: the orphans by key, and the recorded moves.
    private func report() throws -> (orphans: [String: [String: Any]], adoptions: [[String: Any]]) {
        let run = try CLI.run("orphans", path, "--json")
        #expect(run.status == 0, "\(run)")
        let object = try #require(try run.json() as? [String: Any])
        let orphans = try #require(object["orphans"] as? [[String: Any]])
        let adoptions = try #require(object["adoptions"] as? [[String: Any]])
        return (Dictionary(uniqueKeysWithValues: orphans.map { ($0["key"] as! String, $0) }), adoptions)
    }

    @Test func anOrphanWhoseViewMovedIntoAStackNamesItsNewKey() throws {
        try run(Plain.Screen()) { try $0.toggle("wifi").toggle() }
        try run(Stacked.Screen(), adopts: false)
        try age("Screen/Lamp/isOn")

        let orphan = try #require(try report().orphans["Screen/Lamp/isOn"])
        #expect(orphan["movedTo"] as? String == "Screen/VStack/Lamp/isOn")
        #expect(orphan["moveMatch"] as? String == "likely")
        #expect(orphan["candidates"] as? [String] == ["Screen/VStack/Lamp/isOn"])
        #expect(orphan["candidateCount"] as? Int == 1)
        #expect(orphan["value"] as? Bool == true, "the slot object is all there")

        let text = try CLI.run("orphans", path)
        #expect(text.stdout == "Screen/Lamp/isOn  Bool  last seen 40d ago  → likely moved to Screen/VStack/Lamp/isOn (statedb mv \(path) Screen/Lamp/isOn Screen/VStack/Lamp/isOn --force)\n", "\(text)")

        // The suggested command does the move.
        let move = try CLI.run("mv", path, "Screen/Lamp/isOn", "Screen/VStack/Lamp/isOn", "--force")
        #expect(move.status == 0, "\(move)")
        #expect(SQLiteProbe(path: path).value("Screen/VStack/Lamp/isOn") == "1")
        try run(Stacked.Screen(), adopts: false) { try #expect($0.toggle("wifi").isOn) }
        #expect(try report().orphans.isEmpty, "mounting the moved row stamped it")
    }

    @Test func twoPossibleNewKeysNameNoneAndSayHowMany() throws {
        try run(Pinned.Screen()) { try $0.toggle("wifi").toggle() }
        try run(TwoStacks.Screen(), adopts: false)
        let key = #"Screen/Lamp[.id: "lamp"]/isOn"#
        try age(key)

        let orphan = try #require(try report().orphans[key])
        #expect(orphan["movedTo"] is NSNull)
        #expect(orphan["moveMatch"] as? String == "likely")
        #expect(orphan["candidates"] as? [String] == [#"Screen/HStack/Lamp[.id: "lamp"]/isOn"#, #"Screen/VStack/Lamp[.id: "lamp"]/isOn"#])
        #expect(orphan["candidateCount"] as? Int == 2)

        let text = try CLI.run("orphans", path)
        #expect(text.stdout.contains(key + "  Bool  last seen 40d ago  → 2 slots could be its new key, so none is named"), "\(text)")
        #expect(!text.stdout.contains("statedb mv"))
    }

    @Test func anOrphanWithoutAMatchHasNoNewKey() throws {
        try run(Plain.Screen()) { try $0.toggle("wifi").toggle() }
        try SQLiteShell.run(path, "UPDATE slots SET type = 'Swift.Int', encoding = 'integer' WHERE key = 'Screen/Lamp/isOn'")
        try run(Stacked.Screen(), adopts: false)
        try age("Screen/Lamp/isOn")

        let orphan = try #require(try report().orphans["Screen/Lamp/isOn"], "another type is another slot")
        #expect(orphan["movedTo"] is NSNull)
        #expect(orphan["moveMatch"] is NSNull)
        #expect(orphan["candidates"] as? [String] == [])
        #expect(orphan["candidateCount"] as? Int == 0)
        #expect(try CLI.run("orphans", path).stdout == "Screen/Lamp/isOn  Int  last seen 40d ago\n")
    }

    @Test func aMoveTheAppCarriedOverIsListedWithItsKeys() throws {
        try run(Plain.Screen()) { try $0.toggle("wifi").toggle() }
        try run(Stacked.Screen())
        #expect(SQLiteProbe(path: path).keys == ["Screen/VStack/Lamp/isOn"], "carried over, the old row is gone")

        let (orphans, adoptions) = try report()
        #expect(orphans.isEmpty)
        #expect(adoptions.count == 1)
        let adoption = try #require(adoptions.first)
        #expect(adoption["key"] as? String == "Screen/VStack/Lamp/isOn")
        #expect(adoption["fromKey"] as? String == "Screen/Lamp/isOn")
        #expect(adoption["type"] as? String == "Swift.Bool")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let adopted = try #require(formatter.date(from: adoption["adopted"] as? String ?? ""))
        #expect(abs(adopted.timeIntervalSinceNow) < 600)

        let text = try CLI.run("orphans", path)
        #expect(Self.withRecentAgesAsJustNow(text.stdout) == """
            no slots unseen for 30d

            carried over by the app (newest first):
            Screen/Lamp/isOn → Screen/VStack/Lamp/isOn  (Bool, just now)

            """, "\(text)")
    }

    /// An age of a few seconds written as "just now": under a sanitizer, a second may pass
    /// between the app's move and the listing.
    static func withRecentAgesAsJustNow(_ text: String) -> String {
        text.replacingOccurrences(of: #", \ds ago\)"#, with: ", just now)", options: .regularExpression)
    }

    @Test func movesAreListedNewestFirst() throws {
        try run(Plain.Screen()) { try $0.toggle("wifi").toggle() }
        try run(Stacked.Screen())
        let earlier = Int64((Date().timeIntervalSince1970 - 3 * 86_400) * 1000)
        try SQLiteShell.run(path, "UPDATE statedb_adoptions SET adopted_at = \(earlier)")
        try run(Plain.Screen())

        let adoptions = try report().adoptions
        #expect(adoptions.map { $0["key"] as? String } == ["Screen/Lamp/isOn", "Screen/VStack/Lamp/isOn"])
        let text = Self.withRecentAgesAsJustNow(try CLI.run("orphans", path).stdout)
        #expect(text.contains("""
            Screen/VStack/Lamp/isOn → Screen/Lamp/isOn  (Bool, just now)
            Screen/Lamp/isOn → Screen/VStack/Lamp/isOn  (Bool, 3d ago)
            """), "\(text)")
    }

    @Test func aFirstRoundKeyFindsItsLikelyNewKeyWithoutPositions() throws {
        try run(Stacked.Screen())
        let old = Int64((Date().timeIntervalSince1970 - 40 * 86_400) * 1000)
        // A row as the first round of statedb wrote it: `[1]` is a block position.
        try SQLiteShell.run(path, """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
            VALUES ('Screen/Lamp[1]/isOn', 'Screen/Lamp[1]', 'isOn', 'Swift.Bool', 'bool', 1, \(old), \(old), \(old), 0)
            """)

        let orphans = try report().orphans
        #expect(orphans.keys.sorted() == ["Screen/Lamp[1]/isOn"])
        let orphan = try #require(orphans["Screen/Lamp[1]/isOn"])
        #expect(orphan["movedTo"] as? String == "Screen/VStack/Lamp/isOn")
        #expect(orphan["moveMatch"] as? String == "maybe")
        #expect(orphan["candidateCount"] as? Int == 1)

        let text = try CLI.run("orphans", path).stdout
        #expect(text.contains("Screen/Lamp[1]/isOn  Bool  last seen 40d ago  → maybe moved to Screen/VStack/Lamp/isOn (statedb mv \(path) 'Screen/Lamp[1]/isOn' Screen/VStack/Lamp/isOn --force)"), "\(text)")
    }

    @Test func keysTheAppNamedItselfAreNeverMatched() throws {
        let store = try StateStore(path: path)
        _ = try store.binding(for: "Screen/Lamp/isOn", default: true)
        _ = try store.binding(for: "Screen/VStack/Lamp/isOn", default: false)
        try store.flush()
        store.close()
        try age("Screen/Lamp/isOn")

        let orphan = try #require(try report().orphans["Screen/Lamp/isOn"])
        #expect(orphan["movedTo"] is NSNull)
        #expect(orphan["candidateCount"] as? Int == 0)
    }
}
