// libpq's header, for its types and constants (Debian: libpq-dev puts it in
// /usr/include/postgresql; other systems put it on the include path itself). The library is
// not linked: see module.modulemap.
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif
