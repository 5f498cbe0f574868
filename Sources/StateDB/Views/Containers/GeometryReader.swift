import Foundation
import Observation

/// A view built from the room it is given, as in SwiftUI. A terminal gives every view the
/// whole width, so the proxy's size is the terminal's, in cells (columns × rows), when standard
/// output is one, else 80 × 24. When the window is resized, the next update builds the content
/// again with the new size (`TerminalHost` runs one at once). The content is drawn as it is; for identity
/// `GeometryReader` is a view with a body (`Screen/GeometryReader/VStack`).
public struct GeometryReader<Content: View>: View {
    let content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public var body: some View {
        content(GeometryProxy(size: TerminalCells.shared.sizeForReader))
    }
}

/// What a `GeometryReader` tells its content: the room it has, in terminal cells.
public struct GeometryProxy: Sendable {
    /// Columns × rows.
    public let size: CGSize

    /// No insets: a terminal has no safe area.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    /// The reader's frame: at the origin in every coordinate space (a terminal lays nothing
    /// out by position), as big as `size`.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        CGRect(origin: .zero, size: size)
    }
}

/// Where a frame is measured from, as in SwiftUI.
public enum CoordinateSpace: Hashable, Sendable {
    case global, local
    case named(String)
}

/// Insets from each edge, as in SwiftUI.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// The size of the terminal standard output is, in cells, as `GeometryReader`s read it. An
/// observable value: when the window is resized, the next update measures it again
/// (`ViewHost.update()` calls `remeasure()`) and evaluates again the views that read it, as
/// SwiftUI lays a reader out again when its room changes.
@MainActor @Observable
final class TerminalCells {
    static let shared = TerminalCells()

    /// Columns × rows, as last measured.
    private(set) var size = TerminalCells.measure()
    /// Whether a view has read the size: until one has, updates do not measure it.
    @ObservationIgnored private var isRead = false

    /// The size, for a view's body: the view depends on it.
    var sizeForReader: CGSize {
        isRead = true
        return size
    }

    /// Measures the terminal again, once a view has read the size; changes it (and so
    /// invalidates its readers) only when it differs.
    func remeasure() {
        guard isRead else { return }
        let measured = Self.measure()
        if measured != size { size = measured }
    }

    /// Columns × rows; 80 × 24 when standard output is not a terminal.
    nonisolated static func measure() -> CGSize {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return CGSize(width: 80, height: 24)
        }
        return CGSize(width: Double(size.ws_col), height: Double(size.ws_row))
    }
}
