-- statedb store schema, version 3.
--
-- SQLite 3.40 evaluates `encoding IN (…)` in a CHECK by building a temporary b-tree for every
-- row written, which cost more than the rest of an UPSERT. The same rule written as a chain of
-- `=` comparisons costs next to nothing. A CHECK cannot be altered, so the table is rebuilt
-- with its indexes and triggers; rows, values and versions are copied as they are.
CREATE TABLE slots_v3 (
    key        TEXT    NOT NULL UNIQUE,
    identity   TEXT    NOT NULL,
    property   TEXT    NOT NULL,
    type       TEXT    NOT NULL,
    encoding   TEXT    NOT NULL CHECK (encoding = 'null' OR encoding = 'bool' OR encoding = 'integer'
                                       OR encoding = 'real' OR encoding = 'text' OR encoding = 'blob'
                                       OR encoding = 'json'),
    value,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    seen_at    INTEGER NOT NULL,
    version    INTEGER NOT NULL DEFAULT 0
);
INSERT INTO slots_v3 (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
SELECT key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version FROM slots;
DROP TABLE slots;
ALTER TABLE slots_v3 RENAME TO slots;

CREATE INDEX slots_by_identity ON slots (identity);
CREATE INDEX slots_by_version ON slots (version);

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

CREATE TRIGGER slots_tombstone AFTER DELETE ON slots
WHEN NOT EXISTS (
    SELECT 1 FROM slot_tombstones
    WHERE key = old.key AND version = (SELECT tick FROM statedb_clock)
)
BEGIN
    UPDATE statedb_clock SET tick = tick + 1;
    INSERT OR REPLACE INTO slot_tombstones (key, version)
    VALUES (old.key, (SELECT tick FROM statedb_clock));
END;
