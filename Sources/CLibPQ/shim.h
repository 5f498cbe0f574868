// libpq, PostgreSQL's client library, from the system (Debian: libpq-dev; pkg-config libpq
// puts /usr/include/postgresql on the include path).
#include <libpq-fe.h>
