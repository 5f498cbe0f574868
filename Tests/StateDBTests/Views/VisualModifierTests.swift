import StateDB
import Testing

// SwiftUI's visual modifiers a terminal cannot draw compile and change nothing; `.opacity`
// dims, and blanks at 0 while keeping the view's place.

private struct Card: View {
    @State var faded = false
    @State var notes = ""
    var body: some View {
        VStack {
            Text("title").tint(.red).accentColor(.blue).help("tip").cornerRadius(4).shadow(radius: 2)
            Text("body").accessibilityLabel("l").accessibilityHint("h").accessibilityValue("v").accessibilityIdentifier("i")
            Text("wide").fixedSize().fixedSize(horizontal: true, vertical: false).layoutPriority(1).allowsHitTesting(false)
            Text("copy me").textSelection(.enabled).multilineTextAlignment(.center).truncationMode(.middle).kerning(1).tracking(1)
            List { Text("row").listRowSeparator(.hidden) }.scrollContentBackground(.hidden)
            Text("half").opacity(0.5)
            Text("gone").opacity(faded ? 0 : 1)
            Toggle("Fade", isOn: $faded)
        }
    }
}

private struct Backgrounds: View {
    var body: some View {
        Text("warn").background(Color.red)
        Text("note").background(Color.gray.opacity(0.2))
        Text("plain").background(.secondary)
    }
}

@MainActor
struct VisualModifierTests {
    @Test func visualModifiersChangeNothingButOpacity() throws {
        let host = ViewHost(root: Card(), store: .inMemory())
        #expect(host.render() == """
            title
            body
            wide
            copy me
            row
            half
            gone
            [ ] Fade
            """)
        let lines = host.styledRenderLines()
        #expect(lines[0] == "title" && lines[3] == "copy me")
        #expect(lines[5] == "\u{1B}[2mhalf\u{1B}[22m", "below 1: dimmed")
        #expect(lines[6] == "gone")
        try host.toggle("Fade").toggle()
        #expect(host.render().split(separator: "\n", omittingEmptySubsequences: false)[6] == "", "at 0: blank (trailing spaces are not shown)")
        #expect(host.styledRenderLines()[6] == "", "no text left to see")
        #expect(host.identities.contains("Card/VStack/Toggle"), "no modifier adds to identities")
    }

    @Test func aBackgroundColourIsDrawnBehindTheText() {
        let host = ViewHost(root: Backgrounds(), store: .inMemory())
        #expect(host.render() == "warn\nnote\nplain")
        #expect(host.styledRenderLines() == ["\u{1B}[41mwarn\u{1B}[49m", "\u{1B}[100mnote\u{1B}[49m", "plain"])
    }

    @Test func anInvisibleViewKeepsItsPlace() {
        let host = ViewHost(root: HStack { Text("ab").opacity(0); Text("c") }.padding(0), store: .inMemory())
        #expect(host.render() == "    c", "two blanks where ab was, then the stack's spacing")
    }
}
