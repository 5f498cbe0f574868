/// How many terminal cells text takes.
///
/// East Asian wide and full-width characters (Hangul, CJK, most emoji) take two cells,
/// combining marks and zero-width joiners none, everything else one. Not handled: ambiguous-
/// width characters (counted as one), and terminals that disagree with Unicode about emoji.
/// Locale-independent on purpose, unlike `wcwidth`, so frames are the same everywhere.
enum DisplayWidth {
    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        return width(of: first.value)
    }

    private static func width(of scalar: UInt32) -> Int {
        switch scalar {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
             0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    /// The longest prefix of `text` that fits in `columns` cells.
    static func prefix(of text: String, fitting columns: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let width = of(text[index])
            if used + width > columns { break }
            used += width
            end = text.index(after: index)
        }
        return text[..<end]
    }
}
