/// A part of a `Text` and the styles it is drawn with, innermost first: what concatenating
/// styled texts (`Text("a").bold() + Text("b")`) keeps of each part.
struct TextRun: Equatable {
    /// A style as the SGR sequences that switch it on and off (see `TextStyle`).
    struct Style: Equatable {
        let on: String
        let off: String
    }

    var string: String
    var styles: [Style]

    /// The lines of `runs` (a part may hold line breaks), each part's pieces wrapped in its
    /// styles.
    static func lines(of runs: [TextRun]) -> [String] {
        var lines: [String] = []
        var line = ""
        for run in runs {
            for (index, piece) in run.string.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 {
                    lines.append(line)
                    line = ""
                }
                var styled = [String(piece)]
                for style in run.styles { styled = TextStyle.wrap(styled, on: style.on, off: style.off) }
                line += styled[0]
            }
        }
        lines.append(line)
        return lines
    }
}
