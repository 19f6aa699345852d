/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_posix_lib.c: the POSIX side of the platform layer's libraries
 * loaded at run time (see platform.h): dlopen and dlsym.
 */
#include "platform/posix/platform_posix.h"

#include <dlfcn.h>
#include <string.h>

#include "platform/platform.h"
#include "lib/err.h"

struct plat_lib *plat_lib_open(const char *name, char *err, size_t errlen)
{
	void *h = dlopen(name, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		const char *why = dlerror();
		err_set(err, errlen, "cannot load %s: %s", name, why ? why : "not found");
	}
	return h;
}

plat_fn plat_lib_sym(struct plat_lib *lib, const char *sym)
{
	void *p = dlsym(lib, sym);
	plat_fn fn;
	/* POSIX: a dlsym result of a function may be converted so */
	_Static_assert(sizeof(fn) == sizeof(p), "function and data pointers differ in size");
	memcpy(&fn, &p, sizeof(fn));
	return fn;
}

void plat_lib_close(struct plat_lib *lib)
{
	if (lib)
		dlclose(lib);
}
