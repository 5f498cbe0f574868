import Foundation
import StateDB

/// The stores of a scale run, built through the public API as an app would write them: rows
/// of a list, each with an `Int` and a `String` slot (`App/List/Row[id: N]/count`, `…/title`),
/// and `quarantined` settings an app set aside when their type changed (for `quarantine show`;
/// a hundred slots beside the list, not counted in `slots`). Built once per run in a scratch
/// folder (a million slots take a while).
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
        for index in 0..<quarantined { _ = try store.binding(for: settingKey(index), default: index) }
        try store.flush()
        store.close()
        // The next build reads the settings as text: each Int is set aside, as an app does.
        let retyped = try StateStore(path: path)
        retyped.diagnosticHandler = { _ in }
        for index in 0..<quarantined { _ = try retyped.binding(for: settingKey(index), default: "") }
        try retyped.flush()
        retyped.close()
        return ScaleStore(path: path, slots: rows * 2)
    }

    /// How many quarantine entries a store has (ids 1…).
    static let quarantined = 100

    private static func settingKey(_ index: Int) -> String { "App/Settings/option\(index)" }
}
