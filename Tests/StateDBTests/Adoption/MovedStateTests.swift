import Foundation
import StateDB
import Testing

// Edits between two builds that change a view's key: the new build's mount carries the stored
// value over (stateAdopted), or, when that is not certain, moves nothing and says so
// (stateOrphaned).

private enum Plain {
    struct Screen: View {
        var body: some View {
            Text("title")
            Flag(title: "wifi")
            Note()
        }
    }
}

private enum InVStack {
    struct Screen: View {
        var body: some View {
            Text("title")
            VStack {
                Flag(title: "wifi")
                Note()
            }
        }
    }
}

private enum InHStack {
    struct Screen: View {
        var body: some View {
            Text("title")
            HStack {
                Flag(title: "wifi")
                Note()
            }
        }
    }
}

private enum InGroup {
    struct Screen: View {
        var body: some View {
            Group {
                Flag(title: "wifi")
            }
            Note()
        }
    }
}

private enum InBranch {
    struct Screen: View {
        let compact = false
        var body: some View {
            Text("title")
            if compact {
                Text("compact")
            } else {
                Flag(title: "wifi")
            }
            Note()
        }
    }
}

private enum InAnyView {
    struct Screen: View {
        var body: some View {
            Text("title")
            AnyView(Flag(title: "wifi"))
            Note()
        }
    }
}

private enum OtherParent {
    struct Sidebar: View {
        var body: some View { Flag(title: "wifi") }
    }
    struct Screen: View {
        var body: some View {
            Text("title")
            Sidebar()
            Note()
        }
    }
}

private enum TwoStacks {
    // Two flags with one explicit id, each in a stack: either could be the flag of `OneGroup`.
    struct Screen: View {
        var body: some View {
            VStack { Flag(title: "left").id("flag") }
            HStack { Flag(title: "right").id("flag") }
        }
    }
}

private enum OneGroup {
    struct Screen: View {
        var body: some View {
            Group { Flag(title: "which").id("flag") }
        }
    }
}

private enum TwoFlags {
    struct Screen: View {
        var body: some View {
            VStack {
                Flag(title: "a")
                Flag(title: "b")
            }
        }
    }
}

private enum FirstWrapped {
    // Wrapping the first of two flags of one name: both keep their numbers.
    struct Screen: View {
        var body: some View {
            VStack {
                HStack { Flag(title: "a") }
                Flag(title: "b")
            }
        }
    }
}

private enum Renamed {
    struct Switch: View {
        let title: String
        @State var isOn = false
        var body: some View { Toggle(title, isOn: $isOn) }
    }
    struct Screen: View {
        var body: some View {
            VStack { Switch(title: "wifi") }
        }
    }
}

private enum Retyped {
    struct Flag: View {
        let title: String
        @State var isOn = 0
        var body: some View { Text("\(title): \(isOn)") }
    }
    struct Screen: View {
        var body: some View {
            VStack { Flag(title: "wifi") }
        }
    }
}

private enum Branches {
    // Both flags are the first Flag of a stack of the screen: only the branch tells them apart.
    struct Screen: View {
        let showsA: Bool
        var body: some View {
            if showsA {
                VStack { Flag(title: "A") }
            } else {
                HStack { Flag(title: "B") }
            }
        }
    }
}

@MainActor
struct MovedStateTests {
    /// Build 1 (`Plain`) with `wifi` on and the note written, then `build2`.
    private func upgrade<Build2: View>(to build2: Build2, options: StateStore.Options = StateStore.Options()) throws -> AppUpdate {
        let update = AppUpdate()
        try update.run(Plain.Screen()) { host in
            try host.toggle("wifi").toggle()
            try host.button("write note").tap()
        }
        try update.run(build2, options: options) { _ in }
        return update
    }

    @Test func wrappingViewsInAStackCarriesTheirStateOver() throws {
        try expectCarriedOver(to: InVStack.Screen(), stack: "VStack")
        try expectCarriedOver(to: InHStack.Screen(), stack: "HStack")
    }

    private func expectCarriedOver<Build2: View>(to build2: Build2, stack: String) throws {
        let update = AppUpdate()
        try update.run(Plain.Screen()) { host in
            try host.toggle("wifi").toggle()
            try host.button("write note").tap()
        }
        try update.run(build2) { host in
            try #expect(host.toggle("wifi").isOn, "\(stack)")
            #expect(host.texts.contains("note: written"), "\(stack): the first render shows the carried value")
        }
        let adopted = update.diagnostics(.stateAdopted)
        #expect(adopted.compactMap(\.key).sorted() == ["Screen/\(stack)/Flag/isOn", "Screen/\(stack)/Note/text"], "\(update.diagnostics)")
        #expect(adopted.first { $0.key == "Screen/\(stack)/Flag/isOn" }?.message.contains("Screen/Flag/isOn") == true)
        #expect(update.keys == ["Screen/\(stack)/Flag/isOn", "Screen/\(stack)/Note/text"], "the old rows are gone: \(update.keys)")
    }

    @Test func wrappingInAnAnyViewCarriesStateOver() throws {
        let update = try upgrade(to: InAnyView.Screen())
        #expect(update.diagnostics(.stateAdopted).compactMap(\.key) == ["Screen/Flag[any]/isOn"])
        #expect(SQLiteProbe(path: update.path).value("Screen/Flag[any]/isOn") == "1")
    }

    @Test func aViewUnderAnotherParentViewIsNotFollowed() throws {
        let update = try upgrade(to: OtherParent.Screen())
        #expect(update.diagnostics.isEmpty, "\(update.diagnostics)")
        #expect(SQLiteProbe(path: update.path).value("Screen/Sidebar/Flag/isOn") == "0")
        #expect(SQLiteProbe(path: update.path).value("Screen/Flag/isOn") == "1", "left for statedb mv")
    }

    @Test func wrappingInAGroupMovesTheRowAndRecordsIt() throws {
        let update = try upgrade(to: InGroup.Screen())
        #expect(update.keys == ["Screen/Group/Flag/isOn", "Screen/Note/text"])
        #expect(SQLiteProbe(path: update.path).value("Screen/Group/Flag/isOn") == "1")
        #expect(update.adoptions == [["Screen/Group/Flag/isOn", "Screen/Flag/isOn"]])
        let adopted = update.diagnostics(.stateAdopted)
        #expect(adopted.map(\.key) == ["Screen/Group/Flag/isOn"])
        #expect(adopted.first?.message.contains("Screen/Flag/isOn") == true)
    }

    @Test func aCarriedValueIsSilentOnTheThirdOpen() throws {
        let update = try upgrade(to: InVStack.Screen())
        #expect(update.diagnostics(.stateAdopted).count == 2)
        try update.run(InVStack.Screen()) { host in
            try #expect(host.toggle("wifi").isOn)
            #expect(host.texts.contains("note: written"))
        }
        #expect(update.diagnostics.isEmpty, "\(update.diagnostics)")
        #expect(update.adoptions.count == 2, "nothing more recorded")
    }

    @Test func wrappingInOneBranchOfAnIfElseCarriesStateOver() throws {
        let update = try upgrade(to: InBranch.Screen())
        #expect(update.keys.contains("Screen/Flag[else]/isOn"), "\(update.keys)")
        #expect(update.diagnostics(.stateAdopted).map(\.key) == ["Screen/Flag[else]/isOn"])
        #expect(SQLiteProbe(path: update.path).value("Screen/Flag[else]/isOn") == "1")
        #expect(SQLiteProbe(path: update.path).value("Screen/Note/text") == "written", "a key that did not change is left alone")
    }

    @Test func movingAViewToAnotherContainerOfTheSameParentCarriesStateOver() throws {
        let update = AppUpdate()
        try update.run(InVStack.Screen()) { host in try host.toggle("wifi").toggle() }
        try update.run(InHStack.Screen()) { host in try #expect(host.toggle("wifi").isOn) }
        #expect(update.diagnostics(.stateAdopted).compactMap(\.key).sorted() == ["Screen/HStack/Flag/isOn", "Screen/HStack/Note/text"])
    }

    @Test func severalCandidatesMoveNothingAndAreReported() throws {
        let update = AppUpdate()
        try update.run(TwoStacks.Screen()) { host in
            try host.toggle("left").toggle()
        }
        try update.run(OneGroup.Screen()) { host in
            try #expect(!host.toggle("which").isOn, "neither row was guessed at")
        }
        let orphaned = update.diagnostics(.stateOrphaned)
        #expect(orphaned.map(\.key) == [#"Screen/Group/Flag[.id: "flag"]/isOn"#])
        #expect(orphaned.first?.message.contains(#"Screen/VStack/Flag[.id: "flag"]/isOn"#) == true)
        #expect(orphaned.first?.message.contains(#"Screen/HStack/Flag[.id: "flag"]/isOn"#) == true)
        #expect(update.diagnostics(.stateAdopted).isEmpty)
        #expect(update.keys.count == 3, "both candidates kept: \(update.keys)")
    }

    @Test func wrappingOneOfTwoViewsOfOneNameKeepsEachOnesState() throws {
        let update = AppUpdate()
        try update.run(TwoFlags.Screen()) { host in try host.toggle("a").toggle() }
        try update.run(FirstWrapped.Screen()) { host in
            try #expect(host.toggle("a").isOn)
            try #expect(!host.toggle("b").isOn, "b kept its own state, not a's")
        }
        #expect(update.diagnostics(.stateAdopted).compactMap(\.key) == ["Screen/VStack/HStack/Flag/isOn"])
        #expect(update.keys == ["Screen/VStack/Flag[#2]/isOn", "Screen/VStack/HStack/Flag/isOn"])
    }

    @Test func carryingOverCanBeTurnedOff() throws {
        var options = StateStore.Options()
        options.adoptsMovedState = false
        let update = try upgrade(to: InVStack.Screen(), options: options)
        #expect(update.diagnostics(.stateAdopted).isEmpty)
        #expect(update.diagnostics(.stateOrphaned).compactMap(\.key).sorted() == ["Screen/VStack/Flag/isOn", "Screen/VStack/Note/text"])
        #expect(SQLiteProbe(path: update.path).value("Screen/Flag/isOn") == "1", "the old row is kept")
        #expect(SQLiteProbe(path: update.path).value("Screen/VStack/Flag/isOn") == "0")
        #expect(update.adoptions.isEmpty)
    }

    @Test func aRenamedTypeIsAnotherView() throws {
        let update = try upgrade(to: Renamed.Screen())
        #expect(update.diagnostics(.stateAdopted).isEmpty)
        #expect(SQLiteProbe(path: update.path).value("Screen/VStack/Switch/isOn") == "0")
        #expect(SQLiteProbe(path: update.path).value("Screen/Flag/isOn") == "1", "kept as an orphan")
    }

    @Test func aValueOfAnotherTypeIsNeverCarriedOver() throws {
        let update = try upgrade(to: Retyped.Screen())
        #expect(update.diagnostics(.stateAdopted).isEmpty)
        #expect(SQLiteProbe(path: update.path).value("Screen/VStack/Flag/isOn") == "0")
        #expect(SQLiteProbe(path: update.path).value("Screen/Flag/isOn") == "1")
    }

    @Test func aChangedTypeUnderTheSameKeyIsQuarantinedAsBefore() throws {
        let update = AppUpdate()
        try update.run(InVStack.Screen()) { host in try host.toggle("wifi").toggle() }
        try update.run(Retyped.Screen()) { host in #expect(host.texts == ["wifi: 0"]) }
        #expect(update.diagnostics(.quarantined).map(\.key) == ["Screen/VStack/Flag/isOn"])
        #expect(update.diagnostics(.stateAdopted).isEmpty)
    }

    @Test func theBranchNotTakenKeepsItsStateAndLendsItToNobody() throws {
        let update = AppUpdate()
        try update.run(Branches.Screen(showsA: true)) { host in try host.toggle("A").toggle() }
        try update.run(Branches.Screen(showsA: false)) { host in
            try #expect(!host.toggle("B").isOn, "B is another view than A")
        }
        #expect(update.diagnostics.isEmpty, "\(update.diagnostics)")
        try update.run(Branches.Screen(showsA: true)) { host in
            try #expect(host.toggle("A").isOn, "A's row waited for it")
        }
    }

    @Test func aSlotThatHasARowNeverTakesAnother() throws {
        let update = AppUpdate()
        try update.run(Plain.Screen()) { host in try host.toggle("wifi").toggle() }
        do {
            let store = try StateStore(path: update.path)
            try store.binding(for: "Screen/VStack/Flag/isOn", default: false).wrappedValue = false
            store.close()
        }
        try update.run(InVStack.Screen()) { host in try #expect(!host.toggle("wifi").isOn) }
        #expect(!update.diagnostics(.stateAdopted).contains { $0.key == "Screen/VStack/Flag/isOn" })
        #expect(SQLiteProbe(path: update.path).value("Screen/Flag/isOn") == "1", "the old row stays an orphan")
    }

    @Test func keysTheAppNamedItselfNeverMove() throws {
        let update = AppUpdate()
        do {
            let store = try StateStore(path: update.path)
            try store.binding(for: "Screen/Flag/isOn", default: false).wrappedValue = true
            store.close()
        }
        try update.run(InVStack.Screen()) { host in try #expect(!host.toggle("wifi").isOn) }
        #expect(update.diagnostics(.stateAdopted).isEmpty, "\(update.diagnostics)")
        #expect(SQLiteProbe(path: update.path).value("Screen/Flag/isOn") == "1")
    }
}
