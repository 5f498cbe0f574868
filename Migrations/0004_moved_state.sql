-- statedb store schema, version 4.
--
-- A new build of an app may write a view's slot under another key than the build before (the
-- view was wrapped in a stack, moved into a branch; or the store was written by a statedb
-- whose keys had block positions). Mounting then carries the stored value over to the new key
-- and records it here, so an operator can see later what moved where (`statedb orphans`).
CREATE TABLE statedb_adoptions (
    id         INTEGER PRIMARY KEY,
    key        TEXT    NOT NULL,  -- the slot's key now
    from_key   TEXT    NOT NULL,  -- the key its value was stored under
    type       TEXT    NOT NULL,  -- the stored type, the same under both keys
    adopted_at INTEGER NOT NULL   -- Unix time in milliseconds
);
CREATE INDEX statedb_adoptions_by_key ON statedb_adoptions (key);

-- Keys an app named itself (`store.binding(for:)`) rather than got from a view's place: their
-- rows are never carried over to a view's slot, whatever their key looks like.
CREATE TABLE statedb_explicit_keys (
    key TEXT PRIMARY KEY
) WITHOUT ROWID;
