/// What a `List(selection:)` selects: whether a row's tag is selected, and choosing a row.
struct ListSelection {
    let isSelected: (AnyHashable) -> Bool
    /// Selects the tag (one value), or selects or deselects it (a set).
    let choose: (AnyHashable) -> Void

    init<Value: Hashable>(_ selection: Binding<Value?>) {
        isSelected = { tag in selection.wrappedValue.map { AnyHashable($0) == tag } ?? false }
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

/// A `ForEach`: the ids of its elements, in order, the tags of its rows in a selectable list.
@MainActor
protocol ElementIDListing {
    func elementIDs() -> [AnyHashable]
}

extension ForEach: ElementIDListing {
    func elementIDs() -> [AnyHashable] {
        var ids: [AnyHashable] = []
        forEachElement { id, _ in ids.append(AnyHashable(id)) }
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
    /// The rows of the list at `node`, in order: its views, a `ForEach`'s or `Group`'s views in
    /// its place; a `Section` as one row, unmarked.
    func listRows(of node: ViewNode) -> [ListRow] {
        var rows: [ListRow] = []
        func add(_ child: ViewNode, ids: [AnyHashable]?, index: Int, siblings: Int) {
            if child.view is any LayoutTransparentView && child.modifiers.isEmpty {
                let childIDs = (child.view as? any ElementIDListing)?.elementIDs()
                for (position, grandchild) in child.children.enumerated() {
                    add(grandchild, ids: childIDs, index: position, siblings: child.children.count)
                }
                return
            }
            let isSection = child.view is any SectionMarker
            rows.append(ListRow(node: child, tag: isSection ? nil : child.listTag(elementIDs: ids, index: index, siblings: siblings), isMarked: !isSection))
        }
        for (position, child) in node.children.enumerated() { add(child, ids: nil, index: position, siblings: node.children.count) }
        return rows
    }
}

extension ViewNode {
    /// The row's tag in a selectable list: `.tag(_:)`'s, else the id of its `ForEach` element
    /// (`elementIDs`, the `ForEach`'s, with `siblings` views for them: one or several a element).
    func listTag(elementIDs ids: [AnyHashable]?, index: Int, siblings: Int) -> AnyHashable? {
        if let tag = modifiers.lazy.compactMap({ ($0 as? TagModifier)?.tag }).last { return tag }
        guard let ids, !ids.isEmpty, siblings % ids.count == 0 else { return nil }
        return ids[index / (siblings / ids.count)]
    }

    /// Selecting this row, when it is a row of a selectable list with a tag.
    var listSelectionAction: (() -> Void)? {
        guard isMounted, let parent else { return nil }
        var container = parent
        while container.view is any LayoutTransparentView && container.modifiers.isEmpty {
            guard let next = container.parent else { return nil }
            container = next
        }
        guard let list = container.view as? any SelectableList, let selection = list.selection else { return nil }
        // Cheap tests first: this runs for every node whenever the controls are listed.
        let hasTag = modifiers.contains { $0 is TagModifier } || parent.view is any ElementIDListing
        guard hasTag else { return nil }
        return { [weak self] in
            guard let self, self.isMounted, let parent = self.parent else { return }
            let ids = (parent.view as? any ElementIDListing)?.elementIDs()
            let index = parent.children.firstIndex { $0 === self } ?? 0
            if let tag = self.listTag(elementIDs: ids, index: index, siblings: parent.children.count) { selection.choose(tag) }
        }
    }
}

/// A `Section`: in a selectable list, it draws its rows itself.
protocol SectionMarker {}
