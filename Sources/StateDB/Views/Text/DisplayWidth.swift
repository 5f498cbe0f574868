/// How many terminal cells text takes, measured by grapheme cluster (what a reader sees as
/// one character), skipping the SGR style sequences inside rendered lines.
///
/// A cluster takes the width of its first scalar, except that emoji take two cells: a scalar
/// with emoji presentation (🎉), an emoji made so by U+FE0F (❤️), a flag (a pair of regional
/// indicators, 🇫🇷) and a ZWJ sequence (👩‍💻, which starts with an emoji). East Asian wide and
/// full-width characters (Hangul, CJK) take two; combining marks (the accent of a decomposed
/// "é", which joins its letter's cluster), zero-width characters and controls none;
/// everything else one. Not handled: ambiguous-width characters (counted as one), and
/// terminals that draw emoji otherwise. Locale-independent on purpose, unlike `wcwidth`, so
/// renders and frames are the same everywhere.
package enum DisplayWidth {
    /// The cells `text` takes.
    package static func of(_ text: some StringProtocol) -> Int {
        var width = 0
        forEachCluster(in: String(text)) { _, cells in width += cells }
        return width
    }

    /// The cells one grapheme cluster takes.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let properties = first.properties
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }  // a flag's regional indicators
        if properties.isEmojiPresentation { return 2 }
        if scalars.count > 1, properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }) {
            return first.value < 0x80 ? 1 : 2  // a keycap ("1️⃣") starts with ASCII: terminals differ, one
        }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        return isWide(first.value) ? 2 : 1
    }

    private static func isWide(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Calls `body` with each grapheme cluster of `text` and its width, skipping SGR sequences.
    package static func forEachCluster(in text: String, _ body: (Character, Int) -> Void) {
        guard text.utf8.contains(0x1B) else {
            for character in text { body(character, of(character)) }
            return
        }
        for piece in pieces(of: text) {
            if case .text(let character) = piece { body(character, of(character)) }
        }
    }

    /// A rendered line's parts: its grapheme clusters and its style sequences, in order.
    package enum Piece: Equatable {
        case text(Character)
        case style(String)
    }

    package static func pieces(of line: String) -> [Piece] {
        var result: [Piece] = []
        let scalars = line.unicodeScalars
        var index = scalars.startIndex
        var plain = String.UnicodeScalarView()
        func flush() {
            for character in String(plain) { result.append(.text(character)) }
            plain = String.UnicodeScalarView()
        }
        while index < scalars.endIndex {
            if let end = TextStyle.sgrEnd(in: scalars, at: index) {
                flush()
                result.append(.style(String(scalars[index..<end])))
                index = end
                continue
            }
            plain.append(scalars[index])
            index = scalars.index(after: index)
        }
        flush()
        return result
    }

    /// The longest prefix of `text` that fits in `columns` cells, style sequences kept.
    package static func prefix(of text: String, fitting columns: Int) -> String {
        var used = 0
        var result = ""
        for piece in pieces(of: text) {
            switch piece {
            case .style(let sequence): result += sequence
            case .text(let character):
                let width = of(character)
                if used + width > columns { return result }
                used += width
                result.append(character)
            }
        }
        return result
    }

    /// `text` followed by spaces up to `columns` cells (never cut).
    package static func padded(_ text: String, to columns: Int) -> String {
        let width = of(text)
        return width >= columns ? text : text + String(repeating: " ", count: columns - width)
    }
}
