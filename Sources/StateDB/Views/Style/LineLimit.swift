/// Keeps at most `limit` of a view's lines, the last one kept ending in `…` when lines were
/// cut; with `reserved`, fills up to that many lines with blank ones.
///
/// Text does not wrap here (a line breaks only at `\n`), so the limit counts those lines.
struct LineLimitModifier: AttachedModifier {
    let limit: Int?
    let reserved: Int

    func renderLines(_ lines: [String]) -> [String] {
        var result = lines
        if let limit, result.count > limit {
            result = Array(result.prefix(max(limit, 0)))
            if let last = result.indices.last { result[last] += "…" }
        }
        if result.count < reserved { result += Array(repeating: "", count: reserved - result.count) }
        return result
    }
}

extension View {
    /// Shows at most `number` lines of the view's text (nil: all), the last one kept ending
    /// in `…` when some were cut, as in SwiftUI. Lines break only at `\n` here.
    public func lineLimit(_ number: Int?) -> ModifiedView<Self> {
        modifier(LineLimitModifier(limit: number, reserved: 0))
    }

    /// Shows at most `limit` lines; with `reservesSpace`, always takes that many (blank
    /// lines after shorter text).
    public func lineLimit(_ limit: Int, reservesSpace: Bool) -> ModifiedView<Self> {
        modifier(LineLimitModifier(limit: limit, reserved: reservesSpace ? limit : 0))
    }

    /// Takes between the range's bounds of lines: at most its upper bound, at least its lower
    /// (blank lines after shorter text).
    public func lineLimit(_ limit: ClosedRange<Int>) -> ModifiedView<Self> {
        modifier(LineLimitModifier(limit: limit.upperBound, reserved: limit.lowerBound))
    }

    /// Takes at least `limit.lowerBound` lines, with no upper limit.
    public func lineLimit(_ limit: PartialRangeFrom<Int>) -> ModifiedView<Self> {
        modifier(LineLimitModifier(limit: nil, reserved: limit.lowerBound))
    }

    /// Shows at most `limit.upperBound` lines.
    public func lineLimit(_ limit: PartialRangeThrough<Int>) -> ModifiedView<Self> {
        modifier(LineLimitModifier(limit: limit.upperBound, reserved: 0))
    }
}
