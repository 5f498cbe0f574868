import Foundation
import StateDB
import Testing

// `--unseen-for` under an hour: an app stamps `seen_at` on the slots it mounts at most once an
// hour, so a slot in use can look unseen for up to an hour. `gc` refuses such an age (it would
// delete state the app is using); `orphans` lists with it and says so.

private struct Radio: View {
    @State var station = 3
    var body: some View { Text("station \(station)") }
}

@MainActor
@Suite struct CLIOrphanAgeTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    @Test func gcRefusesAnAgeUnderAnHourAndAnAppsSlotsStay() throws {
        // The app mounted the slot 50 minutes ago and still runs: its stamp is not due yet.
        let store = try StateStore(path: path)
        let host = ViewHost(root: Radio(), store: store)
        try store.flush()
        try SQLiteShell.run(path, "UPDATE slots SET seen_at = seen_at - 50 * 60 * 1000")
        host.update()

        let before = try fileBytes(path)
        for age in ["30m", "0s", "59m"] {
            let run = try CLI.run("gc", path, "--unseen-for", age)
            #expect(run.status == 2, "\(run)")
            #expect(run.stderr == "statedb gc: --unseen-for \(age) is under an hour: an app stamps the slots it mounts at most once an hour, so slots in use can look unseen that long; give 1h or more (`statedb orphans` lists with any age)\n")
            #expect(try fileBytes(path) == before)
        }

        let listed = try CLI.run("orphans", path, "--unseen-for", "30m")
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout.contains("Radio/station"))
        #expect(listed.stderr.contains("note: --unseen-for 30m is under an hour"), "\(listed)")

        let hour = try CLI.run("gc", path, "--unseen-for", "1h")
        #expect(hour.status == 0, "\(hour)")
        #expect(hour.stdout == "no slots unseen for 1h\n")
        #expect(SQLiteProbe(path: path).value("Radio/station") == "3")
        #expect(host.texts == ["station 3"])
        store.close()
    }
}
