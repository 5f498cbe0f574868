/// What a `List(selection:)` selects: whether a row's tag is selected, and choosing a row.
struct ListSelection {
    let isSelected: (AnyHashable) -> Bool
    /// Selects the tag (one value), or selects or deselects it (a set).
    let choose: (AnyHashable) -> Void

    // Tags are compared as `Value`s, not as `AnyHashable`s: `.tag(folder as Folder?)` is
    // `AnyHashable(Optional(folder))`, which is not equal to `AnyHashable(folder)`.
    init<Value: Hashable>(_ selection: Binding<Value?>) {
        isSelected = { tag in
            guard let value = tag.base as? Value, let selected = selection.wrappedValue else { return false }
            return selected == value
        }
        choose = { tag in if let value = tag.base as? Value { selection.wrappedValue = value } }
    }

    init<Value: Hashable>(_ selection: Binding<Set<Value>>) {
        isSelected = { tag in (tag.base as? Value).map { selection.wrappedValue.contains($0) } ?? false }
        choose = { tag in
            guard let value = tag.base as? Value else { return }
            if selection.wrappedValue.contains(value) { selection.wrappedValue.remove(value) } else { selection.wrappedValue.insert(value) }
        }
    }
}

/// A `List`, whose rows its selection makes controls.
@MainActor
protocol SelectableList {
    var selection: ListSelection? { get }
}

/// A `ForEach`: its elements' ids by the qualifier each puts in its views' segments
/// (`[id: 42]`), the tags of its rows in a selectable list.
@MainActor
protocol ElementIDListing {
    func elementIDsByQualifier() -> [String: AnyHashable]
}

extension ForEach: ElementIDListing {
    func elementIDsByQualifier() -> [String: AnyHashable] {
        var ids: [String: AnyHashable] = [:]
        forEachID { id in ids[IdentityEncoding.idQualifier(id)] = AnyHashable(id) }
        return ids
    }
}

/// A row of a selectable list, as `ViewHost.listRows(of:)` finds it.
struct ListRow {
    let node: ViewNode
    /// Its tag: the one `.tag(_:)` gave it, else its `ForEach` element's id; nil: not selectable.
    let tag: AnyHashable?
    /// Drawn with a selection mark (not inside a `Section`, which draws its rows itself).
    let isMarked: Bool
}

extension ViewHost {
    /// The rows of the list at `node`, in order: its views, those of each view that passes its
    /// children to the layout (a `ForEach`, a `Group`) in its place; a `Section` as one row,
    /// unmarked; what is presented beside a row (`.swipeActions`) with the row.
    func listRows(of node: ViewNode) -> [ListRow] {
        var rows: [ListRow] = []
        func add(_ child: ViewNode, ids: [String: AnyHashable]?) {
            if child.passesChildrenToLayout {
                let childIDs = (child.view as? any ElementIDListing)?.elementIDsByQualifier() ?? ids
                child.children.forEach { add($0, ids: childIDs) }
                return
            }
            if child.view is any PresentedBesideView {
                rows.append(ListRow(node: child, tag: nil, isMarked: false))  // drawn with its row
                return
            }
            let isSection = child.view is any SectionMarker
            rows.append(ListRow(node: child, tag: isSection ? nil : child.listTag(elementIDs: ids), isMarked: !isSection))
        }
        node.children.forEach { add($0, ids: nil) }
        return rows
    }
}

extension ViewNode {
    /// The row's tag in a selectable list: `.tag(_:)`'s, else the id of the `ForEach` element
    /// that made it, found by the qualifier in its segment (`Row[id: 42]`) among `ids`.
    func listTag(elementIDs ids: [String: AnyHashable]?) -> AnyHashable? {
        if !modifiers.isEmpty, let tag = modifiers.lazy.compactMap({ ($0 as? TagModifier)?.tag }).last { return tag }
        guard let ids, let start = segment.range(of: "[id: ")?.lowerBound else { return nil }
        // An id may hold `]` (a quoted string's), so each `]` after it may end the qualifier.
        var end = segment[start...].firstIndex(of: "]")
        while let close = end {
            if let id = ids[String(segment[start...close])] { return id }
            end = segment[segment.index(after: close)...].firstIndex(of: "]")
        }
        return nil
    }

    /// Selecting this row, when it is a row of a selectable list with a tag: its parent is the
    /// list, or views that pass their children to it (a `ForEach`, a `Group`, a `Section`).
    var listSelectionAction: (() -> Void)? {
        // Cheap tests first: this runs for every node whenever the controls are listed, and
        // most nodes have neither a tag nor an element's id.
        let hasTag = !modifiers.isEmpty && modifiers.contains { $0 is TagModifier } || segment.contains("[id: ")
        guard hasTag, isMounted, let parent, !passesChildrenToLayout, !(view is any PresentedBesideView), !(view is any SectionMarker) else { return nil }
        var container = parent
        while container.passesChildrenToLayout || container.view is any SectionMarker && container.modifiers.isEmpty {
            guard let next = container.parent else { return nil }
            container = next
        }
        guard let list = container.view as? any SelectableList, let selection = list.selection else { return nil }
        return { [weak self] in
            guard let self, self.isMounted else { return }
            if let tag = self.listTag(elementIDs: self.enclosingElementIDs()) { selection.choose(tag) }
        }
    }

    /// The element ids of the nearest `ForEach` around the node.
    private func enclosingElementIDs() -> [String: AnyHashable]? {
        var current = parent
        while let node = current {
            if let forEach = node.view as? any ElementIDListing { return forEach.elementIDsByQualifier() }
            current = node.parent
        }
        return nil
    }
}

/// A `Section`: in a selectable list, it draws its rows itself.
protocol SectionMarker {}
