#ifndef CBUILDINFO_H
#define CBUILDINFO_H

/* What `make build` knew about the build: the git commit and the UTC build date, passed as
   -Xcc -DCLERKCTL_COMMIT="…" -Xcc -DCLERKCTL_BUILD_DATE="…"; empty strings otherwise (a
   plain `swift build`). */
const char *cbuildinfo_commit(void);
const char *cbuildinfo_date(void);

#endif
