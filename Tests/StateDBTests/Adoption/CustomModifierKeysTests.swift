import Foundation
import StateDB
import Testing

// A custom ViewModifier is a view of its own on the way to the views it modifies: adding one
// between two builds moves the state below it under another parent view, which is not
// followed (docs/identity.md, "Keys across builds").

private struct Framed: ViewModifier {
    func body(content: Content) -> some View {
        Text("—")
        content
    }
}

private enum Bare {
    struct Screen: View {
        var body: some View { Flag(title: "wifi") }
    }
}

private enum Modified {
    struct Screen: View {
        var body: some View { Flag(title: "wifi").modifier(Framed()) }
    }
}

@MainActor
struct CustomModifierKeysTests {
    @Test func addingACustomModifierLeavesTheStateBelowAsAnOrphan() throws {
        let update = AppUpdate()
        try update.run(Bare.Screen()) { host in try host.toggle("wifi").toggle() }
        try update.run(Modified.Screen()) { host in
            try #expect(host.toggle("wifi").isOn == false, "not carried over")
        }
        #expect(update.diagnostics(.stateAdopted).isEmpty)
        #expect(update.keys == ["Screen/Flag/isOn", "Screen/Framed/Flag[any]/isOn"], "the old row is kept for statedb mv")
    }
}
