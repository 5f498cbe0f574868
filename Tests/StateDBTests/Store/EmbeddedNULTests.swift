import StateDB
import Testing

// Swift strings may contain NUL characters; a stored string must come back whole.

@Suite struct EmbeddedNULTests {
    @Test func aStringWithNULSurvivesAReopen() throws {
        let folder = TemporaryDirectory()
        let text = "before\u{0}after\u{0}"
        do {
            let store = try StateStore(path: folder.storePath)
            _ = try store.binding(for: "Notes/text", default: text)
            _ = try store.binding(for: "Notes/list", default: [text])
            store.close()
        }
        let store = try StateStore(path: folder.storePath)
        #expect(try store.binding(for: "Notes/text", default: "").wrappedValue == text)
        #expect(try store.binding(for: "Notes/list", default: [String]()).wrappedValue == [text])
    }
}
