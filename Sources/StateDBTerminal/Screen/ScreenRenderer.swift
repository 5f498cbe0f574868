import StateDB

/// Lays a host snapshot out on a screen: a pure function of the screen size, the snapshot,
/// the focused control and the previous scroll position.
///
/// The rendered lines fill the screen above a status row of key hints. Lines wider than the
/// screen are cut with `…`; when the lines do not fit, the view scrolls just enough to keep
/// the focused control visible, and the status row says which lines are shown.
public enum ScreenRenderer {
    public static func frame(of snapshot: HostSnapshot, focus: Int?, size: ScreenSize, top previousTop: Int = 0) -> Frame {
        guard size.rows > 0, size.columns > 0 else {
            return Frame(lines: [], highlight: nil, statusRow: nil, top: 0)
        }
        let focused = focus.flatMap { snapshot.controls.indices.contains($0) ? snapshot.controls[$0] : nil }
        let contentRows = size.rows > 1 ? size.rows - 1 : size.rows
        let top = scrollPosition(lines: snapshot.lines.count, rows: contentRows, previous: previousTop, focusLine: focused?.place?.line)

        var lines: [String] = []
        var highlight: Frame.Highlight?
        for row in 0..<contentRows {
            let index = top + row
            guard index < snapshot.lines.count else {
                lines.append("")
                continue
            }
            let line = fit(snapshot.lines[index].trimmingTrailingSpaces, columns: size.columns)
            lines.append(line.text)
            if let place = focused?.place, place.line == index, place.column < line.visibleCharacters {
                highlight = Frame.Highlight(row: row, column: place.column, length: min(place.length, line.visibleCharacters - place.column))
            }
        }
        guard size.rows > 1 else {
            return Frame(lines: lines, highlight: highlight, statusRow: nil, top: top)
        }
        var position = ""
        if snapshot.lines.count > contentRows {
            position = "lines \(top + 1)–\(min(top + contentRows, snapshot.lines.count)) of \(snapshot.lines.count)"
        }
        lines.append(statusLine(hint: hint(for: focused?.kind), position: position, columns: size.columns))
        return Frame(lines: lines, highlight: highlight, statusRow: size.rows - 1, top: top)
    }

    /// The keys that do something for the focused kind of control.
    static func hint(for kind: ControlHandle.Kind?) -> String {
        switch kind {
        case .button: "Enter/Space press · Tab/arrows move · q quit"
        case .toggle: "Enter/Space flip · Tab/arrows move · q quit"
        case .textField, .secureField: "type to edit · Tab/arrows move · Ctrl-C quit"
        case .picker: "Enter/Space next option · Tab/arrows move · q quit"
        case .stepper: "Enter/Space step up · Tab/arrows move · q quit"
        case nil: "q quit"
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

    private static func statusLine(hint: String, position: String, columns: Int) -> String {
        let room = columns - DisplayWidth.of(position) - (position.isEmpty ? 0 : 2)
        guard room > 0 else { return fit(position, columns: columns).text }
        let left = fit(hint, columns: room).text
        guard !position.isEmpty else { return left }
        return left + String(repeating: " ", count: columns - DisplayWidth.of(left) - DisplayWidth.of(position)) + position
    }

    /// The line cut to the screen width (`…` marks the cut), and how many of its characters
    /// are the original ones.
    static func fit(_ line: String, columns: Int) -> (text: String, visibleCharacters: Int) {
        guard DisplayWidth.of(line) > columns else { return (line, line.count) }
        let kept = DisplayWidth.prefix(of: line, fitting: columns - 1)
        return (String(kept) + "…", kept.count)
    }
}
