-- statedb store schema, version 1.
--
-- One row per state slot. A slot's key is its view identity plus the property name, e.g.
-- 'ContentView/VStack/Row[id: 42]/isOn'. Values are stored natively where SQLite has a type for
-- them and as JSON text otherwise, so the sqlite3 shell can read every value.

-- Which schema migrations have been applied, with the SHA-256 of each file's text.
CREATE TABLE statedb_schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    checksum   TEXT    NOT NULL,
    applied_at INTEGER NOT NULL  -- Unix time in milliseconds
);

-- A store-wide counter. Every committing writer advances it once and stamps the rows it
-- wrote with the new tick, so another process can ask for "rows changed since tick N".
CREATE TABLE statedb_clock (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    tick INTEGER NOT NULL
);
INSERT INTO statedb_clock (id, tick) VALUES (1, 0);

CREATE TABLE slots (
    key        TEXT    NOT NULL UNIQUE,
    identity   TEXT    NOT NULL,
    property   TEXT    NOT NULL,
    type       TEXT    NOT NULL,  -- the Swift type, e.g. 'Swift.Int', 'MyApp.Settings'
    encoding   TEXT    NOT NULL CHECK (encoding IN ('null', 'bool', 'integer', 'real', 'text', 'blob', 'json')),
    value,                        -- NULL, INTEGER, REAL, TEXT or BLOB, as `encoding` says
    created_at INTEGER NOT NULL,  -- Unix time in milliseconds
    updated_at INTEGER NOT NULL,  -- last change of the value
    seen_at    INTEGER NOT NULL,  -- last time a running app mounted or bound the slot
    version    INTEGER NOT NULL DEFAULT 0  -- statedb_clock tick of the last write
);
CREATE INDEX slots_by_identity ON slots (identity);
CREATE INDEX slots_by_version ON slots (version);

-- Writers that do not stamp a version (a hand edit in the sqlite3 shell) still become
-- visible to running apps: these triggers stamp the row with a fresh tick. Bookkeeping
-- columns (seen_at) do not count as a change.
CREATE TRIGGER slots_stamp_update AFTER UPDATE ON slots
WHEN new.version = old.version
 AND (new.value IS NOT old.value OR new.type IS NOT old.type
      OR new.encoding IS NOT old.encoding OR new.key IS NOT old.key)
BEGIN
    UPDATE statedb_clock SET tick = tick + 1;
    UPDATE slots SET version = (SELECT tick FROM statedb_clock) WHERE rowid = new.rowid;
END;
CREATE TRIGGER slots_stamp_insert AFTER INSERT ON slots
WHEN new.version = 0
BEGIN
    UPDATE statedb_clock SET tick = tick + 1;
    UPDATE slots SET version = (SELECT tick FROM statedb_clock) WHERE rowid = new.rowid;
END;

-- Deleted keys, so a running app can tell that another process removed a slot.
CREATE TABLE slot_tombstones (
    key     TEXT    PRIMARY KEY,
    version INTEGER NOT NULL
);
CREATE TRIGGER slots_tombstone AFTER DELETE ON slots
BEGIN
    INSERT OR REPLACE INTO slot_tombstones (key, version)
    VALUES (old.key, (SELECT tick FROM statedb_clock));
END;

-- Values that no longer decoded as their slot's declared type. Nothing is deleted on a decode
-- failure: the old value waits here to be restored or migrated.
CREATE TABLE quarantine (
    id             INTEGER PRIMARY KEY,
    key            TEXT    NOT NULL,
    identity       TEXT    NOT NULL,
    property       TEXT    NOT NULL,
    stored_type    TEXT    NOT NULL,
    expected_type  TEXT    NOT NULL,
    encoding       TEXT    NOT NULL,
    value,
    error          TEXT    NOT NULL,
    quarantined_at INTEGER NOT NULL
);
CREATE INDEX quarantine_by_key ON quarantine (key);

-- The app's own registered value migrations, applied once each, in order.
CREATE TABLE app_migrations (
    name       TEXT    PRIMARY KEY,
    position   INTEGER NOT NULL,
    applied_at INTEGER NOT NULL
);
