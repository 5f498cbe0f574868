import StateDB

/// One screenful: what the terminal shows after a redraw.
///
/// Plain text plus where the focused control and the caret are, so tests compare it
/// literally; `ansi` turns it, with the styles of `styledLines`, into the bytes a terminal
/// needs.
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

    /// A place on screen, in terminal cells (for the caret).
    public struct Position: Equatable, Sendable {
        public var row: Int
        public var column: Int

        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    /// Exactly one string per screen row, none wider than the screen, without trailing spaces.
    public var lines: [String]
    /// The same rows with their styles (SGR sequences); drawn by `ansi`.
    public var styledLines: [String]
    /// The focused control, when it is on screen.
    public var highlight: Highlight?
    /// The row holding the key hints, drawn dimmed (the last row; none on a one-row screen).
    public var statusRow: Int?
    /// The row holding the host's message (a store diagnostic), drawn bold, when there is one.
    public var messageRow: Int?
    /// Where the terminal's cursor is shown: the caret of the focused text field. Hidden when nil.
    public var cursor: Position?
    /// The first line of the host's render shown at the top (the scroll position).
    public var top: Int

    public init(lines: [String], styledLines: [String]? = nil, highlight: Highlight?, statusRow: Int?,
                messageRow: Int? = nil, cursor: Position? = nil, top: Int) {
        self.lines = lines
        self.styledLines = styledLines ?? lines
        self.highlight = highlight
        self.statusRow = statusRow
        self.messageRow = messageRow
        self.cursor = cursor
        self.top = top
    }

    /// Escape sequences that draw the frame over the whole screen, in one write.
    public var ansi: String {
        var out = "\u{1B}[?25l\u{1B}[H"
        for (row, styled) in styledLines.enumerated() {
            if row > 0 { out += "\r\n" }
            if row == statusRow {
                out += "\u{1B}[2m" + styled + "\u{1B}[0m"
            } else if row == messageRow {
                out += "\u{1B}[1m" + styled + "\u{1B}[0m"
            } else if let highlight, highlight.row == row {
                out += Self.highlighting(styled, from: highlight.column, length: highlight.length) + (styled.utf8.contains(0x1B) ? "\u{1B}[0m" : "")
            } else {
                out += styled + (styled.utf8.contains(0x1B) ? "\u{1B}[0m" : "")
            }
            out += "\u{1B}[K"  // clear what the previous frame left to the right
        }
        out += "\u{1B}[J"  // and below
        if let cursor {
            out += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
        }
        return out
    }

    /// `line` with reverse video from character `column` for `length` characters (the
    /// style sequences inside are kept and not counted).
    static func highlighting(_ line: String, from column: Int, length: Int) -> String {
        var out = ""
        var index = 0
        var isOn = false
        for piece in DisplayWidth.pieces(of: line) {
            switch piece {
            case .style(let sequence): out += sequence
            case .text(let character):
                if index == column, length > 0 { out += "\u{1B}[7m"; isOn = true }
                if index == column + length, isOn { out += "\u{1B}[27m"; isOn = false }
                out.append(character)
                index += 1
            }
        }
        if isOn { out += "\u{1B}[27m" }
        return out
    }
}
