-- statedb store schema, PostgreSQL dialect, version 2.
--
-- Hand edits advance the clock once per transaction, not once per row, and keys get an index
-- in byte order. See docs/postgresql.md, "Bulk edits and the key index".

-- The tick of the current transaction's hand edits: the clock is advanced (and its row locked
-- until the commit, which keeps ticks visible in commit order) by the first edited row only,
-- and the tick is remembered in a transaction-local setting for the rows after it. Updating
-- the one clock row for every row of a bulk `INSERT … SELECT` left a dead version of that row
-- per row, each walked by the next update: 8,000 rows took seconds, 200,000 did not finish.
--
-- The setting holds '<transaction id>:<tick>'. `set_config(…, true)` ends with the
-- transaction (and with a rolled-back savepoint, together with the clock update it
-- remembers); the id makes a value set by hand (`SET statedb.tick = …`) or left by another
-- transaction harmless: only the transaction that wrote it uses it. `pg_current_xact_id` is
-- 64 bits wide, so no id is given twice.
--
-- A transaction that advanced the clock itself (statedb's own commits, which set no mark) is
-- recognised by the clock row's `xmin`: a row version's xmin is this transaction's id only
-- when this transaction wrote it (an old version is frozen long before its id comes round
-- again, and then shows 2), so its rows take the commit's tick rather than a second one.
--
-- The notification goes out once, with the tick.
CREATE FUNCTION statedb_transaction_tick() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    transaction_id xid8 := pg_current_xact_id();
    mark text := current_setting('statedb.tick', true);
    clock_tick bigint;
    advanced_here boolean;
BEGIN
    IF mark IS NOT NULL AND split_part(mark, ':', 1) = transaction_id::text THEN
        RETURN split_part(mark, ':', 2)::bigint;
    END IF;
    SELECT tick, xmin = transaction_id::xid INTO clock_tick, advanced_here FROM statedb_clock WHERE id = 1;
    IF clock_tick IS NULL THEN
        RAISE EXCEPTION 'statedb_clock has no row; restore the database from a backup';
    END IF;
    IF NOT advanced_here THEN
        UPDATE statedb_clock SET tick = tick + 1 WHERE id = 1 RETURNING tick INTO clock_tick;
        PERFORM pg_notify('statedb_changes', clock_tick::text);
    END IF;
    PERFORM set_config('statedb.tick', transaction_id::text || ':' || clock_tick, true);
    RETURN clock_tick;
END
$$;

-- As in version 1, with the transaction's tick.
CREATE OR REPLACE FUNCTION statedb_stamp_slot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.version := statedb_transaction_tick();
    IF TG_OP = 'UPDATE' AND NEW.key IS DISTINCT FROM OLD.key THEN
        INSERT INTO slot_tombstones (key, version) VALUES (OLD.key, NEW.version)
        ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version;
    END IF;
    RETURN NEW;
END
$$;

-- With the transaction's tick. statedb's own writers stamp the tombstone at their commit's
-- tick before deleting, so a tombstone already at this transaction's tick is left alone
-- (version 1 also skipped a tombstone left at the clock's tick by an earlier commit, which
-- let a later hand delete of that key, re-created in the same commit, go unstamped).
CREATE OR REPLACE FUNCTION statedb_tombstone_slot() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    tick bigint := statedb_transaction_tick();
BEGIN
    INSERT INTO slot_tombstones AS t (key, version) VALUES (OLD.key, tick)
    ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version WHERE t.version IS DISTINCT FROM EXCLUDED.version;
    RETURN OLD;
END
$$;

-- Keys in byte order, as SQLite's index orders them and as every listing and range of the
-- store and the CLI asks (`ORDER BY key COLLATE "C"`, `key COLLATE "C" >= $1`). The primary
-- key's index has the database's collation, which these cannot use, so without this one an
-- ordered listing sorts the whole table and each closest-key look-up scans it. IF NOT EXISTS:
-- an operator may have built it beforehand with CREATE INDEX CONCURRENTLY, which does not
-- block writes as this transaction does (docs/postgresql.md).
CREATE INDEX IF NOT EXISTS slots_by_key_bytes ON slots (key COLLATE "C");
