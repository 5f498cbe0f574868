/// Parsed `type` columns by their text. A store holds a handful of types over a million rows,
/// and parsing a type name per row was most of what `check` spent.
@_spi(Admin) public struct SlotTypeCache {
    private var types: [String: SlotType] = [:]

    public init() {}

    /// The type named `storedName`, parsed once.
    public mutating func type(_ storedName: String) -> SlotType {
        if let type = types[storedName] { return type }
        let type = SlotType(storedName: storedName)
        // Bounded: a store of thousands of distinct app types parses the rest each time.
        if types.count < 4096 { types[storedName] = type }
        return type
    }
}
