/// One screenful: what the terminal shows after a redraw.
///
/// Plain text plus where the focused control is, so tests compare it literally; `ansi` turns
/// it into the bytes a terminal needs.
public struct Frame: Equatable, Sendable {
    /// A span of one line, in characters, drawn in reverse video.
    public struct Highlight: Equatable, Sendable {
        public var row: Int
        public var column: Int
        public var length: Int

        public init(row: Int, column: Int, length: Int) {
            self.row = row
            self.column = column
            self.length = length
        }
    }

    /// Exactly one string per screen row, none wider than the screen, without trailing spaces.
    public var lines: [String]
    /// The focused control, when it is on screen.
    public var highlight: Highlight?
    /// The row holding the key hints, drawn dimmed (the last row; none on a one-row screen).
    public var statusRow: Int?
    /// The first line of the host's render shown at the top (the scroll position).
    public var top: Int

    public init(lines: [String], highlight: Highlight?, statusRow: Int?, top: Int) {
        self.lines = lines
        self.highlight = highlight
        self.statusRow = statusRow
        self.top = top
    }

    /// Escape sequences that draw the frame over the whole screen, in one write.
    public var ansi: String {
        var out = "\u{1B}[H"
        for (row, line) in lines.enumerated() {
            if row > 0 { out += "\r\n" }
            if row == statusRow {
                out += "\u{1B}[2m" + line + "\u{1B}[0m"
            } else if let highlight, highlight.row == row {
                let characters = Array(line)
                let start = min(highlight.column, characters.count)
                let end = min(start + highlight.length, characters.count)
                out += String(characters[..<start]) + "\u{1B}[7m" + String(characters[start..<end]) + "\u{1B}[27m" + String(characters[end...])
            } else {
                out += line
            }
            out += "\u{1B}[K"  // clear what the previous frame left to the right
        }
        return out + "\u{1B}[J"  // and below
    }
}
