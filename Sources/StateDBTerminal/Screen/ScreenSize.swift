/// The size of a terminal window, in character cells.
public struct ScreenSize: Equatable, Sendable {
    /// Lines on screen.
    public var rows: Int
    /// Cells per line.
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    /// What most terminals open with; used when the real size cannot be read.
    public static let fallback = ScreenSize(rows: 24, columns: 80)
}
