/// A value the app set aside because it no longer decoded as its slot's type.
@_spi(Admin) public struct QuarantinedValue: Sendable {
    public let id: Int64
    public let key: String
    /// The type the value was stored with.
    public let storedType: String
    /// The type the app expected when it could not decode the value.
    public let expectedType: String
    public let encoding: String
    /// The value as JSON; nil when it cannot be read.
    public let value: JSONValue?
    /// Why `value` is nil.
    public let problem: String?
    /// The decoding error the app met.
    public let error: String
    /// Unix time in milliseconds.
    public let quarantinedAt: Int64
    /// Why the key cannot name a slot (its bytes are not UTF-8: a hand edit); nil for every
    /// entry an app wrote. Such an entry can be shown and dropped, never restored.
    public var keyProblem: String? = nil
}

extension QuarantinedValue {
    /// A quarantined value as JSON, or why it cannot be read: what both backends' listings
    /// make of the stored columns.
    /// `typeFault` and `valueFault` say where the stored type and a text or json value break
    /// UTF-8 (a hand edit; the backend finds it): such a value is unreadable, as no app could
    /// read it as stored.
    static func json(encoding: String, typeFault: String?, valueFault: () -> String?,
                     _ read: () throws -> StoredValue) -> (JSONValue?, String?) {
        if let typeFault { return (nil, "its stored type is not valid UTF-8 (\(typeFault))") }
        if encoding == "text" || encoding == "json", let valueFault = valueFault() {
            return (nil, "the \(encoding) value is not valid UTF-8 (\(valueFault)); an app would read it with U+FFFD in place of the bad bytes")
        }
        do {
            return (try read().jsonValue(), nil)
        } catch let error as StoredValueError {
            return (nil, error.message)
        } catch {
            return (nil, "the json value does not parse (\(error))")
        }
    }
}

extension StoreAdmin {
    /// Every quarantined value, oldest first.
    public func quarantined() throws -> [QuarantinedValue] {
        try read("reading the quarantine") { try $0.quarantine(id: nil) }
    }

    /// Quarantined value `id`, looked up by its id alone (the quarantine may be large).
    /// - Throws: `AdminError(.notFound)` naming up to five ids there are on each side of `id`.
    public func quarantined(id: Int64) throws -> QuarantinedValue {
        try read("reading quarantined value \(id)") { try quarantineEntry(id, $0) }
    }

    /// Puts a quarantined value back into its slot with the type it was stored with, and
    /// removes it from the quarantine.
    ///
    /// - Parameter force: restore even when the slot now has another type. An app that still
    ///   uses the new type will set the value aside again; use this after reverting the app's
    ///   type, or convert the value and `set` it instead.
    /// - Throws: `AdminError` `.notFound` (no entry `id`), `.unreadableValue` (the value
    ///   cannot be read as its encoding, `force` or not: in the slot it would only be set aside
    ///   again), `.conflict` (the slot's type changed, without `force`).
    public func restoreQuarantined(id: Int64, force: Bool) throws -> QuarantinedValue {
        try write("restoring quarantined value \(id)") { context in
            let entry = try quarantineEntry(id, context)
            if let keyProblem = entry.keyProblem {
                throw AdminError(.unreadableValue, path: path, "quarantined value \(id) cannot be restored: \(keyProblem), and restored it would be written over the slot its key reads as. Nothing was written. `statedb quarantine drop` it.")
            }
            if entry.value == nil {
                throw AdminError(.unreadableValue, path: path, "quarantined value \(id) of \(JSONValue.quoted(entry.key)) cannot be read (\(entry.problem ?? "unreadable")), so no app could use it in its slot. Nothing was written. `statedb quarantine drop` it, or `statedb set` the slot to a value.")
            }
            var types = SlotTypeCache()
            if let problem = valueProblem(type: entry.storedType, encoding: entry.encoding, value: entry.value, problem: nil, types: &types) {
                throw AdminError(.unreadableValue, path: path, "quarantined value \(id) of \(JSONValue.quoted(entry.key)) cannot be restored, as no app could read it in its slot (\(problem)). Nothing was written. `statedb quarantine drop` it, or `statedb set` the slot to a value.")
            }
            let current = try context.row(entry.key)
            if let current, current.type != entry.storedType, !force {
                throw AdminError(.conflict, path: path, "slot \(JSONValue.quoted(entry.key)) is now \(current.type), but quarantined value \(id) is \(entry.storedType); an app that uses \(current.type) would set it aside again. Nothing was written. Add --force after reverting the app's type, or `statedb set` a converted value.")
            }
            try context.restoreQuarantined(id: id, key: entry.key)
            try context.deleteQuarantined(id: id)
            return entry
        }
    }

    /// Deletes a quarantined value for good.
    public func dropQuarantined(id: Int64) throws -> QuarantinedValue {
        try write("dropping quarantined value \(id)") { context in
            let entry = try quarantineEntry(id, context)
            try context.deleteQuarantined(id: id)
            return entry
        }
    }

    private func quarantineEntry(_ id: Int64, _ rows: any AdminRows) throws -> QuarantinedValue {
        guard let entry = try rows.quarantine(id: id).first else {
            // The ids nearest the one asked for (a typo is usually a digit off), not every id:
            // the quarantine may hold a million entries.
            let near = try rows.quarantineIDs(around: id, each: 5)
            let ids = near.isEmpty ? "the quarantine is empty" : "ids near it: " + near.map(String.init).joined(separator: ", ")
            throw AdminError(.notFound, path: path, "no quarantined value with id \(id) (\(ids)); `statedb quarantine STORE` lists them.")
        }
        return entry
    }
}
