/// What `StoreAdmin.set` did.
@_spi(Admin) public struct SetResult: Sendable {
    public enum Change: Sendable { case created, updated, unchanged }

    public let key: String
    /// The slot's `type` column.
    public let type: String
    public let change: Change
    /// The value as it is now stored, as `get` shows it: in the canonical form, whatever the
    /// spelling it was given in (a date in UTC, a UUID in upper case, `1.50` as `1.5`).
    public let value: JSONValue
}

extension StoreAdmin {
    /// Sets the slot at `key` to `value`, after checking it against the slot's declared type.
    ///
    /// Standard types (`Swift.Bool`, the integer widths with their ranges, `Swift.String`,
    /// `Data` as `{"$base64": "…"}`, optionals, arrays, sets and dictionaries of them) are
    /// checked exactly. An app type is checked by shape against the stored value: the same
    /// JSON kinds and, for objects, the same keys. The value is stored exactly as the library
    /// would store the Swift value (for JSON, the app's encoder's bytes: `1.50` as `1.5`, keys
    /// sorted), so the app decodes it and an equal value gives an equal row. Setting a value
    /// whose stored form is the row's as it is writes nothing (`.unchanged`).
    ///
    /// - Parameters:
    ///   - createAs: a type name (`Swift.Int`, `Int?`, `MyApp.Settings`); when the slot does
    ///     not exist it is created with this type. For an existing slot it must name its type.
    ///   - force: store an app type's value whose shape differs from the stored value's (the
    ///     app may still decode it: an optional that was nil, another enum case). A value the
    ///     app cannot decode is set aside in quarantine by the app, not lost.
    /// - Throws: `AdminError` `.notFound` (closest keys named), `.typeMismatch`, `.conflict`
    ///   (`createAs` differs from the existing slot's type), `.invalidInput` (bad key or type).
    public func set(_ key: String, to value: JSONValue, createAs typeName: String? = nil, force: Bool = false) throws -> SetResult {
        try write("setting \(key)") { context in
            let existing = try context.row(key)
            let declared = try typeName.map { try SlotType(declaredName: $0, path: path) }
            let type: SlotType
            let storedTypeName: String
            if let existing {
                if case .failure(let problem) = existing.value, problem.typeIsNotUTF8 {
                    throw AdminError(.unreadableValue, path: path, "slot \(JSONValue.quoted(key)): \(problem.message), then `statedb set` it with --type; written back as read, the type would keep U+FFFD in place of its bad bytes. Nothing was written.")
                }
                type = SlotType(storedName: existing.type)
                storedTypeName = existing.type
                if let declared, declared != type {
                    throw AdminError(.conflict, path: path, "slot \(JSONValue.quoted(key)) exists with type \(existing.type), not \(declared.name); --type only creates slots. Leave --type out to set it, or `statedb rm` it first to give it another type. Nothing was written.")
                }
            } else {
                guard let declared else { throw try notFound(key, context) }
                try StoreAdmin.validateKey(key, path: path)
                type = declared
                storedTypeName = declared.name
            }
            let reference = existing.flatMap { try? $0.value.get().jsonValue() }
            do throws(TypeCheckFailure) {
                try type.check(value, reference: reference)
            } catch {
                if !(error.isShapeOnly && force) { throw mismatch(key: key, type: storedTypeName, error) }
            }
            // The one canonical form every writer stores (the app's encoder's), so an equal
            // value, however it was typed, finds the row as it is.
            let stored: StoredValue
            do throws(TypeCheckFailure) {
                stored = try type.storedValue(for: value)
            } catch {
                throw mismatch(key: key, type: storedTypeName, error)
            }
            let shown = (try? stored.jsonValue(type: storedTypeName)) ?? value
            if let existing, case .success(let old) = existing.value, old == stored {
                return SetResult(key: key, type: storedTypeName, change: .unchanged, value: shown)
            }
            try context.upsert(key: key, type: storedTypeName, value: stored,
                               createdAt: existing?.createdAt ?? context.now, seenAt: existing?.seenAt ?? context.now)
            return SetResult(key: key, type: storedTypeName, change: existing == nil ? .created : .updated, value: shown)
        }
    }

    func mismatch(key: String, type: String, _ failure: TypeCheckFailure) -> AdminError {
        if failure.isShapeOnly {
            return AdminError(.typeMismatch, path: path, "slot \(JSONValue.quoted(key)) is \(type), an app type the CLI can only check by shape (the stored value's JSON kinds and keys): \(failure). Nothing was written; add --force if the app's type accepts this value.")
        }
        return AdminError(.typeMismatch, path: path, "slot \(JSONValue.quoted(key)) is \(type): \(failure). Nothing was written.")
    }
}
