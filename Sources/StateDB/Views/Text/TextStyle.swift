import Foundation

/// Text attributes inside rendered lines, written as SGR escape sequences (`ESC [ 1 m`).
///
/// Styles travel inside the lines so that stacks, padding and frames carry them without
/// knowing about them; widths skip them (`DisplayWidth`). `ViewHost.render()` strips them,
/// so tests compare plain text; the terminal host draws them.
package enum TextStyle {
    /// Wraps every line in `on` … `off`. An inner style that ends with the same `off` (a
    /// red word in a blue line) would end the outer one too, so the outer style is switched
    /// on again after it.
    static func wrap(_ lines: [String], on: String, off: String) -> [String] {
        guard !on.isEmpty else { return lines }
        return lines.map { line in
            guard !line.isEmpty else { return line }
            let inner = line.contains(off) ? line.replacingAll(off, with: off + on) : line
            return on + inner + off
        }
    }

    /// A rendered line as `render()` shows it: no styles, no trailing spaces (invisible, and
    /// left by padding, frames and `.hidden()`).
    static func plain(_ line: String) -> String {
        var result = stripped(line)
        while result.last == " " { result.removeLast() }
        return result
    }

    /// `line` without any SGR sequence (`ESC [` digits and `;` `m`).
    package static func stripped(_ line: String) -> String {
        guard line.utf8.contains(0x1B) else { return line }
        var result = ""
        var index = line.unicodeScalars.startIndex
        let scalars = line.unicodeScalars
        while index < scalars.endIndex {
            if let end = sgrEnd(in: scalars, at: index) {
                index = end
                continue
            }
            result.unicodeScalars.append(scalars[index])
            index = scalars.index(after: index)
        }
        return result
    }

    /// The index after the SGR sequence starting at `index`, or nil when none starts there.
    package static func sgrEnd(in scalars: String.UnicodeScalarView, at index: String.UnicodeScalarView.Index) -> String.UnicodeScalarView.Index? {
        guard scalars[index] == "\u{1B}" else { return nil }
        var next = scalars.index(after: index)
        guard next < scalars.endIndex, scalars[next] == "[" else { return nil }
        next = scalars.index(after: next)
        while next < scalars.endIndex {
            let scalar = scalars[next]
            if scalar == "m" { return scalars.index(after: next) }
            guard scalar == ";" || ("0"..."9").contains(scalar) else { return nil }
            next = scalars.index(after: next)
        }
        return nil
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
