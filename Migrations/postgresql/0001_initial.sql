-- statedb store schema, PostgreSQL dialect, version 1.
--
-- The same tables as the SQLite schema at its version 5 (Migrations/0001…0005), written for
-- PostgreSQL. The dialect counts its versions on its own: a database starts here, not at the
-- SQLite files' history. One store per database, in the connection's current schema.
--
-- Values: the SQLite store keeps each value in one dynamically typed column. PostgreSQL
-- columns have one type, so a value is text in `value` (integers as decimal digits, reals as
-- their shortest round-tripping digits, bools as 'true'/'false', JSON as its text) and bytes
-- in `blob` for the 'blob' encoding. psql shows and edits every value as text.

-- Which schema migrations have been applied, with the SHA-256 of each file's text.
CREATE TABLE statedb_schema_migrations (
    version    integer PRIMARY KEY,
    name       text    NOT NULL,
    checksum   text    NOT NULL,
    applied_at bigint  NOT NULL  -- Unix time in milliseconds
);

-- The marker that makes a database a statedb store, and its schema version (SQLite's
-- application_id and user_version). A database without it that has any table is not ours.
CREATE TABLE statedb_store (
    id             integer PRIMARY KEY CHECK (id = 1),
    application    text    NOT NULL CHECK (application = 'statedb'),
    schema_version integer NOT NULL
);
INSERT INTO statedb_store (id, application, schema_version) VALUES (1, 'statedb', 0);

-- The store-wide commit counter: every committing writer advances it once and stamps the
-- rows it wrote with the new tick. A row, not a sequence: updating the row takes its lock
-- until the transaction ends, so a second writer gets its tick only after the first has
-- committed, and ticks become visible in the order they were given out. A reader that has
-- seen every tick up to N can then ask for `version > N` and miss nothing. (A sequence hands
-- out numbers outside transactions: tick 6 may commit before tick 5, a reader would move on
-- to 6, and tick 5's rows would never be read.) See docs/postgresql.md.
CREATE TABLE statedb_clock (
    id   integer PRIMARY KEY CHECK (id = 1),
    tick bigint  NOT NULL
);
INSERT INTO statedb_clock (id, tick) VALUES (1, 0);

CREATE TABLE slots (
    key        text   PRIMARY KEY,
    identity   text   NOT NULL,
    property   text   NOT NULL,
    type       text   NOT NULL,  -- the Swift type, e.g. 'Swift.Int', 'MyApp.Settings'
    encoding   text   NOT NULL CHECK (encoding IN ('null', 'bool', 'integer', 'real', 'text', 'blob', 'json')),
    value      text,             -- every encoding but 'null' and 'blob', as text
    blob       bytea,            -- the 'blob' encoding only
    created_at bigint NOT NULL,  -- Unix time in milliseconds
    updated_at bigint NOT NULL,  -- last change of the value
    seen_at    bigint NOT NULL,  -- last time a running app mounted or bound the slot
    version    bigint NOT NULL DEFAULT 0,  -- statedb_clock tick of the last write
    CONSTRAINT slots_value_fits_encoding CHECK (
        (encoding = 'blob' OR blob IS NULL)
        AND (encoding IN ('null', 'blob')) = (value IS NULL))
);
CREATE INDEX slots_by_identity ON slots (identity);
CREATE INDEX slots_by_version ON slots (version);

-- Writers that do not stamp a version (a hand edit in psql) still become visible to running
-- apps: these triggers stamp the row with a fresh tick and notify. Bookkeeping columns
-- (seen_at) do not count as a change. statedb's own writes always set `version` to their
-- commit's tick, so the WHEN clauses keep the functions from running for them. A key changed
-- by hand leaves a tombstone for the old key, so running apps see it go.
CREATE FUNCTION statedb_stamp_slot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE statedb_clock SET tick = tick + 1 WHERE id = 1 RETURNING tick INTO NEW.version;
    IF TG_OP = 'UPDATE' AND NEW.key IS DISTINCT FROM OLD.key THEN
        INSERT INTO slot_tombstones (key, version) VALUES (OLD.key, NEW.version)
        ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version;
    END IF;
    PERFORM pg_notify('statedb_changes', NEW.version::text);
    RETURN NEW;
END
$$;
CREATE TRIGGER slots_stamp_update BEFORE UPDATE ON slots FOR EACH ROW
WHEN (NEW.version = OLD.version
      AND (NEW.value IS DISTINCT FROM OLD.value OR NEW.blob IS DISTINCT FROM OLD.blob
           OR NEW.type IS DISTINCT FROM OLD.type OR NEW.encoding IS DISTINCT FROM OLD.encoding
           OR NEW.key IS DISTINCT FROM OLD.key))
EXECUTE FUNCTION statedb_stamp_slot();
CREATE TRIGGER slots_stamp_insert BEFORE INSERT ON slots FOR EACH ROW
WHEN (NEW.version = 0)
EXECUTE FUNCTION statedb_stamp_slot();

-- Deleted keys, so a running app can tell that another process removed a slot.
CREATE TABLE slot_tombstones (
    key     text   PRIMARY KEY,
    version bigint NOT NULL
);

-- A row deleted by hand reaches running apps like any other change: the trigger advances the
-- clock, unless the deleting transaction already stamped a tombstone for this key at the
-- current tick, as statedb's own writers do (one tick per commit, however many rows it
-- deletes).
CREATE FUNCTION statedb_tombstone_slot() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    current_tick bigint;
BEGIN
    SELECT tick INTO current_tick FROM statedb_clock WHERE id = 1;
    IF EXISTS (SELECT 1 FROM slot_tombstones WHERE key = OLD.key AND version = current_tick) THEN
        RETURN OLD;
    END IF;
    UPDATE statedb_clock SET tick = tick + 1 WHERE id = 1 RETURNING tick INTO current_tick;
    INSERT INTO slot_tombstones (key, version) VALUES (OLD.key, current_tick)
    ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version;
    PERFORM pg_notify('statedb_changes', current_tick::text);
    RETURN OLD;
END
$$;
CREATE TRIGGER slots_tombstone AFTER DELETE ON slots FOR EACH ROW
EXECUTE FUNCTION statedb_tombstone_slot();

-- Values that no longer decoded as their slot's declared type. Nothing is deleted on a decode
-- failure: the old value waits here to be restored or migrated. Identity ids are never given
-- twice (SQLite's AUTOINCREMENT, schema 5), so a command typed from an older listing cannot
-- act on another value.
CREATE TABLE quarantine (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key            text   NOT NULL,
    identity       text   NOT NULL,
    property       text   NOT NULL,
    stored_type    text   NOT NULL,
    expected_type  text   NOT NULL,
    encoding       text   NOT NULL,
    value          text,
    blob           bytea,
    error          text   NOT NULL,
    quarantined_at bigint NOT NULL
);
CREATE INDEX quarantine_by_key ON quarantine (key);

-- The app's own registered value migrations, applied once each, in order.
CREATE TABLE app_migrations (
    name       text    PRIMARY KEY,
    position   integer NOT NULL,
    applied_at bigint  NOT NULL
);

-- Values carried over to a moved view's new key (SQLite schema 4).
CREATE TABLE statedb_adoptions (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key        text   NOT NULL,  -- the slot's key now
    from_key   text   NOT NULL,  -- the key its value was stored under
    type       text   NOT NULL,  -- the stored type, the same under both keys
    adopted_at bigint NOT NULL   -- Unix time in milliseconds
);
CREATE INDEX statedb_adoptions_by_key ON statedb_adoptions (key);

-- Keys an app named itself (`store.binding(for:)`) rather than got from a view's place.
CREATE TABLE statedb_explicit_keys (
    key text PRIMARY KEY
);
