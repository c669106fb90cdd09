#include "CBuildInfo.h"

#ifndef CLERKCTL_COMMIT
#define CLERKCTL_COMMIT ""
#endif
#ifndef CLERKCTL_BUILD_DATE
#define CLERKCTL_BUILD_DATE ""
#endif

const char *cbuildinfo_commit(void) { return CLERKCTL_COMMIT; }
const char *cbuildinfo_date(void) { return CLERKCTL_BUILD_DATE; }
