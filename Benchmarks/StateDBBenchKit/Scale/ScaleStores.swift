import Foundation
import StateDB

/// The stores of a scale run, built through the public API as an app would write them: rows
/// of a list, each with an `Int` and a `String` slot (`App/List/Row[id: N]/count`, `…/title`),
/// plus a few settings. Built once per run in a scratch folder (a million slots take a while).
public struct ScaleStore {
    let path: String
    let slots: Int

    /// The key of row `index`'s `count` slot.
    static func countKey(_ index: Int) -> String { "App/List/Row[id: \(index)]/count" }

    public static func build(slots: Int, at path: String) throws -> ScaleStore {
        let store = try StateStore(path: path)
        let rows = slots / 2
        // Flushed in batches, as an app's frames would be, so no one transaction holds it all.
        for index in 0..<rows {
            try store.binding(for: countKey(index), default: 0).wrappedValue = index
            try store.binding(for: "App/List/Row[id: \(index)]/title", default: "").wrappedValue = "Row number \(index) \"quoted\" ✓"
            if index % 50_000 == 49_999 { try store.flush() }
        }
        try store.flush()
        store.close()
        return ScaleStore(path: path, slots: rows * 2)
    }
}
