#include <sqlite3.h>

/// Turns the connection's triggers on or off and returns whether they are on afterwards, or
/// -1 on failure. `sqlite3_db_config` is variadic, which Swift cannot call.
static inline int statedb_set_triggers_enabled(sqlite3 *db, int enabled) {
    int now = -1;
    if (sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, enabled, &now) != SQLITE_OK) return -1;
    return now;
}

/// Makes closing the connection skip the checkpoint (and the removal of the `-wal`) SQLite runs
/// when the last connection to a database closes. Returns 1 when set, -1 on failure.
static inline int statedb_set_no_checkpoint_on_close(sqlite3 *db) {
    int now = -1;
    if (sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &now) != SQLITE_OK) return -1;
    return now;
}
