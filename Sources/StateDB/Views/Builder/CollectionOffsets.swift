import Foundation

// The offset-based edits SwiftUI adds to collections for lists' delete and move actions
// (`items.remove(atOffsets:)` in `.onDelete`, `items.move(fromOffsets:toOffset:)` in `.onMove`),
// which data-flow code calls from buttons too.

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets` (positions counted from the start).
    public mutating func remove(atOffsets offsets: IndexSet) {
        var position = 0
        removeAll { _ in
            defer { position += 1 }
            return offsets.contains(position)
        }
    }
}

extension MutableCollection where Self: RangeReplaceableCollection {
    /// Moves the elements at `source` (positions counted from the start), in their order, to
    /// just before the element that was at `destination` (or to the end when it is `count`), as
    /// SwiftUI's list reordering passes them.
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let elements = Array(self)
        let moved = source.filter { $0 < elements.count }.map { elements[$0] }
        var kept: [Element] = []
        var insertion = 0
        for (offset, element) in elements.enumerated() where !source.contains(offset) {
            if offset < destination { insertion += 1 }
            kept.append(element)
        }
        kept.insert(contentsOf: moved, at: insertion)
        replaceSubrange(startIndex..<endIndex, with: kept)
    }
}

extension ForEach {
    /// This `ForEach`: a terminal has no swipe to delete, so `action` never runs; the code that
    /// declares it compiles and runs as written. Delete with a button calling
    /// `remove(atOffsets:)` instead.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> Self { self }

    /// This `ForEach`: a terminal has no dragging, so `action` never runs (see `onDelete`).
    /// Move with buttons calling `move(fromOffsets:toOffset:)` instead.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> Self { self }
}
