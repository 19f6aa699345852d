/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_win_lib.c: the Win32 side of the platform layer's libraries
 * loaded at run time (see platform.h): LoadLibraryW and GetProcAddress.
 */
#include "platform/win/platform_win.h"

#include <stdlib.h>

#include "platform/platform.h"
#include "lib/err.h"

struct plat_lib *plat_lib_open(const char *name, char *err, size_t errlen)
{
	wchar_t *w = win_wide(name);
	HMODULE h = w ? LoadLibraryW(w) : NULL;
	DWORD e = GetLastError();
	free(w);
	if (!h)
		err_set(err, errlen, "cannot load %s: Windows error %lu", name, (unsigned long)e);
	return (struct plat_lib *)h;
}

plat_fn plat_lib_sym(struct plat_lib *lib, const char *sym)
{
	return (plat_fn)GetProcAddress((HMODULE)lib, sym);
}

void plat_lib_close(struct plat_lib *lib)
{
	if (lib)
		FreeLibrary((HMODULE)lib);
}
