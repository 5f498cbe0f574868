import StateDB

/// What a `ViewHost` shows at one moment: its rendered lines and where each control sits in
/// them. The renderer and the focus logic work on this value, never on the live host, so they
/// are plain functions that tests can feed.
public struct HostSnapshot: Equatable, Sendable {
    /// A control and its place in `lines`.
    public struct Control: Equatable, Sendable {
        public var kind: ControlHandle.Kind
        /// The control's identity in the tree; focus follows it across updates.
        public var identity: String
        public var title: String
        /// Where the control's first line starts, or nil when it could not be found.
        public var place: Place?

        public init(kind: ControlHandle.Kind, identity: String, title: String, place: Place?) {
            self.kind = kind
            self.identity = identity
            self.title = title
            self.place = place
        }
    }

    /// A span of one line, in characters (not cells).
    public struct Place: Equatable, Sendable {
        public var line: Int
        public var column: Int
        public var length: Int

        public init(line: Int, column: Int, length: Int) {
            self.line = line
            self.column = column
            self.length = length
        }
    }

    /// The host's `render()`, split into lines.
    public var lines: [String]
    /// The same lines with their styles (SGR sequences), for drawing.
    public var styledLines: [String]
    /// Every control, in tree order (the order Tab follows).
    public var controls: [Control]

    public init(lines: [String], styledLines: [String]? = nil, controls: [Control]) {
        self.lines = lines
        self.styledLines = styledLines ?? lines
        self.controls = controls
    }

    /// Takes the snapshot of a host as it is now.
    @MainActor
    public init(host: ViewHost) {
        let styled = host.styledRenderLines()
        let lines = styled.map { TextStyle.stripped($0) }
        let handles = host.controls
        let places = Self.locate(handles.map { $0.renderedLines.first ?? "" }, in: lines)
        self.init(lines: lines, styledLines: styled, controls: zip(handles, places).map { handle, place in
            Control(kind: handle.kind, identity: handle.identity, title: handle.title, place: place)
        })
    }

    /// Finds each control's text in the lines, in order.
    ///
    /// The render is plain text, so a control is found by searching for its own rendered line
    /// after the previous control's: tree order is reading order for stacks, so repeated
    /// texts (`[ remove ]` on every row) land on the right rows. When that fails (an `HStack`
    /// of multi-line columns reads in another order) the first unclaimed match anywhere is
    /// taken; a control whose text is nowhere stays unplaced and is skipped by arrow keys.
    static func locate(_ texts: [String], in lines: [String]) -> [Place?] {
        var claimed: Set<[Int]> = []
        var cursor = (line: 0, column: 0)
        return texts.map { text in
            let needle = text.trimmingTrailingSpaces
            guard !needle.isEmpty else { return nil }
            let found = search(needle, in: lines, from: cursor, skipping: claimed)
                ?? search(needle, in: lines, from: (0, 0), skipping: claimed)
            guard let found else { return nil }
            claimed.insert([found.line, found.column])
            cursor = (found.line, found.column + found.length)
            return found
        }
    }

    private static func search(_ needle: String, in lines: [String], from start: (line: Int, column: Int), skipping claimed: Set<[Int]>) -> Place? {
        let needleCharacters = Array(needle)
        var lineNumber = start.line
        while lineNumber < lines.count {
            let characters = Array(lines[lineNumber])
            var column = lineNumber == start.line ? start.column : 0
            while column + needleCharacters.count <= characters.count {
                if characters[column..<column + needleCharacters.count].elementsEqual(needleCharacters),
                   !claimed.contains([lineNumber, column]) {
                    return Place(line: lineNumber, column: column, length: needleCharacters.count)
                }
                column += 1
            }
            lineNumber += 1
        }
        return nil
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
