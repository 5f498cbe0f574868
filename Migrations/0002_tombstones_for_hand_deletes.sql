-- statedb store schema, version 2.
--
-- A row deleted by hand (the sqlite3 shell) must reach running apps like any other change, so
-- the tombstone trigger now advances the clock itself — unless the deleting transaction
-- already stamped a tombstone for this key at the current tick, as statedb's own writers do
-- (one tick per commit, however many rows it deletes).
DROP TRIGGER slots_tombstone;
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
