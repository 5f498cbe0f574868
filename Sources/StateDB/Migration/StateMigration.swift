/// A named, one-time change to the app's stored state, registered with the store:
///
/// ```swift
/// let store = try StateStore(path: path, migrations: [
///     .renameIdentity("2026-11 move settings", from: "ContentView/Settings", to: "ContentView/SettingsPanel"),
///     .renameProperty("2026-11 done is isDone", identities: "*/TodoRow*", from: "done", to: "isDone"),
///     .retype("2026-12 volume as Double", keys: "*/volume", from: Int.self, to: Double.self) { Double($0) / 10 },
///     .delete("2027-01 drop legacy", keys: "Legacy/*"),
/// ])
/// ```
///
/// Migrations run when the store opens, in the order given, each once: the store records
/// applied names (and when) in `app_migrations`. All pending migrations of one open run in
/// one transaction: if one throws, none is applied (the store's own schema migrations, which
/// run first, stay applied). Never rename
/// or reorder an applied migration; append new ones at the end.
public struct StateMigration: Sendable {
    /// Told a migration's name and how many slots it changed, once the transaction that
    /// applied it committed (`MigrationStatus.migrateUp`, for `statedb migrate up`).
    typealias Applied = @Sendable (_ name: String, _ changedSlots: Int) -> Void

    /// The name that records the migration as applied; unique within the list.
    public let name: String
    /// What the migration does, for `statedb migrate plan` and error messages.
    public let summary: String
    let body: @Sendable (MigrationSlots) throws -> Void
    /// Applied by an operator from a migration file (`statedb migrate up --app`): recorded, but
    /// not expected in the app's own list.
    var isFromFile = false

    /// A migration running `body` against the store's slots, inside the open's transaction.
    public static func custom(_ name: String, _ body: @escaping @Sendable (MigrationSlots) throws -> Void) -> StateMigration {
        StateMigration(name: name, summary: "custom", body: body)
    }

    /// Moves every slot of the identity `old` and of the views below it to `new`, after the
    /// code moved or renamed a view. A target key that exists already is written over only when
    /// it looks like a release without this migration recorded its view's initial value there
    /// (the value written over is kept in quarantine); otherwise the migration is refused and
    /// nothing is applied (see `MigrationSlots.rename(_:to:)`).
    public static func renameIdentity(_ name: String, from old: String, to new: String) -> StateMigration {
        StateMigration(name: name, summary: "rename identity \(old) -> \(new)") { slots in
            try slots.renameIdentity(from: old, to: new)
        }
    }

    /// Renames the property `old` to `new` in every identity matching `identities`.
    public static func renameProperty(_ name: String, identities: KeyPattern, from old: String, to new: String) -> StateMigration {
        StateMigration(name: name, summary: "rename property \(old) -> \(new) in \(identities)") { slots in
            for key in try slots.keys(matching: KeyPattern(identities.pattern + "/" + old)) {
                let slotKey = SlotKey(key)
                guard slotKey.property == old, identities.matches(slotKey.identity) else { continue }
                try slots.rename(key, to: SlotKey(identity: slotKey.identity, property: new).key)
            }
        }
    }

    /// Converts the values of every slot matching `keys` that holds an `A` into a `B`. Values in
    /// quarantine for those keys that decode as `A` are recovered the same way, so a type
    /// change shipped without a migration can be repaired by the next release.
    ///
    /// For a type that kept its name and changed its fields, declare its old shape as a type of
    /// its own and pass it as `A`: a value stored under `B`'s name is converted when it is
    /// exactly an `A` (it does not decode as `B`, and re-encoded as `A` it is the same value);
    /// any other is left as it is.
    public static func retype<A: Codable & SendableMetatype, B: Codable & SendableMetatype>(
        _ name: String, keys: KeyPattern, from: A.Type, to: B.Type,
        _ transform: @escaping @Sendable (A) throws -> B
    ) -> StateMigration {
        StateMigration(name: name, summary: "retype \(keys) from \(ValueCodec.typeName(of: A.self)) to \(ValueCodec.typeName(of: B.self))") { slots in
            try slots.retype(keys: keys, transform)
        }
    }

    /// Deletes every slot matching `keys`.
    public static func delete(_ name: String, keys: KeyPattern) -> StateMigration {
        StateMigration(name: name, summary: "delete \(keys)") { slots in
            for key in try slots.keys(matching: keys) { try slots.remove(key) }
        }
    }
}
