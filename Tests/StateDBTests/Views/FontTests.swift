import StateDB
import Testing

// `.font(_:)` and `.fontWeight(_:)` as SwiftUI spells them: in a terminal only the weight and
// italics show; sizes and designs are accepted and not drawn.

private struct Article: View {
    @State var emphasised = false
    var body: some View {
        VStack {
            Text("Title").font(.largeTitle)
            Text("Body").font(.body)
            Text("Small print").font(.system(size: 11)).foregroundStyle(.secondary)
            Text("Heavy").font(.system(size: 14, weight: .heavy, design: .rounded))
            Text("Light").font(.system(.headline, weight: .light))
            Text("Slanted").font(.body.italic().bold())
            Text("Code").font(.system(.body, design: .monospaced)).monospacedDigit()
            Text("A ").fontWeight(.semibold) + Text("b").font(.caption)
            HStack { Text("x"); Text("y") }.font(.headline)
            Text("maybe").fontWeight(emphasised ? .bold : nil)
            Toggle("Emphasise", isOn: $emphasised).font(nil).fontDesign(.serif).monospaced()
        }
    }
}

private struct Nested: View {
    var body: some View {
        HStack { Text("a").bold(); Text("b") }.font(.title.italic())
    }
}

@MainActor
struct FontTests {
    @Test func boldFontsAndWeightsDrawBoldAndTheRestAsItIs() {
        let host = ViewHost(root: Article(), store: .inMemory())
        #expect(host.render() == """
            Title
            Body
            Small print
            Heavy
            Light
            Slanted
            Code
            A b
            x  y
            maybe
            [ ] Emphasise
            """)
        let lines = host.styledRenderLines()
        #expect(lines[0] == "\u{1B}[1mTitle\u{1B}[22m", "the titles are bold, as in SwiftUI")
        #expect(lines[1] == "Body")
        #expect(lines[2] == "\u{1B}[2mSmall print\u{1B}[22m", "a size changes nothing; the colour still shows")
        #expect(lines[3] == "\u{1B}[1mHeavy\u{1B}[22m")
        #expect(lines[4] == "Light", "a weight given decides over the style's")
        #expect(lines[5] == "\u{1B}[3m\u{1B}[1mSlanted\u{1B}[22m\u{1B}[23m")
        #expect(lines[6] == "Code")
        #expect(lines[7] == "\u{1B}[1mA \u{1B}[22mb", "a Text's font returns a Text, so parts concatenate")
        #expect(lines[8] == "\u{1B}[1mx  y\u{1B}[22m", "on other views the View modifier applies")
        #expect(lines[9] == "maybe")
        #expect(host.identities.contains("Article/VStack/Toggle"), "a font adds nothing to identities")
    }

    @Test func aWeightThatDependsOnStateIsRedrawn() throws {
        let host = ViewHost(root: Article(), store: .inMemory())
        try host.toggle("Emphasise").toggle()
        #expect(host.styledRenderLines()[9] == "\u{1B}[1mmaybe\u{1B}[22m")
    }

    /// A bold italic font on a container keeps each of its styles on after an inner view ends
    /// one of them.
    @Test func aBoldItalicFontStaysOnAfterAnInnerBoldText() throws {
        let host = ViewHost(root: Nested(), store: .inMemory())
        let line = try #require(host.styledRenderLines().first)
        #expect(line.contains("a\u{1B}[22m\u{1B}[1m"), "bold again after the inner bold ends: \(line.debugDescription)")
        #expect(line.hasPrefix("\u{1B}[3m") && line.hasSuffix("\u{1B}[23m"))
    }

    @Test func fontsCompareAsTheyAreDrawn() {
        #expect(Font.headline == Font.title.weight(.bold))
        #expect(Font.body != Font.body.bold())
        #expect(Font.TextStyle.allCases.filter { Font.system($0) == Font.headline } == [.largeTitle, .title, .title2, .title3, .headline])
    }
}
