import StateDB
import Testing

// A Text's style modifiers return a Text, as in SwiftUI: styled texts concatenate, and each
// part keeps its style in the render.

private struct Greeting: View {
    @State var loud = false
    var body: some View {
        VStack {
            Text("Hello ").bold() + Text("world").foregroundColor(.red)
            (Text("a").italic() + Text("b")).foregroundStyle(.blue)
            Text("one\ntwo").underline() + Text(" three").strikethrough()
            Text("loud").bold(loud)
            HStack { Text("x"); Text("y") }.underline()
            Toggle("Loud", isOn: $loud)
        }
    }
}

@MainActor
struct TextStyleTests {
    @Test func aTextsStyleModifiersReturnAText() {
        let styled: Text = Text("a").bold().italic().underline().strikethrough().foregroundColor(.green).foregroundStyle(.secondary)
        #expect(styled.content == "a")
        #expect(styled != Text("a"), "the styles are part of the value")
        #expect(Text("a").bold(false) == Text("a"))
    }

    @Test func eachPartKeepsItsStyle() {
        let host = ViewHost(root: Greeting(), store: .inMemory())
        #expect(host.render() == """
            Hello world
            ab
            one
            two three
            loud
            x  y
            [ ] Loud
            """)
        #expect(host.texts.prefix(3) == ["Hello world", "ab", "one\ntwo three"])
        let lines = host.styledRenderLines()
        #expect(lines[0] == "\u{1B}[1mHello \u{1B}[22m\u{1B}[31mworld\u{1B}[39m")
        #expect(lines[1] == "\u{1B}[34m\u{1B}[3ma\u{1B}[23m\u{1B}[39m\u{1B}[34mb\u{1B}[39m", "a style on the whole goes around every part")
        #expect(lines[2] == "\u{1B}[4mone\u{1B}[24m")
        #expect(lines[3] == "\u{1B}[4mtwo\u{1B}[24m\u{1B}[9m three\u{1B}[29m", "a part's line break keeps its style on both lines")
        #expect(lines[4] == "loud")
        #expect(lines[5] == "\u{1B}[4mx  y\u{1B}[24m", "on other views the View modifier applies")
    }

    @Test func aStyleThatDependsOnStateIsRedrawn() throws {
        let host = ViewHost(root: Greeting(), store: .inMemory())
        try host.toggle("Loud").toggle()
        #expect(host.styledRenderLines()[4] == "\u{1B}[1mloud\u{1B}[22m")
    }
}
