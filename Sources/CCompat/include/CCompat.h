#ifndef CCOMPAT_H
#define CCOMPAT_H

/* Nothing to call: this target only pins symbol versions at link time (see compat.c). */

#endif
