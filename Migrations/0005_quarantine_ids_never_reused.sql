-- statedb store schema, version 5.
--
-- A quarantined value is named by its id (`statedb quarantine drop STORE 3`). With a plain
-- INTEGER PRIMARY KEY, SQLite hands out the largest id plus one, so after the newest entry is
-- dropped or restored the next value set aside gets its id again, and a command typed from an
-- older listing acts on another value. AUTOINCREMENT never gives an id twice. A primary key
-- cannot be altered, so the table is rebuilt with its index; rows are copied with their ids
-- (the new table's sequence starts after the largest).
CREATE TABLE quarantine_v5 (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO quarantine_v5 (id, key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
SELECT id, key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at FROM quarantine;
DROP TABLE quarantine;
ALTER TABLE quarantine_v5 RENAME TO quarantine;

CREATE INDEX quarantine_by_key ON quarantine (key);
