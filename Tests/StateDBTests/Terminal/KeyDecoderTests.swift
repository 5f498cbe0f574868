import StateDBTerminal
import Testing

@Suite("Key decoder")
struct KeyDecoderTests {
    @Test func decodesPrintableControlAndEscapeKeys() {
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array("a Z\t\r\u{7F}\u{03}\u{15}\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}[Z".utf8))
        #expect(keys == [
            .character("a"), .character(" "), .character("Z"), .tab, .enter, .backspace,
            .control("c"), .control("u"), .up, .down, .right, .left, .up, .backTab,
        ])
    }

    @Test func decodesUTF8Characters() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("우유 é".utf8)) == [.character("우"), .character("유"), .character(" "), .character("é")])
    }

    @Test func keepsASequenceSplitAcrossReads() {
        var decoder = KeyDecoder()
        let bytes = Array("\u{1B}[1;5C우".utf8) + Array("\u{1B}[Z".utf8)
        // Split inside the escape sequence and inside the Hangul character.
        #expect(decoder.decode(bytes[0..<3]) == [])
        #expect(decoder.decode(bytes[3..<8]) == [.wordRight])  // Ctrl-→ whole, 우 incomplete
        #expect(decoder.decode(bytes[8...]) == [.character("우"), .backTab])
    }

    @Test func aLoneEscapeIsTheEscapeKey() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [.escape])
        #expect(decoder.decode([0x1B, UInt8(ascii: "x")]) == [.escape, .character("x")])
    }
}
