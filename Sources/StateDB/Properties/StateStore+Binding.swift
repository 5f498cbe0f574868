extension StateStore {
    /// A binding to the slot `key` (`identity/property`, split at the last `/`), without any
    /// view: hydrated from its row, or created with `default` (recorded at the next commit).
    ///
    /// ```swift
    /// let volume = try store.binding(for: "Settings/volume", default: 5)
    /// volume.wrappedValue += 1
    /// try store.flush()
    /// ```
    ///
    /// A key of `@AppStorage` or `@SceneStorage` (`AppStorage/volume`) is the same slot as the
    /// views': when it has no value, the binding records `default` as for a new key, and the
    /// views that read it show it.
    ///
    /// A value that is or holds `@Observable` models (`Library`, `[Library]`, `[String:
    /// Library]`) is stored again after their properties change, as a `@State`'s is.
    ///
    /// - Throws: `StateStoreError(.typeMismatch)` when this process already uses the slot with
    ///   another type; `StateStoreError(.closed)` after `close()`, where writes through the
    ///   binding could never be committed.
    public func binding<Value: Codable>(for key: String, default defaultValue: Value) throws -> Binding<Value> {
        guard !isClosed else {
            throw StateStoreError(.closed, path: path, "the store is closed, so \(key) cannot be read or written; open the store again.")
        }
        // The cell a `@State` of `Value` would have: one holding `@Observable` models watches
        // them, so a change of a model's property is stored as it is for a view's slot.
        let types = stateSlotTypes(for: Value.self).downcast(to: Value.self)
        let cell = try slot(SlotKey(key), types: types, isExplicitKey: true, initialValue: { defaultValue })
        cell.didAttach(to: self)
        // A binding always has a value, to read and to write parts of.
        if !cell.recordsInitialValue { recordIfNoValue(cell, defaultValue) }
        return Binding(location: SlotLocation(store: self, cell: cell))
    }
}
