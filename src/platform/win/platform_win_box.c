/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_win_box.c: the box's own counters (plat_box_read, platform.h)
 * on Windows: not read.  An agent on Windows says so to a client that
 * samples it, and the run goes on without the box's figures.
 */
#include "platform/win/platform_win.h"

#include "lib/err.h"
#include "platform/boxstat.h"
#include "platform/platform.h"

int plat_box_read(struct boxstat_snap *s, char *err, size_t errlen)
{
	boxstat_init(s);
	return err_set(err, errlen, "the box's CPU, disk and ARC counters are unavailable "
		       "on this platform (Windows)");
}
