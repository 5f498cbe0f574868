#include <sqlite3.h>

/// Turns the connection's triggers on or off and returns whether they are on afterwards, or
/// -1 on failure. `sqlite3_db_config` is variadic, which Swift cannot call.
static inline int statedb_set_triggers_enabled(sqlite3 *db, int enabled) {
    int now = -1;
    if (sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, enabled, &now) != SQLITE_OK) return -1;
    return now;
}
