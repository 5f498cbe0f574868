extension ViewHost {
    /// The render with its styles (`.bold()`, colours) as SGR sequences, one string per line,
    /// trailing spaces trimmed: what a terminal front end draws. `render()` is these lines
    /// without the styles.
    package func styledRenderLines() -> [String] {
        ReadTracker.untracked { renderLines(of: root) }
            .flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
            .map(TextStyle.trimmingTrailingSpaces)
    }
}

extension TextStyle {
    /// `line` without trailing spaces, styles kept (a style that ends after them stays).
    static func trimmingTrailingSpaces(_ line: String) -> String {
        guard line.hasSuffix(" ") || line.utf8.contains(0x1B) else { return line }
        let pieces = DisplayWidth.pieces(of: line)
        var keep = pieces.count
        // Drop spaces at the end, looking through the style sequences between them.
        var index = pieces.count - 1
        while index >= 0 {
            switch pieces[index] {
            case .text(" "): keep = index
            case .style: break
            case .text: index = -1; continue
            }
            index -= 1
        }
        var result = ""
        for (position, piece) in pieces.enumerated() {
            switch piece {
            case .style(let sequence): result += sequence
            case .text(let character) where position < keep: result.append(character)
            case .text: break
            }
        }
        return result
    }
}
