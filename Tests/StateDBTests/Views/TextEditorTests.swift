import StateDB
import Testing

// `TextEditor`: a one-line text field titled `Text` that draws line breaks.

private struct Journal: View {
    @State var entry = "first line\nsecond"
    var body: some View {
        TextEditor(text: $entry)
    }
}

@MainActor
struct TextEditorTests {
    @Test func aTextEditorIsAFieldTitledTextDrawingLineBreaks() throws {
        let host = ViewHost(root: Journal(), store: .inMemory())
        #expect(host.render() == "Text: [first line↵second]")
        try host.textField("Text").type("rewritten")
        #expect(host.render() == "Text: [rewritten]")
        #expect(host.identities.contains("Journal/TextEditor/TextEditorField"))
    }
}
