import CSQLite

/// The second hydrate floor (`hydrate_vs_minimal_graph`): the same rows read as the first
/// floor reads them, plus the least a view graph must do with them: a node per row holding its
/// slot values in a dictionary, looked up by key, and a child node holding the row's text.
/// No persistence framework, no identities beyond the key, no dependency tracking.
final class MinimalGraphNode {
    var children: [MinimalGraphNode] = []
    var slots: [String: HydrateScenario.Value] = [:]
    var text = ""
}

extension HydrateScenario {
    /// Opens the file, reads every slot into a dictionary and builds the minimal graph over the
    /// rows; returns the seconds taken and the root (kept alive until the clock stopped).
    func runMinimalGraphFloor(identityPrefix: String) -> (seconds: Double, root: MinimalGraphNode) {
        var root = MinimalGraphNode()
        let seconds = Stopwatch.time {
            let values = readAllValues()
            let graph = MinimalGraphNode()
            graph.children.reserveCapacity(rows)
            for id in 0..<rows {
                let identity = identityPrefix + String(id) + "]"
                let row = MinimalGraphNode()
                row.slots["count"] = values[identity + "/count"]
                row.slots["title"] = values[identity + "/title"]
                let text = MinimalGraphNode()
                var count: Int64 = 0
                var title = ""
                if case .integer(let value)? = row.slots["count"] { count = value }
                if case .text(let value)? = row.slots["title"] { title = value }
                text.text = "\(title): \(count)"
                row.children.append(text)
                graph.children.append(row)
            }
            root = graph
        }
        return (seconds, root)
    }

    /// Every slot's key and value, as the first floor reads them.
    func readAllValues() -> [String: Value] {
        let database = RawDatabase(path: path)
        let select = database.prepare("SELECT key, value FROM slots")
        var read: [String: Value] = [:]
        while select.step() {
            let key = String(cString: sqlite3_column_text(select.handle, 0))
            switch sqlite3_column_type(select.handle, 1) {
            case SQLITE_INTEGER: read[key] = .integer(sqlite3_column_int64(select.handle, 1))
            default:
                let bytes = sqlite3_column_text(select.handle, 1)!
                let count = Int(sqlite3_column_bytes(select.handle, 1))
                read[key] = .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
            }
        }
        return read
    }
}
