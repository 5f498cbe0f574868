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
    /// - Throws: `StateStoreError(.typeMismatch)` when this process already uses the slot with
    ///   another type.
    public func binding<Value: Codable>(for key: String, default defaultValue: Value) throws -> Binding<Value> {
        let cell = try slot(SlotKey(key), isExplicitKey: true, initialValue: { defaultValue })
        return Binding(location: SlotLocation(store: self, cell: cell))
    }
}
