import StateDB

/// Lays a host snapshot out on a screen: a pure function of the screen size, the snapshot,
/// the focused control, the caret, the message and the previous scroll position.
///
/// The rendered lines fill the screen above a status row of key hints (and, when there is a
/// message, a message row above that). Lines wider than the screen are cut with `…`, measured
/// in terminal cells by grapheme cluster; when the lines do not fit, the view scrolls just
/// enough to keep the focused control visible (unless the user scrolled away with PgUp/PgDn
/// and no control is on the new page), and the status row says which lines are shown.
public enum ScreenRenderer {
    /// What the screen shows besides the snapshot.
    public struct Overlay: Equatable, Sendable {
        /// The caret of the focused text field, in characters of its text.
        public var caret: Int?
        /// A message for the user (a store diagnostic), on the row above the key hints.
        public var message: String?
        /// Whether the scroll position follows the focus (false after PgUp/PgDn left it).
        public var followsFocus: Bool

        public init(caret: Int? = nil, message: String? = nil, followsFocus: Bool = true) {
            self.caret = caret
            self.message = message
            self.followsFocus = followsFocus
        }
    }

    public static func frame(of snapshot: HostSnapshot, focus: Int?, size: ScreenSize, top previousTop: Int = 0,
                             overlay: Overlay = Overlay()) -> Frame {
        guard size.rows > 0, size.columns > 0 else {
            return Frame(lines: [], highlight: nil, statusRow: nil, top: 0)
        }
        let focused = focus.flatMap { snapshot.controls.indices.contains($0) ? snapshot.controls[$0] : nil }
        let hasStatus = size.rows > 1
        let hasMessage = overlay.message != nil && size.rows > 2
        let contentRows = size.rows - (hasStatus ? 1 : 0) - (hasMessage ? 1 : 0)
        let top = scrollPosition(lines: snapshot.lines.count, rows: contentRows, previous: previousTop,
                                 focusLine: overlay.followsFocus ? focused?.place?.line : nil)

        var lines: [String] = []
        var styled: [String] = []
        var highlight: Frame.Highlight?
        var cursor: Frame.Position?
        for row in 0..<contentRows {
            let index = top + row
            guard index < snapshot.lines.count else {
                lines.append("")
                styled.append("")
                continue
            }
            let plain = snapshot.lines[index]
            let line = fit(plain, columns: size.columns)
            lines.append(line.text)
            styled.append(fitStyled(index < snapshot.styledLines.count ? snapshot.styledLines[index] : plain, columns: size.columns))
            if let place = focused?.place, place.line == index, place.column >= line.visibleCharacters {
                // The focused control starts past the right edge, where the line is cut: the
                // cut's mark (`…`, right after the characters kept) takes the highlight, so the
                // screen still shows where the focus is (Enter acts on a control the user could
                // not otherwise see).
                highlight = Frame.Highlight(row: row, column: line.visibleCharacters, length: 1)
            } else if let place = focused?.place, place.line == index, place.column < line.visibleCharacters {
                highlight = Frame.Highlight(row: row, column: place.column, length: min(place.length, line.visibleCharacters - place.column))
                if let caret = overlay.caret, let focused, focused.kind == .textField || focused.kind == .secureField {
                    // `Title: [text]`: the caret sits after the title, ": [" and `caret` characters.
                    let characters = min(place.column + focused.title.count + 3 + caret, line.visibleCharacters)
                    let cells = DisplayWidth.of(plain.prefix(characters))
                    cursor = Frame.Position(row: row, column: min(cells, size.columns - 1))
                }
            }
        }
        guard hasStatus else {
            return Frame(lines: lines, styledLines: styled, highlight: highlight, statusRow: nil, cursor: cursor, top: top)
        }
        var messageRow: Int?
        if hasMessage, let message = overlay.message {
            let text = fit("! " + message, columns: size.columns).text
            lines.append(text)
            styled.append(text)
            messageRow = lines.count - 1
        }
        var position = ""
        if snapshot.lines.count > contentRows {
            position = "lines \(top + 1)–\(min(top + contentRows, snapshot.lines.count)) of \(snapshot.lines.count)"
        }
        let status = statusLine(hints: hints(for: focused?.kind), position: position, columns: size.columns)
        lines.append(status)
        styled.append(status)
        return Frame(lines: lines, styledLines: styled, highlight: highlight, statusRow: lines.count - 1,
                     messageRow: messageRow, cursor: cursor, top: top)
    }

    /// The keys that do something for the focused kind of control, most useful first: a
    /// narrow window shows as many as fit, whole.
    static func hints(for kind: ControlHandle.Kind?) -> [String] {
        switch kind {
        case .button: ["Enter press", "Tab move", "q quit", "PgUp/PgDn scroll"]
        case .toggle: ["Enter flip", "Tab move", "q quit", "PgUp/PgDn scroll"]
        case .textField, .secureField: ["type to edit", "Tab move", "←/→ caret", "Ctrl-C quit"]
        case .picker: ["←/→ choose", "Tab move", "q quit", "PgUp/PgDn scroll"]
        case .stepper: ["←/→ or -/+ step", "Tab move", "q quit", "PgUp/PgDn scroll"]
        case nil: ["q quit", "PgUp/PgDn scroll"]
        }
    }

    /// The first line to show so that the focused line is on screen, moving as little as
    /// possible from `previous`.
    static func scrollPosition(lines: Int, rows: Int, previous: Int, focusLine: Int?) -> Int {
        var top = max(0, min(previous, lines - rows))
        if let focusLine {
            if focusLine < top { top = focusLine }
            if focusLine >= top + rows { top = focusLine - rows + 1 }
        }
        return top
    }

    /// The hints that fit, whole, joined by ` · `, then the position flush right; the
    /// position goes first when both do not fit.
    static func statusLine(hints: [String], position: String, columns: Int) -> String {
        let positionWidth = DisplayWidth.of(position)
        let room = columns - positionWidth - (position.isEmpty ? 0 : 2)
        guard room > 0 else { return fit(position, columns: columns).text }
        var left = ""
        for hint in hints {
            let candidate = left.isEmpty ? hint : left + " · " + hint
            if DisplayWidth.of(candidate) > room { break }
            left = candidate
        }
        guard !position.isEmpty else { return left }
        return left + String(repeating: " ", count: columns - DisplayWidth.of(left) - positionWidth) + position
    }

    /// The line cut to the screen width (`…` marks the cut), and how many of its characters
    /// are the original ones.
    static func fit(_ line: String, columns: Int) -> (text: String, visibleCharacters: Int) {
        guard DisplayWidth.of(line) > columns else { return (line, line.count) }
        let kept = DisplayWidth.prefix(of: line, fitting: columns - 1)
        return (kept + "…", kept.count)
    }

    /// A styled line cut the same way, its style sequences kept.
    static func fitStyled(_ line: String, columns: Int) -> String {
        guard DisplayWidth.of(line) > columns else { return line }
        return DisplayWidth.prefix(of: line, fitting: columns - 1) + (line.utf8.contains(0x1B) ? "\u{1B}[0m…" : "…")
    }
}
