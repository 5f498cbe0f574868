import StateDB
import Testing

// `ZStack`, the lazy stacks, shapes, `Color` as a view, `.overlay`/`.background` with views,
// and SwiftUI modifiers a terminal has nothing to do with.

private struct Card: View {
    @State var likes = 0
    @State var expanded = false
    var body: some View {
        ZStack(alignment: .bottomTrailing) {
            Color.black.ignoresSafeArea()
            RoundedRectangle(cornerRadius: 12).fill(Color.gray).stroke(Color.white, lineWidth: 2)
            LazyVStack(alignment: .leading) {
                Text("Photo").clipShape(Circle())
                LazyHStack {
                    Capsule()
                    Text("likes \(likes)")
                    Ellipse()
                }
                if expanded { Text("details").transition(.opacity.combined(with: .slide)) }
            }
            .overlay(alignment: .topTrailing) {
                Button("Like") { likes += 1 }
            }
            .background { Rectangle().fill(.secondary) }
            .refreshable {}
        }
    }
}

@MainActor
struct LayersAndShapesTests {
    @Test func layersAreDrawnBackFirstAndShapesDrawNothing() throws {
        let host = ViewHost(root: Card(), store: .inMemory())
        #expect(host.render() == "Photo\nlikes 0\n[ Like ]")
        try host.button("Like").tap()
        #expect(host.render() == "Photo\nlikes 1\n[ Like ]", "the overlay's button is an ordinary control")
        let identities = host.identities
        #expect(identities.contains("Card/ZStack/VStack/HStack/Text[#2]"), "the lazy stacks are the stacks: switching keeps the keys")
        #expect(identities.contains("Card/ZStack/Overlay/Button"))
        #expect(identities.contains("Card/ZStack/Background/Rectangle"))
        #expect(identities.contains("Card/ZStack/Color"))
    }
}
