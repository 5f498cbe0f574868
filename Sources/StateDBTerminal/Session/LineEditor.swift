/// The text of a focused text field and where its caret is, with the edits the keys make.
/// Positions count grapheme clusters (a flag or a decomposed "é" is one step), so the caret
/// never lands inside a character. A pure value, so the edits are tested without a terminal.
public struct LineEditor: Equatable, Sendable {
    public private(set) var text: String
    /// The caret, as the number of characters before it (0...text.count).
    public private(set) var caret: Int

    public init(text: String, caret: Int? = nil) {
        self.text = text
        self.caret = min(max(0, caret ?? text.count), text.count)
    }

    /// Applies a key; false when the key is not an edit or a caret move.
    public mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(String(character))
        case .paste(let pasted): insert(Self.oneLine(pasted))
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(text.count, caret + 1)
        case .home, .control("a"): caret = 0
        case .end, .control("e"): caret = text.count
        case .wordLeft: caret = wordStart(before: caret)
        case .wordRight: caret = wordEnd(after: caret)
        case .backspace:
            guard caret > 0 else { return true }
            remove(caret - 1..<caret)
            caret -= 1
        case .delete:
            guard caret < text.count else { return true }
            remove(caret..<caret + 1)
        case .control("w"):
            let start = wordStart(before: caret)
            remove(start..<caret)
            caret = start
        case .control("k"): remove(caret..<text.count)
        case .control("u"):
            remove(0..<caret)
            caret = 0
        default:
            return false
        }
        return true
    }

    /// A field holds one line: a pasted line break becomes a space ("milk\nquinoa" is
    /// "milk quinoa"), and other control characters are dropped.
    static func oneLine(_ text: String) -> String {
        var result = ""
        var previousWasBreak = false
        for character in text {
            if character == "\r\n" || character == "\n" || character == "\r" {
                if !previousWasBreak { result.append(" ") }
                previousWasBreak = true
                continue
            }
            previousWasBreak = false
            if character == "\t" { result.append(" "); continue }
            if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) { continue }
            result.append(character)
        }
        return result
    }

    private mutating func insert(_ inserted: String) {
        // Counted after joining: a combining mark typed after a letter joins its cluster
        // ("e" + U+0301 is one character), so the caret moves by what the text gained.
        let before = String(text.prefix(caret)) + inserted
        text = before + text.dropFirst(caret)
        caret = min(before.count, text.count)
    }

    private mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let start = text.index(text.startIndex, offsetBy: range.lowerBound)
        let end = text.index(start, offsetBy: range.count)
        text.removeSubrange(start..<end)
    }

    private func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private func wordStart(before position: Int) -> Int {
        let characters = Array(text)
        var index = position
        while index > 0, !isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    private func wordEnd(after position: Int) -> Int {
        let characters = Array(text)
        var index = position
        while index < characters.count, !isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, isWordCharacter(characters[index]) { index += 1 }
        return index
    }
}
