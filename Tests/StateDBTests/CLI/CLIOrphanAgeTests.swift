import Foundation
import StateDB
import Testing

// `--unseen-for` under 2h: an app stamps `seen_at` on the slots it mounts at most once an hour,
// and not again while they stay mounted, so a slot in use can look unseen for an hour plus the
// app's session. `gc` refuses such an age (it would delete state the app is using); `orphans`
// lists with it and says so.

private struct Radio: View {
    @State var station = 3
    var body: some View { Text("station \(station)") }
}

@MainActor
@Suite struct CLIOrphanAgeTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    @Test func gcRefusesAnAgeUnderTwoHoursAndAnAppsSlotsStay() throws {
        // The app mounted the slot, whose stamp was 50 minutes old (not due yet), a while ago and
        // still runs: the stamp is 70 minutes old now.
        let store = try StateStore(path: path)
        let host = ViewHost(root: Radio(), store: store)
        try store.flush()
        try SQLiteShell.run(path, "UPDATE slots SET seen_at = seen_at - 70 * 60 * 1000")
        host.update()

        let before = try fileBytes(path)
        for age in ["30m", "0s", "1h", "119m"] {
            let run = try CLI.run("gc", path, "--unseen-for", age)
            #expect(run.status == 2, "\(run)")
            #expect(run.stderr == "statedb gc: --unseen-for \(age) is under 2h: an app stamps the slots it mounts at most once an hour, and not again while they stay mounted, so a slot in use can look unseen for an hour plus the app's session; give more than an hour plus your app's longest session, 2h at least (`statedb orphans` lists with any age)\n")
            #expect(try fileBytes(path) == before)
        }

        let listed = try CLI.run("orphans", path, "--unseen-for", "1h")
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout.contains("Radio/station"))
        #expect(listed.stderr.contains("note: --unseen-for 1h is under 2h"), "\(listed)")

        let twoHours = try CLI.run("gc", path, "--unseen-for", "2h")
        #expect(twoHours.status == 0, "\(twoHours)")
        #expect(twoHours.stdout == "no slots unseen for 2h\n")
        #expect(SQLiteProbe(path: path).value("Radio/station") == "3")
        #expect(host.texts == ["station 3"])
        store.close()
    }
}
